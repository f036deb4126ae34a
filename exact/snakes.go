package exact

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/chancecheck/chancecheck/games/snakes"
)

// The snakes analyst solves the first-step equations of the absorbing chain:
// for a cell x that starts no jump, with k = min(6, 100−x) throws that stay on
// the board, E(x) = (6 + Σ_{d=1..k} E(land(x+d))) / k and E(100) = 0, where
// land follows a jump. (An overshooting throw keeps the player on x, which is
// where the (6−k)/6 self-loop went.)
//
// Only snakes send the player backwards. So the solver names one unknown u_j
// per snake target t_j and treats every snake as an exit worth u_j: then each
// value is an affine function of the unknowns, E(x) = V₀(x) + Σ_j V_j(x)·u_j,
// and one sweep from 99 down to 1 computes all its coefficients, because a
// cell's equation reads only higher cells, ladder ends (higher still) and
// snake heads (a unit coefficient on their target's unknown). V_j(x) is the
// probability of leaving the board through a snake into t_j before reaching
// 100 or another snake, and V₀(x) the expected number of throws until then.
// The sweep then closes the system with u_j = E(t_j): an m×m system for m
// targets, (I − A)·u = c with A_ij = V_j(t_i) and c_i = V₀(t_i).
//
// Error. The sweep only adds non-negative numbers and multiplies by 1/k, so a
// coefficient that is zero is exactly zero and the others carry a relative
// error of a few ulps per cell. I − A is an M-matrix with row sums ≥ 0 (a row
// of A sums to the probability of coming back through some snake), which
// Gaussian elimination without pivoting solves stably; the answer's relative
// error is then a small multiple of κ·2⁻⁵³, where κ, the condition number of
// I − A, grows like the expected number of returns through snakes. The tests
// hold every generated board to 1e-9 of the exact rational answer.
//
// Cost: O(100·(m+1)) for the sweep and O(m³) for the system, in memory
// borrowed from a pool (sweepBuffers), so that solving many boards does not
// allocate. The dense elimination of all ~99 cells costs O(100³).

// ExpectedThrows returns the expected number of throws from cell 1 to 100.
// It returns the board's validation error when the board is invalid or the
// expectation is infinite.
func ExpectedThrows(b snakes.Board) (float64, error) {
	if err := b.Validate(); err != nil {
		return 0, fmt.Errorf("snakes: %w", err)
	}
	return ExpectedThrowsOfValid(b)
}

// ExpectedThrowsOfValid is ExpectedThrows of a board known to be valid
// (b.Validate() returned nil, as for every board snakes.Parse returns),
// without validating it again. Of another board its value means nothing,
// but it never panics: a jump off the board or too many jumps, and an
// expectation that is not finite, are an error (ExpectedThrows says what
// is wrong).
func ExpectedThrowsOfValid(b snakes.Board) (float64, error) {
	if len(b.Jumps) > snakes.Cells-2 {
		return 0, errors.New("snakes: not a valid board: more jumps than cells 2..99")
	}
	for _, j := range b.Jumps {
		if j.From < 1 || j.From > snakes.Cells || j.To < 1 || j.To > snakes.Cells {
			return 0, fmt.Errorf("snakes: not a valid board: jump %d %d leaves cells 1..%d", j.From, j.To, snakes.Cells)
		}
	}
	buf := sweepPool.Get().(*sweepBuffers)
	s := newSnakesSweep(b, buf)
	e := s.eval(1)
	sweepPool.Put(buf)
	if math.IsInf(e, 0) || math.IsNaN(e) {
		return 0, errors.New("snakes: not a valid board: the expectation is not finite")
	}
	return e, nil
}

