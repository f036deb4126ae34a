package specs

import "github.com/chancecheck/chancecheck/games/jenga"

// MirrorJengaLevels returns t with every level i for which mirror[i] is true
// mirrored (left and right blocks swapped). The rules never tell left from
// right, so the answer does not change.
func MirrorJengaLevels(t jenga.Tower, mirror []bool) jenga.Tower {
	out := t.Clone()
	for i := range out.Levels {
		if i < len(mirror) && mirror[i] {
			out.Levels[i] = out.Levels[i].Mirror()
		}
	}
	return out
}

// PermuteJengaLower returns t with the levels below the top reordered: lower
// level i moves to place perm[i]; the top stays on top. The rules look at
// each lower level alone, so the answer does not change.
func PermuteJengaLower(t jenga.Tower, perm []int) jenga.Tower {
	out := t.Clone()
	for i, p := range perm {
		out.Levels[p] = t.Levels[i]
	}
	return out
}

// SwapJengaGreenBlue returns t with green and blue exchanged in every block.
// Both colours have two faces of the die, so the answer does not change.
func SwapJengaGreenBlue(t jenga.Tower) jenga.Tower {
	out := t.Clone()
	for i, l := range out.Levels {
		for p, c := range l {
			switch c {
			case jenga.Green:
				out.Levels[i][p] = jenga.Blue
			case jenga.Blue:
				out.Levels[i][p] = jenga.Green
			}
		}
	}
	return out
}

// jengaSingleColourMoves is m(n) of the spec, the number of moves a tower of
// one colour makes under optimal play, for n = 2..6; 0 outside.
func jengaSingleColourMoves(n int) float64 {
	if n < 2 || n > 6 {
		return 0
	}
	return [...]float64{2, 3, 5, 6, 8}[n-2]
}

// jengaSingleColour returns the tower of n levels of colour c.
func jengaSingleColour(n int, c jenga.Colour) jenga.Tower {
	t := jenga.Tower{Levels: make([]jenga.Level, n)}
	for i := range t.Levels {
		t.Levels[i] = jenga.Level{c, c, c}
	}
	return t
}

// jengaSingleColourValue is the closed form: m(n) moves, each waiting for a
// face of colour c: 6 throws on average for red, 3 for green or blue.
func jengaSingleColourValue(n int, c jenga.Colour) float64 {
	if c == jenga.Red {
		return 6 * jengaSingleColourMoves(n)
	}
	return 3 * jengaSingleColourMoves(n)
}
