package generators

import "github.com/chancecheck/chancecheck/games/snakes"

// SnakesSmallJumps bounds the small class: fewer jumps than this.
const SnakesSmallJumps = 16

// SnakesClass names the coverage class of a board by its shape, the first
// that applies: "dense" (SnakesDenseJumps = 40 jumps or more: near the
// limits), "walls" (five snake heads or more in a row: the player waits
// long for one exact throw, so the expectation is large), "small" (fewer
// than 16 jumps), else "medium". The dense and walls styles of SnakesWith
// draw the first two, the sparse and themed styles the third.
func SnakesClass(b snakes.Board) string {
	var heads [snakes.Cells + 1]bool
	for _, j := range b.Jumps {
		if !j.IsLadder() {
			heads[j.From] = true
		}
	}
	run, longest := 0, 0
	for c := 2; c < snakes.Cells; c++ {
		if heads[c] {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	switch {
	case len(b.Jumps) >= SnakesDenseJumps:
		return "dense"
	case longest >= 5:
		return "walls"
	case len(b.Jumps) < SnakesSmallJumps:
		return "small"
	}
	return "medium"
}
