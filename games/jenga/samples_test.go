package jenga

import (
	"strings"
	"testing"
)

// The embedded samples are all there, parse, and have one answer line each.
func TestSamples(t *testing.T) {
	samples := Samples()
	if len(samples) != 1 || samples[0].Name != "sample" {
		t.Fatalf("samples %v, want the one published sample", samples)
	}
	for _, s := range samples {
		if _, err := Parse(strings.NewReader(s.Input), s.Name+".in"); err != nil {
			t.Fatal(err)
		}
		if strings.Count(s.Output, "\n") != 1 {
			t.Errorf("%s: answer %q is not one line", s.Name, s.Output)
		}
	}
}
