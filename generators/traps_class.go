package generators

import (
	"strings"

	"github.com/chancecheck/chancecheck/games/traps"
)

// TrapsClass names a maze's coverage class, the first that applies:
//
//   - "limits": the statement's largest maze, m = 30 and n ≥ 29 (30 being
//     official tests 3–5's width), with K = 5 and H = 5;
//   - "informative": 0 < p < 1 follows from the maze's shape (see
//     TrapsSurelyUncertain): K ≥ 1, some exit reachable, every walk to an
//     exit steps on at least H traps, and the prior gives weight to both
//     "every kind harmless" and "every kind harmful";
//   - "small": at most 6 × 6;
//   - otherwise how the exit is reached from the start: "no-exit",
//     "walled-off" (no path even over traps), "free-exit" (a path avoiding
//     every trap), "through-traps".
//
// TrapsWith's limits style draws the first, its informative style the
// second, its small style mostly the third (and the second, when a small
// maze is informative).
func TrapsClass(z *traps.Maze) string {
	switch m, n := z.M(), z.N(); {
	case m >= traps.MaxRows && n >= TrapsStatementCols && z.Kinds == traps.MaxKinds && z.Life == traps.MaxLife:
		return "limits"
	case TrapsSurelyUncertain(z):
		return "informative"
	case m <= TrapsSmallSide && n <= TrapsSmallSide:
		return "small"
	}
	return trapsReach(z)
}

// TrapsSurelyUncertain reports whether the shape of z alone shows that its
// answer p is strictly between 0 and 1: z has a kind, the prior gives
// weight to "every kind harmless" (index 0) and to "every kind harmful"
// (index 2^K − 1), some exit can be reached, and every walk from the start
// to an exit steps on at least H trap cells. In the first state any walk to
// an exit is safe, so p ≥ P(every kind harmless) > 0; in the second each
// of those steps costs a life, so the player dies on the way and p ≤ 1 −
// P(every kind harmful) < 1. (Mazes with 0 < p < 1 that this misses exist:
// the test is sufficient, not necessary.)
func TrapsSurelyUncertain(z *traps.Maze) bool {
	if z.Kinds == 0 || len(z.Prior) != 1<<z.Kinds || z.Prior[0] == 0 || z.Prior[len(z.Prior)-1] == 0 {
		return false
	}
	r, c, ok := z.StartCell()
	if !ok {
		return false
	}
	d, ok := trapsFewestTraps(z.M(), z.N(), mazeAt(z), r*z.N()+c)
	return ok && d >= z.Life
}

// mazeAt is z's cell accessor, a wall outside the map.
func mazeAt(z *traps.Maze) func(r, c int) byte {
	return func(r, c int) byte {
		if !z.Inside(r, c) {
			return traps.Wall
		}
		return z.At(r, c)
	}
}

func trapsReach(z *traps.Maze) string {
	hasExit := false
	for _, row := range z.Rows {
		hasExit = hasExit || strings.IndexByte(row, traps.Exit) >= 0
	}
	r, c, ok := z.StartCell()
	if !hasExit || !ok {
		return "no-exit"
	}
	switch d, ok := trapsFewestTraps(z.M(), z.N(), mazeAt(z), r*z.N()+c); {
	case !ok:
		return "walled-off"
	case d == 0:
		return "free-exit"
	}
	return "through-traps"
}

// trapsReachable lists the cells (row-major) reachable from cell s over
// non-wall cells, in breadth-first order, s first.
func trapsReachable(m, n int, at func(r, c int) byte, s int) []int {
	seen := make([]bool, m*n)
	seen[s] = true
	order := []int{s}
	for i := 0; i < len(order); i++ {
		u := order[i]
		for _, d := range traps.Steps() {
			dr, dc := d.Delta()
			r, c := u/n+dr, u%n+dc
			if at(r, c) == traps.Wall || seen[r*n+c] {
				continue
			}
			seen[r*n+c] = true
			order = append(order, r*n+c)
		}
	}
	return order
}

// trapsFewestTraps is the fewest trap cells a walk from cell s to an exit
// steps on (each step onto a trap counts, repeats included); ok is false
// when no exit can be reached. A breadth-first search by levels: level k
// holds the cells k trap steps away, grown by the steps onto non-traps,
// which cost nothing; a step onto a trap puts its cell in level k+1. A trap
// cell is only ever entered at a cost, a non-trap only for free, so each
// cell's first level is its distance.
func trapsFewestTraps(m, n int, at func(r, c int) byte, s int) (fewest int, ok bool) {
	seen := make([]bool, m*n)
	seen[s] = true
	level := []int{s}
	for k := 0; len(level) > 0; k++ {
		var next []int
		for i := 0; i < len(level); i++ {
			u := level[i]
			if at(u/n, u%n) == traps.Exit {
				return k, true
			}
			for _, d := range traps.Steps() {
				dr, dc := d.Delta()
				r, c := u/n+dr, u%n+dc
				ch := at(r, c)
				if ch == traps.Wall || seen[r*n+c] {
					continue
				}
				seen[r*n+c] = true
				if traps.Kind(ch) >= 0 {
					next = append(next, r*n+c)
				} else {
					level = append(level, r*n+c)
				}
			}
		}
		level = next
	}
	return 0, false
}
