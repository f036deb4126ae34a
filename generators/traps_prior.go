package generators

import (
	"github.com/chancecheck/chancecheck/games/traps"
	"pgregory.net/rapid"
)

// trapsPriorStyles are the prior styles, simplest first.
var trapsPriorStyles = []string{"uniform", "sparse", "certain", "independent", "correlated"}

// trapsPrior draws the 2^K weights, at least one positive, in one of five
// styles: uniform; sparse, with zeros; one state nearly certain;
// independent kinds; all harmless or all harmful, rarely a mix. With
// extremes set, "every kind harmless" (weight 0) and "every kind harmful"
// (weight 2^K − 1) get a weight of at least 1.
func trapsPrior(t *rapid.T, kinds int, extremes bool) []int {
	size := 1 << kinds
	p := make([]int, size)
	switch rapid.SampledFrom(trapsPriorStyles).Draw(t, "prior style") {
	case "uniform":
		w := rapid.IntRange(1, traps.MaxWeight).Draw(t, "weight")
		for i := range p {
			p[i] = w
		}
	case "sparse": // zeros, and one weight certainly positive
		for i := range p {
			if rapid.Bool().Draw(t, "nonzero") {
				p[i] = rapid.IntRange(0, traps.MaxWeight).Draw(t, "weight")
			}
		}
		p[rapid.IntRange(0, size-1).Draw(t, "positive")] = rapid.IntRange(1, traps.MaxWeight).Draw(t, "positive weight")
	case "certain": // one state nearly certain
		for i := range p {
			p[i] = rapid.IntRange(0, 3).Draw(t, "small weight")
		}
		p[rapid.IntRange(0, size-1).Draw(t, "likely state")] = traps.MaxWeight
	case "independent": // p_i = Π_t (q_t if t harmful else 10−q_t), q_t ∈ 0..10: at most 10^5
		q := make([]int, kinds)
		for k := range q {
			q[k] = rapid.IntRange(0, 10).Draw(t, "tenths harmful")
		}
		for i := range p {
			p[i] = 1
			for k, qk := range q {
				if i>>k&1 == 1 {
					p[i] *= qk
				} else {
					p[i] *= 10 - qk
				}
			}
		}
	case "correlated": // all harmless or all harmful, rarely a mix
		for i := range p {
			p[i] = rapid.IntRange(0, 2).Draw(t, "mixed weight")
		}
		p[0] = rapid.IntRange(1, traps.MaxWeight).Draw(t, "all harmless")
		if size > 1 {
			p[size-1] += rapid.IntRange(0, traps.MaxWeight-2).Draw(t, "all harmful")
		}
	}
	if extremes {
		p[0], p[size-1] = max(p[0], 1), max(p[size-1], 1)
	}
	return p
}
