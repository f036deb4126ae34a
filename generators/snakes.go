package generators

import (
	"slices"

	"github.com/chancecheck/chancecheck/games/snakes"
	"pgregory.net/rapid"
)

// SnakesMaxJumps is the most jumps a board can hold: one from each of the
// cells 2..99, every one ending on 1 or 100 (a jump never ends where
// another starts).
const SnakesMaxJumps = snakes.Cells - 2

// SnakesDenseJumps is where the dense style's boards start: 40 jumps or
// more, the near-the-limits boards.
const SnakesDenseJumps = 40

// SnakesOptions bound the boards SnakesWith draws: every board has between
// MinJumps and MaxJumps jumps (clamped to 0..SnakesMaxJumps; a minimum above
// the maximum raises the maximum to it).
type SnakesOptions struct {
	MinJumps, MaxJumps int
}

// DefaultSnakesOptions allow every board: 0 to 98 jumps.
func DefaultSnakesOptions() SnakesOptions { return SnakesOptions{MaxJumps: SnakesMaxJumps} }

// Clamped is o as SnakesWith reads it: both counts in 0..98, the maximum at
// least the minimum.
func (o SnakesOptions) Clamped() SnakesOptions {
	o.MinJumps = clamp(o.MinJumps, 0, SnakesMaxJumps)
	o.MaxJumps = max(clamp(o.MaxJumps, 0, SnakesMaxJumps), o.MinJumps)
	return o
}

// snakesMix is the documented mix of SnakesWith, simplest first.
var snakesMix = []mixStyle{{"sparse", 2}, {"themed", 2}, {"walls", 6}, {"dense", 6}}

// Snakes draws valid Snakes and Ladders boards with the default options.
func Snakes() *rapid.Generator[snakes.Board] { return SnakesWith(DefaultSnakesOptions()) }

