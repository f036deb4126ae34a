package generators

import (
	"github.com/chancecheck/chancecheck/games/jenga"
	"pgregory.net/rapid"
)

// JengaOptions bound the towers JengaWith draws: MinLevels to MaxLevels
// levels, clamped to the statement's 2..6 (a minimum above the maximum
// raises the maximum to it).
type JengaOptions struct {
	MinLevels, MaxLevels int
}

// DefaultJengaOptions are the statement's limits: 2 to 6 levels.
func DefaultJengaOptions() JengaOptions {
	return JengaOptions{MinLevels: jenga.MinLevels, MaxLevels: jenga.MaxLevels}
}

// Clamped is o as JengaWith reads it: both bounds in 2..6, the maximum at
// least the minimum.
func (o JengaOptions) Clamped() JengaOptions {
	o.MinLevels = clamp(o.MinLevels, jenga.MinLevels, jenga.MaxLevels)
	o.MaxLevels = max(clamp(o.MaxLevels, jenga.MinLevels, jenga.MaxLevels), o.MinLevels)
	return o
}

// jengaMix is the documented mix of JengaWith, simplest first.
var jengaMix = []mixStyle{{"small", 4}, {"any", 4}, {"tall-mixed", 8}}

// jengaPalettes are the colour schemes of the small and any styles, in the
// order rapid shrinks toward (the first, one colour, is the simplest).
var jengaPalettes = []string{"one-colour", "two-colour", "skewed", "uniform"}

// Jenga draws valid Colored Jenga towers of 2 to 6 levels (the statement's
// limits).
func Jenga() *rapid.Generator[jenga.Tower] { return JengaWith(DefaultJengaOptions()) }

// JengaUpTo draws valid towers of 2 to maxLevels levels.
func JengaUpTo(maxLevels int) *rapid.Generator[jenga.Tower] {
	return JengaWith(JengaOptions{MinLevels: jenga.MinLevels, MaxLevels: maxLevels})
}

// JengaWith draws valid towers within o, in a mix of three styles (weights
// out of 16):
//
//   - 4 "small": at most 3 levels (or o.MinLevels), a palette below — where
//     shrinking goes;
//   - 4 "any": any number of levels in o's range, a palette below;
//   - 8 "tall-mixed" (informative and near the limits): o.MaxLevels levels
//     (6 by default), every block's colour drawn over R, G, B, then blocks
//     of the commonest colour repainted until every colour is on at least a
//     quarter of the blocks, rounded down (4 of 18 at n = 6): the towers
//     with the most states (50,000 to 160,000 canonical states at n = 6,
//     a median of 110,000, against a few hundred for one or two colours).
//
// The palettes: one colour; two colours; skewed (one colour on about 70%
// of the blocks, the other two sharing the rest); uniform over R, G, B. A
// block's colour is an index into the palette, so towers shrink toward
// fewer levels and toward the palette's first colour, that is, toward
// fewer colours. Every style draws the same things in the same order
// (levels, palette, colour order, blocks), so that a tower keeps most of
// its colours when rapid shrinks its style to a simpler one.
func JengaWith(o JengaOptions) *rapid.Generator[jenga.Tower] {
	o = o.Clamped()
	return rapid.Custom(func(t *rapid.T) jenga.Tower {
		style := drawStyle(t, jengaMix)
		lo, hi := o.MinLevels, o.MaxLevels
		switch style {
		case "small":
			hi = max(lo, min(3, hi))
		case "tall-mixed":
			lo = hi
		}
		return jengaPainted(t, rapid.IntRange(lo, hi).Draw(t, "levels"), style == "tall-mixed")
	})
}

// jengaPainted draws a tower of n levels in one of the palettes, or, when
// mixed, in the uniform palette with every colour then brought up to
// jengaMixedLeast(n) blocks (the drawn palette is not used).
func jengaPainted(t *rapid.T, n int, mixed bool) jenga.Tower {
	palette := rapid.SampledFrom(jengaPalettes).Draw(t, "palette")
	if mixed {
		palette = "uniform"
	}
	// The palette's colours, most used first: a permutation of R, G, B.
	order := rapid.Permutation(jenga.Colours()).Draw(t, "colour order")
	var pick func(t *rapid.T) jenga.Colour
	switch palette {
	case "one-colour":
		pick = func(*rapid.T) jenga.Colour { return order[0] }
	case "two-colour":
		pick = func(t *rapid.T) jenga.Colour { return order[rapid.IntRange(0, 1).Draw(t, "colour")] }
	case "skewed":
		pick = func(t *rapid.T) jenga.Colour {
			switch r := rapid.IntRange(0, 9).Draw(t, "colour"); {
			case r < 7:
				return order[0]
			case r < 9:
				return order[1]
			}
			return order[2]
		}
	default:
		pick = func(t *rapid.T) jenga.Colour { return order[rapid.IntRange(0, 2).Draw(t, "colour")] }
	}
	tw := jenga.Tower{Levels: make([]jenga.Level, n)}
	for i := range tw.Levels {
		for p := range 3 {
			tw.Levels[i][p] = pick(t)
		}
	}
	if mixed {
		jengaBalance(&tw)
	}
	return tw
}

// jengaBalance repaints blocks until every colour is on at least least =
// jengaMixedLeast(n) blocks: while a colour has fewer, the topmost block of
// the commonest colour takes it. The other two then share more than
// 3n − least ≥ 2·least blocks (least ≤ n), so the commonest has more than
// least and keeps at least least after the repaint.
func jengaBalance(tw *jenga.Tower) {
	least := jengaMixedLeast(len(tw.Levels))
	var count [jenga.Blue + 1]int
	for _, l := range tw.Levels {
		for _, c := range l {
			count[c]++
		}
	}
	for _, short := range jenga.Colours() {
		for count[short] < least {
			most := jenga.Red
			for _, c := range jenga.Colours() {
				if count[c] > count[most] {
					most = c
				}
			}
			func() {
				for i := len(tw.Levels) - 1; i >= 0; i-- {
					for p := 2; p >= 0; p-- {
						if tw.Levels[i][p] == most {
							tw.Levels[i][p] = short
							count[most]--
							count[short]++
							return
						}
					}
				}
			}()
		}
	}
}

// jengaMixedLeast is the fewest blocks of each colour in a tall-mixed tower
// of n levels: a quarter of the blocks, rounded down (4 of 18 at n = 6).
func jengaMixedLeast(n int) int { return max(1, 3*n/4) }
