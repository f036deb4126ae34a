package exact

import (
	"fmt"
	"math"

	"github.com/chancecheck/chancecheck/games/snakes"
)

// The snakes analyst solves the first-step equations of the absorbing chain:
// for a cell x that starts no jump, with k = min(6, 100−x) throws that stay on
// the board, E(x) = (6 + Σ_{d=1..k} E(land(x+d))) / k and E(100) = 0, where
// land follows a jump. (An overshooting throw keeps the player on x, which is
// where the (6−k)/6 self-loop went.)
//
// Jumps only ever send the player backwards along snakes, so a sweep from 99
// down to 1 knows every value it needs except those of snake targets below
// the current cell. Each value is therefore kept as an affine expression in
// the unknown values of the m distinct snake targets, and the sweep ends in
// an m×m system: O(100·6·m + m³) work instead of a dense 100×100 elimination.

// ExpectedThrows returns the expected number of throws from cell 1 to 100.
// It returns the board's validation error when the board is invalid or the
// expectation is infinite.
func ExpectedThrows(b snakes.Board) (float64, error) {
	if err := b.Validate(); err != nil {
		return 0, fmt.Errorf("snakes: %w", err)
	}
	var s snakesSweep
	s.run(b)
	return s.value(1), nil
}

// ExpectedThrowsFrom returns E(x) for every cell x in 1..100 (index 0 unused).
// Cells that start a jump get the value of the jump's end.
func ExpectedThrowsFrom(b snakes.Board) ([]float64, error) {
	if err := b.Validate(); err != nil {
		return nil, fmt.Errorf("snakes: %w", err)
	}
	var s snakesSweep
	s.run(b)
	out := make([]float64, snakes.Cells+1)
	for x := 1; x <= snakes.Cells; x++ {
		out[x] = s.value(s.land[x])
	}
	return out, nil
}

// snakesSweep holds the affine expressions of the sweep. Expression of cell x
// is expr[x*stride : (x+1)*stride]: a constant, then one coefficient per
// unknown snake target.
type snakesSweep struct {
	land     [snakes.Cells + 1]int
	varOf    [snakes.Cells + 1]int // 1 + index of the unknown for a snake target, 0 if none
	targets  []int                 // the snake targets, in order of their unknowns
	stride   int
	expr     []float64
	solution []float64 // values of the unknowns, once solved
}

func (s *snakesSweep) run(b snakes.Board) {
	s.land = b.Targets()
	for _, j := range b.Jumps {
		if !j.IsLadder() && s.varOf[j.To] == 0 {
			s.targets = append(s.targets, j.To)
			s.varOf[j.To] = len(s.targets)
		}
	}
	m := len(s.targets)
	s.stride = m + 1
	s.expr = make([]float64, (snakes.Cells+1)*s.stride)
	for v, t := range s.targets { // a snake target's value is its unknown, wherever it is used
		s.exprOf(t)[v+1] = 1
	}
	// system rows: unknown v minus its first-step expression equals 0.
	sys := make([]float64, m*(m+1))
	row := make([]float64, s.stride)
	for x := snakes.Cells - 1; x >= 1; x-- {
		if s.land[x] != x {
			continue // a jump's start is never stood on
		}
		clear(row)
		k := min(6, snakes.Cells-x)
		for d := 1; d <= k; d++ {
			e := s.exprOf(s.land[x+d])
			for i, c := range e {
				row[i] += c
			}
		}
		inv := 1 / float64(k)
		row[0] += 6
		for i := range row {
			row[i] *= inv
		}
		own := s.expr[x*s.stride : (x+1)*s.stride]
		if v := s.varOf[x]; v != 0 {
			// x is a snake target: its stored expression stays its unknown,
			// and its first-step expression becomes an equation of the system.
			eq := sys[(v-1)*(m+1) : v*(m+1)]
			for w := 1; w <= m; w++ {
				eq[w-1] = -row[w]
			}
			eq[v-1]++
			eq[m] = row[0]
			continue
		}
		copy(own, row)
	}
	s.solution = solveDense(sys, m)
}

func (s *snakesSweep) exprOf(x int) []float64 { return s.expr[x*s.stride : (x+1)*s.stride] }

// value evaluates the expression of cell x (a cell that starts no jump).
func (s *snakesSweep) value(x int) float64 {
	e := s.exprOf(x)
	v := e[0]
	for i, c := range e[1:] {
		v += c * s.solution[i]
	}
	return v
}

// solveDense solves the m×m system held row-major with its right-hand side as
// the last of m+1 columns, by Gaussian elimination with partial pivoting.
// For a valid board (finite expectation) the system is nonsingular: it is
// the first-step system of a chain in which every state is transient.
func solveDense(a []float64, m int) []float64 {
	w := m + 1
	for col := range m {
		p := col
		for r := col + 1; r < m; r++ {
			if math.Abs(a[r*w+col]) > math.Abs(a[p*w+col]) {
				p = r
			}
		}
		if p != col {
			for c := range w {
				a[p*w+c], a[col*w+c] = a[col*w+c], a[p*w+c]
			}
		}
		piv := a[col*w+col]
		for r := col + 1; r < m; r++ {
			f := a[r*w+col] / piv
			if f == 0 {
				continue
			}
			for c := col; c < w; c++ {
				a[r*w+c] -= f * a[col*w+c]
			}
		}
	}
	x := make([]float64, m)
	for r := m - 1; r >= 0; r-- {
		v := a[r*w+m]
		for c := r + 1; c < m; c++ {
			v -= a[r*w+c] * x[c]
		}
		x[r] = v / a[r*w+r]
	}
	return x
}