// SnakesWith draws valid Snakes and Ladders boards within o, in a mix of
// four styles (weights out of 16):
//
//   - 2 "sparse": up to 8 random jumps — small boards, where shrinking goes
//     (it ends at the empty board);
//   - 2 "themed": a small board with a theme — snakes crowding 90–99,
//     ladders into 100, snakes to 1, or many jumps sharing a few targets —
//     and up to 8 random jumps;
//   - 6 "walls" (informative): one or two walls of five or six snake heads
//     in a row, the highest ending at 95..99, each sending the player 6 to
//     30 cells back (a six-wide wall gets a ladder over it), and up to 20
//     random jumps: huge expectations (a median over a hundred throws, a
//     tail to thousands, against 33 for the empty board) and long cycles;
//   - 6 "dense" (near the limits): 40 to 98 jumps (98, every cell 2..99
//     starting a jump, one time in four), ends drawn among the cells that
//     start no jump, up to 8 of them random jumps first.
//
// A board short of o.MinJumps gets random jumps more, from cells still
// free (first sending jumps that end on cells 2..99 to 1 or 100, when the
// free cells would be too few); one above o.MaxJumps loses its last jumps.
// A drawn jump that would break a rule is not drawn at all, and a board on
// which 100 cannot be reached from some reachable cell gets snakes turned
// into ladders (to the next cell starting no jump) until it can: every
// board is valid, and the count of jumps stays. Boards shrink toward the
// sparse style's fewer jumps. SnakesClass names the class of a board: the
// dense style's are dense, the walls style's walls, the others small.
func SnakesWith(o SnakesOptions) *rapid.Generator[snakes.Board] {
	o = o.Clamped()
	return rapid.Custom(func(t *rapid.T) snakes.Board {
		style := drawStyle(t, snakesMix)
		// Every style's first draw is the sparse style's random jumps, so
		// that when rapid shrinks the style to sparse they keep their
		// meaning and the style's own jumps (drawn after) fall away.
		picks := rapid.SliceOfN(jumpPick, 0, 8).Draw(t, "random jumps")
		var g snakesDraft
		switch style {
		case "themed":
			g.themed(t)
		case "walls":
			g.walls(t)
			picks = append(picks, rapid.SliceOfN(jumpPick, 0, 12).Draw(t, "more random jumps")...)
		}
		g.addPicks(picks)
		if style == "dense" {
			g.dense(t, o)
		}
		g.fill(t, o.MinJumps)
		if len(g.jumps) > o.MaxJumps {
			g.jumps = g.jumps[:o.MaxJumps]
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

// addPicks adds the jumps the picks name, each unless it would break a rule
// with the jumps already placed. A slice, not a counted loop, so that rapid
// can shrink by deleting whole jumps.
func (g *snakesDraft) addPicks(picks [][2]int) {
	for _, pick := range picks {
		from := 2 + pick[0]
		g.add(from, (from+pick[1])%snakes.Cells+1)
	}
}

// themed draws one of four small themed boards.
func (g *snakesDraft) themed(t *rapid.T) {
	switch rapid.SampledFrom([]string{"crowded-top", "ladders-to-100", "snakes-to-1", "shared-targets"}).Draw(t, "theme") {
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
		for _, c := range rapid.SliceOfNDistinct(rapid.IntRange(2, 99), 0, 12, rapid.ID[int]).Draw(t, "starts") {
			g.add(c, targets[rapid.IntRange(0, len(targets)-1).Draw(t, "which")])
		}
	}
}

// walls places one or two walls of snake heads, from the top down: the
// first ends at 95..99, the next 8 to 40 cells lower; each sends the player
// back to a cell 6 to 30 below its first head, and a six-wide wall gets a
// ladder from just below it to above it (six heads in a row that nothing
// jumps would trap the player).
func (g *snakesDraft) walls(t *rapid.T) {
	count := rapid.IntRange(1, 2).Draw(t, "walls")
	end := rapid.IntRange(95, 99).Draw(t, "top wall end") // last head of the next wall
	for range count {
		width := rapid.IntRange(5, 6).Draw(t, "wall width")
		first := end - width + 1
		if first < 12 {
			return
		}
		back := rapid.IntRange(max(1, first-30), first-6).Draw(t, "wall sends back to")
		if width == 6 {
			bottom := rapid.IntRange(max(2, first-6), first-1).Draw(t, "ladder bottom")
			g.add(bottom, rapid.IntRange(end+1, snakes.Cells).Draw(t, "ladder top"))
		}
		for c := first; c <= end; c++ {
			g.add(c, back)
		}
		end = first - rapid.IntRange(8, 40).Draw(t, "gap below the wall")
	}
}

// dense draws the near-the-limits boards: SnakesDenseJumps to o.MaxJumps
// jumps (the maximum itself one time in four), from distinct cells, each
// ending on a cell that starts no jump.
func (g *snakesDraft) dense(t *rapid.T, o SnakesOptions) {
	lo := max(o.MinJumps, min(SnakesDenseJumps, o.MaxJumps))
	n := o.MaxJumps
	if rapid.IntRange(0, 3).Draw(t, "fewer than the most jumps") > 0 {
		n = rapid.IntRange(lo, o.MaxJumps).Draw(t, "dense jumps")
	}
	g.fill(t, n)
}

// fill adds random jumps until the board has n (or no cell is left that
// could start one). Starts come from the free cells (starting and ending no
// jump) in a drawn order; each end is drawn among the cells that start no
// jump, but only among those already ends (and 1 and 100) when a new end
// would leave too few free cells to reach n.
func (g *snakesDraft) fill(t *rapid.T, n int) {
	if len(g.jumps) >= n {
		return
	}
	g.freeEnds(n)
	isFree := func(c int) bool { return c > 1 && c < snakes.Cells && !g.isStart[c] && !g.isEnd[c] }
	var order []int
	for c := 2; c < snakes.Cells; c++ {
		if isFree(c) {
			order = append(order, c)
		}
	}
	order = rapid.Permutation(order).Draw(t, "jump starts")
	freeLeft := len(order)
	// ends lists every cell that starts no jump, in a drawn order (rapid's
	// indices favour the first few: those become shared ends).
	var ends []int
	for c := 1; c <= snakes.Cells; c++ {
		if !g.isStart[c] {
			ends = append(ends, c)
		}
	}
	ends = rapid.Permutation(ends).Draw(t, "jump ends")
	var choices []int
	for next := 0; len(g.jumps) < n; next++ {
		for next < len(order) && !isFree(order[next]) {
			next++ // an end by now
		}
		if next == len(order) {
			return
		}
		from := order[next]
		freeLeft--
		need := n - len(g.jumps) - 1 // starts still to place after this one
		choices = choices[:0]
		for _, c := range ends {
			if c == from || g.isStart[c] || (isFree(c) && freeLeft-1 < need) {
				continue // taken, or ending here would use a free cell a start still needs
			}
			choices = append(choices, c)
		}
		to := choices[rapid.IntRange(0, len(choices)-1).Draw(t, "end")]
		if isFree(to) {
			freeLeft--
		}
		g.add(from, to)
	}
}

// freeEnds makes room for n jumps in all: while the free cells (starting
// and ending no jump) are too few, the last-placed jump ending on a cell
// 2..99 is sent to 1 instead (a snake) or to 100 (a ladder), which frees
// that cell unless another jump ends there too. With every end on 1 or 100
// each cell 2..99 can start a jump, so any n ≤ 98 fits.
func (g *snakesDraft) freeEnds(n int) {
	var ends [snakes.Cells + 1]int // jumps ending on each cell
	for _, j := range g.jumps {
		ends[j.To]++
	}
	room := func() int {
		free := 0
		for c := 2; c < snakes.Cells; c++ {
			if !g.isStart[c] && ends[c] == 0 {
				free++
			}
		}
		return len(g.jumps) + free
	}
	for i := len(g.jumps) - 1; i >= 0 && room() < n; i-- {
		j := &g.jumps[i]
		if j.To == 1 || j.To == snakes.Cells {
			continue
		}
		ends[j.To]--
		g.isEnd[j.To] = ends[j.To] > 0
		if j.IsLadder() {
			j.To = snakes.Cells
		} else {
			j.To = 1
		}
		ends[j.To]++
		g.isEnd[j.To] = true
	}
}

// finish turns snakes into ladders until 100 can be reached from every cell
// reachable from 1: while some reachable cell c is stuck, the last-placed
// snake starting within a throw of c (there is one: c's six cells above all
// start snakes) becomes a ladder to the next cell above it that starts no
// jump. Every step turns a snake into a ladder, and ladders alone never trap
// the player, so this ends; the number of jumps stays.
func (g *snakesDraft) finish() snakes.Board {
	b := snakes.Board{Jumps: slices.Clone(g.jumps)}
	starts := make([]bool, snakes.Cells+1)
	for _, j := range b.Jumps {
		starts[j.From] = true
	}
	for c := b.StuckCell(); c != 0; c = b.StuckCell() {
		i := len(b.Jumps) - 1
		for j := b.Jumps[i]; j.IsLadder() || j.From <= c || j.From > c+6; j = b.Jumps[i] {
			i--
		}
		to := b.Jumps[i].From + 1
		for starts[to] {
			to++
		}
		b.Jumps[i].To = to
	}
	return b
}