// ExpectedThrowsFrom returns E(x) for every cell x in 1..100 (index 0 unused).
// Cells that start a jump get the value of the jump's end. Cells from which
// the game may never end — possible only where cell 1 cannot lead, since the
// board is valid — get +Inf.
func ExpectedThrowsFrom(b snakes.Board) ([]float64, error) {
	if err := b.Validate(); err != nil {
		return nil, fmt.Errorf("snakes: %w", err)
	}
	buf := sweepPool.Get().(*sweepBuffers)
	defer sweepPool.Put(buf)
	s := newSnakesSweep(b, buf)
	var doomed *[snakes.Cells + 1]bool
	if b.MayTrap() {
		doomed = doomedCells(&s.land)
	}
	out := make([]float64, snakes.Cells+1)
	for x := 1; x <= snakes.Cells; x++ {
		if doomed != nil && doomed[x] {
			out[x] = math.Inf(1)
			continue
		}
		out[x] = s.eval(x)
	}
	return out, nil
}

// sweepRows are the cells 0..106: a throw from 99 reads up to 105, and the
// rows past 100 stay zero (such throws overshoot and add nothing).
const sweepRows = snakes.Cells + 7

// snakesSweep holds the coefficients of the sweep: component c of cell x is
// v[x*width+c], where component 0 is V₀ and component j ≥ 1 is the
// coefficient of targets[j−1]'s unknown. Row 0 is unused.
type snakesSweep struct {
	land    [snakes.Cells + 1]int
	targets []int // distinct snake targets, in the order of the board's jumps
	width   int
	v       []float64
	u       []float64 // the targets' values
}

// sweepBuffers is memory a sweep borrows: its arrays only grow, so solving
// many boards allocates nothing after the widest has been seen, and a sweep
// clears only the rows of its own width (a board of few snake targets
// clears a few kilobytes, a dense board of many more).
type sweepBuffers struct {
	v       []float64
	targets []int
	snakes  []snakes.Jump
	u       []float64
	system  []float64
}

// sweepPool lends sweepBuffers, so that goroutines solving boards at once
// each have their own. It is a cache: what a sweep computes does not depend
// on which buffer it gets, since each sweep clears or overwrites what it reads.
var sweepPool = sync.Pool{New: func() any { return new(sweepBuffers) }}

// grown returns buf resliced to n, reallocated when its capacity is short.
func grown[E any](buf []E, n int) []E {
	if cap(buf) < n {
		return make([]E, n)
	}
	return buf[:n]
}

// inverseThrows[k] is 1/k: the weight of each of k throws that stay on the board.
var inverseThrows = [7]float64{0, 1, 1.0 / 2, 1.0 / 3, 1.0 / 4, 1.0 / 5, 1.0 / 6}

// newSnakesSweep runs the sweep on a valid board and solves for the
// targets' unknowns, in buf's memory when the board is small enough.
func newSnakesSweep(b snakes.Board, buf *sweepBuffers) snakesSweep {
	s := snakesSweep{land: b.Targets()}
	var column [snakes.Cells + 1]uint8 // 1 + index of a target's unknown (at most Cells-2), 0 if none
	// The snakes and their distinct targets, in the board's order. Whether
	// a jump is a snake follows no pattern a branch predictor could learn,
	// so no branch asks: every jump is written at the end of both lists,
	// and only a snake (a new target) moves the end on.
	buf.targets, buf.snakes = grown(buf.targets, len(b.Jumps)), grown(buf.snakes, len(b.Jumps))
	m, n := 0, 0
	for _, j := range b.Jumps {
		var snake, fresh int
		if j.To < j.From {
			snake = 1
		}
		if column[j.To] == 0 {
			fresh = snake
		}
		buf.targets[m], buf.snakes[n] = j.To, j
		column[j.To] |= uint8(fresh * (m + 1))
		m += fresh
		n += snake
	}
	s.targets = buf.targets[:m]
	w := m + 1
	s.width = w
	buf.v = grown(buf.v, sweepRows*w)
	s.v = buf.v
	clear(s.v) // rows 100..106, the snake heads' rows and row 0 are read as zeros
	for _, j := range buf.snakes[:n] {
		s.v[j.From*w+int(column[j.To])] = 1 // a snake head is worth its target's unknown
	}
	if w == 1 {
		sweepConstants(&s.land, s.v)
		return s
	}
	sweepComponents(&s.land, s.v, w)
	// The system is m rows of m+1: the matrix I − A, then the right-hand
	// side; solve writes all of it, and all of u, before reading them.
	buf.u, buf.system = grown(buf.u, m), grown(buf.system, m*(m+1))
	s.u = buf.u
	s.solve(buf.system)
	return s
}

