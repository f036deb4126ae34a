package exact

import (
	"fmt"

	"github.com/chancecheck/chancecheck/games/snakes"
)

// The snakes analyst solves the first-step equations of the absorbing chain:
// for a cell x that starts no jump, with k = min(6, 100−x) throws that stay on
// the board, E(x) = (6 + Σ_{d=1..k} E(land(x+d))) / k and E(100) = 0, where
// land follows a jump. (An overshooting throw keeps the player on x, which is
// where the (6−k)/6 self-loop went.)
//
// Only snakes send the player backwards, so a sweep from 99 down to 1 knows
// every value it needs except those of snake targets below the current cell.
// Each value is kept as an affine expression in the unknown values u_t of
// those targets. When the sweep reaches a target t, its equation
// u_t = c + a·u_t + (lower unknowns) gives u_t in terms of lower unknowns,
// which is substituted at once into every expression the rest of the sweep
// can still read: the five cells above t and the far ends of ladders that
// start within reach. So expressions only ever hold unknowns below the
// current cell, and at cell 1 the expression is a plain number.
//
// This is Gaussian elimination of the first-step system in the order
// 99, 98, …, 1, skipping the structural zeros. The pivots 1 − a are positive:
// a is the probability of coming back to t before reaching 100 or a lower
// target, which is below 1 on a board with finite expectation. Cost:
// O(100·6·w) where w is the number of unknowns alive at once (targets below
// the current cell reachable by a snake from above it), against O(100³) for
// the dense elimination.

// ExpectedThrows returns the expected number of throws from cell 1 to 100.
// It returns the board's validation error when the board is invalid or the
// expectation is infinite.
func ExpectedThrows(b snakes.Board) (float64, error) {
	if err := b.Validate(); err != nil {
		return 0, fmt.Errorf("snakes: %w", err)
	}
	var s snakesSweep
	s.run(b)
	return s.c0[1], nil
}

// ExpectedThrowsFrom returns E(x) for every cell x in 1..100 (index 0 unused).
// Cells that start a jump get the value of the jump's end.
func ExpectedThrowsFrom(b snakes.Board) ([]float64, error) {
	if err := b.Validate(); err != nil {
		return nil, fmt.Errorf("snakes: %w", err)
	}
	var s snakesSweep
	s.run(b)
	// Unknowns in increasing order of target (decreasing index): each one's
	// expression holds only lower targets, whose values are known by then.
	m := len(s.targets)
	u := make([]float64, m)
	for v := m - 1; v >= 0; v-- {
		u[v] = s.eval(s.targets[v], u)
	}
	out := make([]float64, snakes.Cells+1)
	for x := 1; x <= snakes.Cells; x++ {
		out[x] = s.eval(s.land[x], u)
	}
	return out, nil
}

// snakesSweep holds the affine expressions of the sweep. The expression of
// cell x is the constant c0[x] plus the coefficients expr[x*stride+c] of the
// unknowns (column 0 unused); unknown column v is the value of targets[v-1], and
// targets are sorted from the highest down, so the unknowns still alive at
// cell x are a suffix of the columns. lo[x], hi[x] bound the columns that
// may be non-zero in x's expression.
type snakesSweep struct {
	land    [snakes.Cells + 1]int
	varOf   [snakes.Cells + 1]int // 1 + index of the unknown of a snake target, 0 if none
	lo, hi  [snakes.Cells + 1]int
	c0      [snakes.Cells + 1]float64
	targets []int // snake targets, highest first
	// ladderEnds are the far ends of ladders with the lowest start of a
	// ladder into each: such an end stays readable while that start is.
	ladderEnds []ladderEnd
	stride     int
	expr       []float64 // nil when there is no snake (no unknowns)
}

type ladderEnd struct{ end, lowestStart int }

func (s *snakesSweep) exprOf(x int) []float64 { return s.expr[x*s.stride : (x+1)*s.stride] }

func (s *snakesSweep) run(b snakes.Board) {
	s.land = b.Targets()
	var isTarget [snakes.Cells + 1]bool
	var lowestStart [snakes.Cells + 1]int
	for _, j := range b.Jumps {
		if j.IsLadder() {
			if lowestStart[j.To] == 0 || j.From < lowestStart[j.To] {
				lowestStart[j.To] = j.From
			}
		} else {
			isTarget[j.To] = true
		}
	}
	for c := snakes.Cells; c >= 1; c-- {
		if isTarget[c] {
			s.targets = append(s.targets, c)
			s.varOf[c] = len(s.targets)
		}
		if lowestStart[c] != 0 {
			s.ladderEnds = append(s.ladderEnds, ladderEnd{c, lowestStart[c]})
		}
	}
	s.stride = len(s.targets) + 1
	if len(s.targets) > 0 {
		s.expr = make([]float64, (snakes.Cells+1)*s.stride)
	}
	for c := range s.lo {
		s.lo[c], s.hi[c] = 1, 1 // empty range: a constant
	}
	for _, t := range s.targets { // until the sweep reaches it, a target is its unknown
		v := s.varOf[t]
		s.exprOf(t)[v] = 1
		s.lo[t], s.hi[t] = v, v+1
	}
	// The sum of the six neighbours' values slides down with x: one cell
	// joins, one leaves. It is trusted only while no neighbour holds an
	// unknown (unknowns counts them) and is recounted after every
	// elimination, which may change values already in the window.
	var window float64
	unknowns, recount := 0, true
	for x := snakes.Cells - 1; x >= 1; x-- {
		if recount {
			window, unknowns = s.windowAt(x)
			recount = false
		} else {
			y := s.land[x+1]
			window += s.c0[y]
			if s.lo[y] < s.hi[y] {
				unknowns++
			}
			if x+7 <= snakes.Cells {
				y := s.land[x+7]
				window -= s.c0[y]
				if s.lo[y] < s.hi[y] {
					unknowns--
				}
			}
		}
		if s.land[x] != x {
			continue // a jump's start is never stood on
		}
		if unknowns == 0 && s.varOf[x] == 0 { // the common case: a number
			k := min(6, snakes.Cells-x)
			s.c0[x] = (6 + window) / float64(k)
			continue
		}
		recount = s.step(x)
	}
}

