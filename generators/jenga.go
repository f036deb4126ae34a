package generators

import (
	"fmt"

	"github.com/chancecheck/chancecheck/games/jenga"
	"pgregory.net/rapid"
)

// jengaPalettes are the colour schemes Jenga draws towers from, in the order
// rapid shrinks toward (the first, one colour, is the simplest).
var jengaPalettes = []string{"one-colour", "two-colour", "skewed", "uniform"}

// Jenga draws valid Colored Jenga towers of 2 to 6 levels (the statement's
// limits); see JengaUpTo.
func Jenga() *rapid.Generator[jenga.Tower] { return JengaUpTo(jenga.MaxLevels) }

// JengaUpTo draws valid towers of 2 to maxLevels levels with one of four
// palettes: one colour; two colours; skewed (one colour on about 70% of the
// blocks, the other two sharing the rest); uniform over R, G, B. Each block's
// colour is an index into the palette, so towers shrink toward fewer levels
// and toward the palette's first colour, that is, toward fewer colours.
func JengaUpTo(maxLevels int) *rapid.Generator[jenga.Tower] {
	maxLevels = max(maxLevels, jenga.MinLevels)
	return rapid.Custom(func(t *rapid.T) jenga.Tower {
		palette := rapid.SampledFrom(jengaPalettes).Draw(t, "palette")
		n := rapid.IntRange(jenga.MinLevels, maxLevels).Draw(t, "levels")
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
		return tw
	})
}

// JengaClass names the coverage class of a tower: its palette as seen in the
// tower (one-colour, two-colour, skewed when one colour holds at least two
// thirds of the blocks, else uniform) and its number of levels, as
// "two-colour/n4".
func JengaClass(t jenga.Tower) string {
	var count [4]int
	for _, l := range t.Levels {
		for _, c := range l {
			if c <= jenga.Blue {
				count[c]++
			}
		}
	}
	used, most := 0, 0
	for _, c := range jenga.Colours() {
		if count[c] > 0 {
			used++
		}
		most = max(most, count[c])
	}
	palette := "uniform"
	switch {
	case used <= 1:
		palette = "one-colour"
	case used == 2:
		palette = "two-colour"
	case 3*most >= 2*3*len(t.Levels):
		palette = "skewed"
	}
	return fmt.Sprintf("%s/n%d", palette, len(t.Levels))
}
