package patience

import (
	"strings"
	"testing"
)

// The embedded samples are all there, parse, and have one answer line per deal.
func TestSamples(t *testing.T) {
	samples := Samples()
	if len(samples) != 1 || samples[0].Name != "sample" {
		t.Fatalf("samples %v, want the one published sample", samples)
	}
	for _, s := range samples {
		deals, err := Parse(strings.NewReader(s.Input), s.Name+".in")
		if err != nil {
			t.Fatal(err)
		}
		if lines := strings.Count(s.Output, "\n"); lines != len(deals) {
			t.Errorf("%s: %d deals but %d answer lines", s.Name, len(deals), lines)
		}
	}
}
