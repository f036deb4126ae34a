package generators

import (
	"math"
	"testing"

	"github.com/chancecheck/chancecheck/internal/rapidtest"
	"pgregory.net/rapid"
)

// TestDrawStyleKeepsTheWeights: over many draws each style's share is its
// designed weight (within 4.5 standard deviations, so a correct mix fails
// less than once in 10^5 runs of a fresh seed; the seeds here are fixed).
func TestDrawStyleKeepsTheWeights(t *testing.T) {
	for _, mix := range [][]mixStyle{snakesMix, jengaMix, patienceMix, trapsMix} {
		gen := rapid.Custom(func(t *rapid.T) string { return drawStyle(t, mix) })
		const n = 4000
		counts := map[string]int{}
		for seed := range n {
			counts[gen.Example(seed)]++
		}
		for _, s := range mix {
			want := mixShare(mix, s.name)
			if got := float64(counts[s.name]) / n; math.Abs(got-want) > 4.5*math.Sqrt(want*(1-want)/n) {
				t.Errorf("style %s: share %.3f of %d draws, designed %.3f (%v)", s.name, got, n, want, counts)
			}
		}
	}
}

// TestDrawStyleShrinksToTheFirst: rapid shrinks the style's bits to 0,
// which is the first style, the simplest.
func TestDrawStyleShrinksToTheFirst(t *testing.T) {
	gen := rapid.Custom(func(t *rapid.T) string { return drawStyle(t, trapsMix) })
	var last string
	rec := rapidtest.NewRecorder(t, "style-shrink")
	rapid.Check(rec, func(t *rapid.T) {
		last = gen.Draw(t, "style")
		t.Fatalf("fails on every style")
	})
	if !rec.Failed() || last != trapsMix[0].name {
		t.Errorf("shrunk to style %q, want %q", last, trapsMix[0].name)
	}
}

// shareAtLeast fails t unless class c holds at least share of the n boards
// counted in counts: the generator's designed share less a margin the
// fixed Example seeds meet.
func shareAtLeast(t *testing.T, counts map[string]int, n int, c string, share float64) {
	t.Helper()
	if got := float64(counts[c]) / float64(n); got < share {
		t.Errorf("class %s: %.1f%% of %d boards, want at least %.1f%%: %v", c, 100*got, n, 100*share, counts)
	}
}