// sweepConstants is the sweep of a board without snakes: one component.
func sweepConstants(land *[snakes.Cells + 1]int, v []float64) {
	v = v[:sweepRows]
	for x := snakes.Cells - 1; x >= 1; x-- {
		if l := land[x]; l != x {
			v[x] = v[l] // a ladder start has its end's value
			continue
		}
		f := inverseThrows[min(6, snakes.Cells-x)]
		v[x] = ((v[x+2] + v[x+3]) + (v[x+4] + v[x+5]) + (v[x+6] + 6) + v[x+1]) * f
	}
}

// sweepComponents computes every component of every cell from 99 down to 1.
func sweepComponents(land *[snakes.Cells + 1]int, v []float64, w int) {
	for x := snakes.Cells - 1; x >= 1; x-- {
		at := x * w
		row := v[at : at+w]
		l := land[x]
		if l != x {
			if l > x {
				copy(row, v[l*w:l*w+w]) // a ladder start has its end's value
			}
			continue // a snake head keeps its unit coefficient
		}
		f := inverseThrows[min(6, snakes.Cells-x)]
		n1 := v[at+w : at+2*w][:w]
		n2 := v[at+2*w : at+3*w][:w]
		n3 := v[at+3*w : at+4*w][:w]
		n4 := v[at+4*w : at+5*w][:w]
		n5 := v[at+5*w : at+6*w][:w]
		n6 := v[at+6*w : at+7*w][:w]
		row[0] = ((n2[0] + n3[0]) + (n4[0] + n5[0]) + (n6[0] + 6) + n1[0]) * f
		for c := 1; c < w; c++ {
			row[c] = ((n2[c] + n3[c]) + (n4[c] + n5[c]) + n6[c] + n1[c]) * f
		}
	}
}

// solve closes the system u_j = E(t_j) by Gaussian elimination in a, which
// holds m rows of m+1, and stores the solution in s.u.
//
// Exact zeros are skipped, and that is what keeps a valid board's answer
// finite when some cells the game never visits cannot reach 100: their
// targets' rows form a singular block whose pivots are zero or rounding
// noise. A target with finite value has an exact zero coefficient on every
// such target (the sweep keeps structural zeros exact), elimination only
// fills a coefficient in when one target can reach the other, so no finite
// row ever reads the block's garbage, and neither does eval.
func (s *snakesSweep) solve(a []float64) {
	m := len(s.targets)
	w := s.width
	for i, t := range s.targets {
		row := a[i*(m+1) : (i+1)*(m+1)]
		e := s.v[t*w : t*w+w]
		for j := range m {
			row[j] = -e[j+1]
		}
		row[i]++
		row[m] = e[0]
	}
	for p := range m {
		prow := a[p*(m+1) : (p+1)*(m+1)]
		for i := p + 1; i < m; i++ {
			row := a[i*(m+1) : (i+1)*(m+1)]
			if row[p] == 0 {
				continue
			}
			f := row[p] / prow[p]
			row[p] = 0
			from := prow[p+1:]
			to := row[p+1:][:len(from)]
			for j, x := range from {
				to[j] -= f * x
			}
		}
	}
	for i := m - 1; i >= 0; i-- {
		row := a[i*(m+1) : (i+1)*(m+1)]
		x := row[m]
		for j := i + 1; j < m; j++ {
			if row[j] != 0 {
				x -= row[j] * s.u[j]
			}
		}
		s.u[i] = x / row[i]
	}
}

// eval returns E(x) = V₀(x) + Σ_j V_j(x)·u_j for a cell with finite value.
func (s *snakesSweep) eval(x int) float64 {
	w := s.width
	e := s.v[x*w : x*w+w]
	val := e[0]
	for j, c := range e[1:] {
		if c != 0 {
			val += c * s.u[j]
		}
	}
	return val
}
