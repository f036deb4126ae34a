package traps

import (
	"slices"
	"strings"
	"testing"
)

// The embedded samples are all there, in order, parse, and have one answer
// line each.
func TestSamples(t *testing.T) {
	var names []string
	for _, s := range Samples() {
		names = append(names, s.Name)
		if _, err := Parse(strings.NewReader(s.Input), s.Name+".in"); err != nil {
			t.Error(err)
		}
		if strings.Count(s.Output, "\n") != 1 {
			t.Errorf("%s: answer %q is not one line", s.Name, s.Output)
		}
	}
	if want := []string{"sample1", "sample2", "sample3", "sample4", "sixteenth"}; !slices.Equal(names, want) {
		t.Errorf("samples %v, want %v", names, want)
	}
}