// windowAt sums the values of the cells one throw from x lands on, and
// counts those that still hold an unknown.
func (s *snakesSweep) windowAt(x int) (sum float64, unknowns int) {
	for d := 1; d <= min(6, snakes.Cells-x); d++ {
		y := s.land[x+d]
		sum += s.c0[y]
		if s.lo[y] < s.hi[y] {
			unknowns++
		}
	}
	return sum, unknowns
}

// step computes cell x's first-step expression and, if x is a snake target,
// eliminates its unknown; it reports whether it did (values other cells
// read may then have changed).
func (s *snakesSweep) step(x int) (eliminated bool) {
	k := min(6, snakes.Cells-x)
	v := s.varOf[x]
	sum := 0.0
	lo, hi := s.stride, 1
	for d := 1; d <= k; d++ {
		y := s.land[x+d]
		sum += s.c0[y]
		if s.lo[y] < s.hi[y] {
			lo, hi = min(lo, s.lo[y]), max(hi, s.hi[y])
		}
	}
	inv := 1 / float64(k)
	if lo >= hi && v == 0 { // no unknowns around: a number
		s.c0[x] = (6 + sum) * inv
		return false
	}
	// Sum the neighbours' coefficients into a scratch row: the slot of cell
	// 0, unused. (A target's own expression is still its unknown here, and a
	// snake back to it brings that unknown into the sum.)
	scratch := s.exprOf(0)
	if lo < hi {
		clear(scratch[lo:hi])
	}
	for d := 1; d <= k; d++ {
		y := s.land[x+d]
		e := s.exprOf(y)
		for c := s.lo[y]; c < s.hi[y]; c++ {
			scratch[c] += e[c]
		}
	}
	own := s.exprOf(x)
	if v == 0 {
		s.c0[x] = (6 + sum) * inv
		for c := lo; c < hi; c++ {
			own[c] = scratch[c] * inv
		}
		s.lo[x], s.hi[x] = lo, hi
		return false
	}
	// x is the target of unknown v: u = (6 + sum + Σ scratch·u')/k, where the
	// unknowns u' include u itself (a snake back to x) and lower ones only.
	a := 0.0
	if v >= lo && v < hi {
		a = scratch[v] * inv
	}
	scale := inv / (1 - a)
	clear(own)
	s.c0[x] = (6 + sum) * scale
	lo = max(lo, v+1)
	for c := lo; c < hi; c++ {
		own[c] = scratch[c] * scale
	}
	s.lo[x], s.hi[x] = lo, max(lo, hi)
	s.substitute(x, v)
	return true
}

// substitute replaces unknown v (target x, just eliminated) by x's
// expression in every expression the rest of the sweep can read.
func (s *snakesSweep) substitute(x, v int) {
	reach := min(x+5, snakes.Cells)
	for y := x + 1; y <= reach; y++ {
		s.substituteInto(y, x, v)
	}
	for _, le := range s.ladderEnds {
		if le.end > reach && le.lowestStart <= reach {
			s.substituteInto(le.end, x, v)
		}
	}
}

func (s *snakesSweep) substituteInto(y, x, v int) {
	if v < s.lo[y] || v >= s.hi[y] {
		return
	}
	e := s.exprOf(y)
	f := e[v]
	if f == 0 {
		return
	}
	d := s.exprOf(x)
	s.c0[y] += f * s.c0[x]
	e[v] = 0
	for c := s.lo[x]; c < s.hi[x]; c++ {
		e[c] += f * d[c]
	}
	s.lo[y], s.hi[y] = v+1, max(s.hi[y], s.hi[x])
}

// eval evaluates the expression of cell x given the values u of the unknowns.
func (s *snakesSweep) eval(x int, u []float64) float64 {
	val := s.c0[x]
	if s.lo[x] >= s.hi[x] {
		return val // a number (and expr is nil on a board without snakes)
	}
	e := s.exprOf(x)
	for c := s.lo[x]; c < s.hi[x]; c++ {
		val += e[c] * u[c-1]
	}
	return val
}
