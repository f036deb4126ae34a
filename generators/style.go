package generators

import (
	"fmt"
	"math/bits"

	"pgregory.net/rapid"
)

// mixStyle is one style of a generator's documented mix: its name and its
// weight, out of a total that is a power of two.
type mixStyle struct {
	name   string
	weight int
}

// drawStyle draws one style of mix, each with probability weight/total.
// It reads unbiased bits (rapid.Bool), most significant first: rapid's
// integers favour small values, which would skew the documented weights,
// while bits all 0 — where rapid shrinks to — pick the first style.
func drawStyle(t *rapid.T, mix []mixStyle) string {
	total := 0
	for _, s := range mix {
		total += s.weight
	}
	if total <= 0 || total&(total-1) != 0 {
		panic(fmt.Sprintf("generators: the weights of a mix total %d, not a power of two", total))
	}
	r := 0
	for range bits.TrailingZeros(uint(total)) {
		r <<= 1
		if rapid.Bool().Draw(t, "style bit") {
			r |= 1
		}
	}
	for _, s := range mix {
		if r < s.weight {
			return s.name
		}
		r -= s.weight
	}
	panic("unreachable")
}

// mixShare is the designed share of style name in mix.
func mixShare(mix []mixStyle, name string) float64 {
	total, w := 0, 0
	for _, s := range mix {
		total += s.weight
		if s.name == name {
			w = s.weight
		}
	}
	return float64(w) / float64(total)
}

func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }
