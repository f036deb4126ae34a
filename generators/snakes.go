package generators

import (
	"slices"

	"github.com/chancecheck/chancecheck/games/snakes"
	"pgregory.net/rapid"
)

// snakesStyles are the kinds of board Snakes draws from, in the order rapid
// shrinks toward (the first, "sparse", is the simplest).
var snakesStyles = []string{"sparse", "dense", "crowded-top", "ladders-to-100", "snakes-to-1", "shared-targets", "wall"}

// Snakes draws valid Snakes and Ladders boards of several styles: few or no
// jumps; dense jumps; snakes crowding 90–99; ladders into 100; snakes to 1;
// many jumps sharing targets; a wall of five or six snake heads that a ladder
// jumps. A drawn jump that would break a rule is not drawn at all (its start
// and end come from the cells still allowed), and a snake that would make the
// expectation infinite is dropped, so every board is valid. Boards shrink
// toward fewer jumps.
func Snakes() *rapid.Generator[snakes.Board] {
	return rapid.Custom(func(t *rapid.T) snakes.Board {
		style := rapid.SampledFrom(snakesStyles).Draw(t, "style")
		var g snakesDraft
		switch style {
		case "wall":
			g.wall(t)
		case "crowded-top":
			for _, c := range rapid.SliceOfNDistinct(rapid.IntRange(90, 99), 0, 10, rapid.ID[int]).Draw(t, "heads") {
				g.add(c, rapid.IntRange(2, c-1).Draw(t, "tail"))
			}
		case "ladders-to-100":
			for _, c := range rapid.SliceOfNDistinct(rapid.IntRange(2, 99), 0, 8, rapid.ID[int]).Draw(t, "bottoms") {
				g.add(c, snakes.Cells)
			}
		case "snakes-to-1":
			for _, c := range rapid.SliceOfNDistinct(rapid.IntRange(2, 99), 0, 8, rapid.ID[int]).Draw(t, "heads") {
				g.add(c, 1)
			}
		case "shared-targets":
			targets := rapid.SliceOfNDistinct(rapid.IntRange(1, snakes.Cells), 1, 3, rapid.ID[int]).Draw(t, "targets")
			for _, c := range rapid.SliceOfNDistinct(rapid.IntRange(2, 99), 0, 20, rapid.ID[int]).Draw(t, "starts") {
				g.add(c, targets[rapid.IntRange(0, len(targets)-1).Draw(t, "which")])
			}
		}
		picks := rapid.SliceOfN(jumpPick, 0, 6)
		switch style {
		case "sparse":
			picks = rapid.SliceOfN(jumpPick, 0, 8)
		case "dense":
			// A drawn count (shrinking toward 0) rather than a long minimum
			// length, which would stop shrinking at that minimum.
			n := rapid.IntRange(0, 160).Draw(t, "dense count") // about half the picks survive the rules
			picks = rapid.SliceOfN(jumpPick, n, n)
		}
		// A slice, not a counted loop, so that rapid can shrink by deleting
		// whole jumps.
		for _, pick := range picks.Draw(t, "random jumps") {
			g.addPicked(pick)
		}
		return g.finish()
	})
}

// snakesDraft is a board under construction that is valid at every step but
// for finiteness, which finish restores.
type snakesDraft struct {
	jumps   []snakes.Jump
	isStart [snakes.Cells + 1]bool
	isEnd   [snakes.Cells + 1]bool
}

// add adds a jump if it keeps the rules (else nothing: constructive, no retry).
func (g *snakesDraft) add(from, to int) {
	if from <= 1 || from >= snakes.Cells || to < 1 || to > snakes.Cells || from == to ||
		g.isStart[from] || g.isEnd[from] || g.isStart[to] {
		return
	}
	g.jumps = append(g.jumps, snakes.Jump{From: from, To: to})
	g.isStart[from], g.isEnd[to] = true, true
}

// jumpPick is a raw draw for one random jump: its start (0 ↦ cell 2) and
// how far its end lies past the start, wrapping around to cell 1 (0 ↦ the
// next cell: a short ladder, the cheapest jump). A pick means the same jump
// whatever the other picks are, so rapid can delete picks one by one.
var jumpPick = rapid.Custom(func(t *rapid.T) [2]int {
	return [2]int{rapid.IntRange(0, snakes.Cells-3).Draw(t, "from"), rapid.IntRange(0, snakes.Cells-2).Draw(t, "to")}
})

// addPicked adds the jump a pick names, unless it would break a rule with
// the jumps already placed (then the pick adds nothing).
func (g *snakesDraft) addPicked(pick [2]int) {
	from := 2 + pick[0]
	to := (from+pick[1])%snakes.Cells + 1
	g.add(from, to)
}

// wall places five or six snake heads in a row and a ladder that jumps them.
func (g *snakesDraft) wall(t *rapid.T) {
	width := rapid.IntRange(5, 6).Draw(t, "wall width")
	first := rapid.IntRange(10, 99-width+1).Draw(t, "wall start")
	back := rapid.IntRange(1, first-1).Draw(t, "wall sends back to")
	if first-2 > 1 {
		bottom := rapid.IntRange(max(2, first-8), first-1).Draw(t, "ladder bottom")
		top := rapid.IntRange(min(first+width, snakes.Cells), snakes.Cells).Draw(t, "ladder top")
		g.add(bottom, top)
	}
	for c := first; c < first+width; c++ {
		g.add(c, back)
	}
}

// finish drops snakes, last added first, until 100 can be reached from
// every cell reachable from 1. Ladders alone never trap the player, so this ends.
func (g *snakesDraft) finish() snakes.Board {
	b := snakes.Board{Jumps: slices.Clone(g.jumps)}
	for b.StuckCell() != 0 {
		i := len(b.Jumps) - 1
		for b.Jumps[i].IsLadder() {
			i--
		}
		b.Jumps = slices.Delete(b.Jumps, i, i+1)
	}
	return b
}

// SnakesClass names the coverage class of a board by what it contains.
func SnakesClass(b snakes.Board) string {
	var ladders, snakeCount, toGoal, toStart, top int
	ends := map[int]int{}
	heads := make([]bool, snakes.Cells+1)
	for _, j := range b.Jumps {
		ends[j.To]++
		if j.IsLadder() {
			ladders++
			if j.To == snakes.Cells {
				toGoal++
			}
			continue
		}
		snakeCount++
		heads[j.From] = true
		if j.To == 1 {
			toStart++
		}
		if j.From >= 90 {
			top++
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
	shared := 0
	for _, n := range ends {
		if n > 1 {
			shared += n
		}
	}
	switch {
	case len(b.Jumps) == 0:
		return "empty"
	case longest >= 5:
		return "wall"
	case len(b.Jumps) >= 30:
		return "dense"
	case top >= 4:
		return "crowded-top"
	case toGoal >= 2:
		return "ladders-to-100"
	case toStart >= 2:
		return "snakes-to-1"
	case shared >= 4:
		return "shared-targets"
	}
	return "sparse"
}
