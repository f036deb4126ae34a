package exact

import (
	"fmt"
	"math"
	"math/big"

	"github.com/chancecheck/chancecheck/games/snakes"
)

// snakesSystem is the first-step system k·E(x) − Σ_{d≤k} E(land(x+d)) = 6
// over the cells that start no jump (E(100) = 0 is substituted). Coefficients
// are small integers, so the same system serves the float64 elimination and
// the exact rational one.
type snakesSystem struct {
	cells []int   // unknown i is E(cells[i])
	index []int   // index[x] = i for cell x, −1 for cells without an unknown
	a     [][]int // a[i][j]: coefficient of unknown j in row i; right-hand side 6
}

func newSnakesSystem(b snakes.Board) snakesSystem {
	land := b.Targets()
	s := snakesSystem{index: make([]int, snakes.Cells+1)}
	for x := 1; x <= snakes.Cells; x++ {
		s.index[x] = -1
		if x < snakes.Cells && land[x] == x {
			s.index[x] = len(s.cells)
			s.cells = append(s.cells, x)
		}
	}
	n := len(s.cells)
	s.a = make([][]int, n)
	for i, x := range s.cells {
		row := make([]int, n)
		k := min(6, snakes.Cells-x)
		row[i] += k
		for d := 1; d <= k; d++ {
			if j := s.index[land[x+d]]; j >= 0 {
				row[j]--
			}
		}
		s.a[i] = row
	}
	return s
}

// ExpectedThrowsDense solves the same equations as ExpectedThrows by a dense
// Gaussian elimination over all ~99 cells. Nothing but tests and benchmarks
// calls it, on purpose: it is the independent float64 check of the
// structured sweep in ExpectedThrows (TestExpectedThrowsMatchesDenseOnGeneratedBoards,
// TestExpectedThrowsSweepCorners, which caught a panic of the sweep), sharing
// with it only the first-step system, and the baseline the sweep is
// benchmarked against (BenchmarkExactSnakesDense).
func ExpectedThrowsDense(b snakes.Board) (float64, error) {
	if err := b.Validate(); err != nil {
		return 0, fmt.Errorf("snakes: %w", err)
	}
	s := newSnakesSystem(b)
	n := len(s.cells)
	m := make([]float64, n*(n+1))
	for i, row := range s.a {
		for j, c := range row {
			m[i*(n+1)+j] = float64(c)
		}
		m[i*(n+1)+n] = 6
	}
	x := solveDense(m, n)
	return x[s.index[1]], nil
}

// ExpectedThrowsRat returns the expected number of throws as an exact
// fraction (the empty board gives 694/21), by fraction-exact Gaussian
// elimination of the first-step system. It is a second, independent route to
// the answer of ExpectedThrows.
func ExpectedThrowsRat(b snakes.Board) (*big.Rat, error) {
	if err := b.Validate(); err != nil {
		return nil, fmt.Errorf("snakes: %w", err)
	}
	s := newSnakesSystem(b)
	n := len(s.cells)
	m := make([][]*big.Rat, n)
	for i, row := range s.a {
		m[i] = make([]*big.Rat, n+1)
		for j, c := range row {
			if c != 0 {
				m[i][j] = big.NewRat(int64(c), 1)
			}
		}
		m[i][n] = big.NewRat(6, 1)
	}
	// Elimination skipping zero entries: the rows are sparse (at most seven
	// entries) and stay fairly sparse, which keeps this fast enough for tests.
	tmp := new(big.Rat)
	for col := range n {
		p := col
		for p < n && m[p][col] == nil {
			p++
		}
		if p == n {
			return nil, fmt.Errorf("snakes: singular first-step system at cell %d", s.cells[col])
		}
		m[p], m[col] = m[col], m[p]
		pivInv := new(big.Rat).Inv(m[col][col])
		for r := col + 1; r < n; r++ {
			if m[r][col] == nil {
				continue
			}
			f := new(big.Rat).Mul(m[r][col], pivInv)
			for c := col; c <= n; c++ {
				if m[col][c] == nil {
					continue
				}
				tmp.Mul(f, m[col][c])
				if m[r][c] == nil {
					m[r][c] = new(big.Rat)
				}
				m[r][c].Sub(m[r][c], tmp)
				if m[r][c].Sign() == 0 && c != n {
					m[r][c] = nil
				}
			}
		}
	}
	x := make([]*big.Rat, n)
	for r := n - 1; r >= 0; r-- {
		v := new(big.Rat).Set(m[r][n])
		for c := r + 1; c < n; c++ {
			if m[r][c] != nil {
				v.Sub(v, tmp.Mul(m[r][c], x[c]))
			}
		}
		x[r] = v.Quo(v, m[r][r])
	}
	return x[s.index[1]], nil
}

// ThrowDistributionMax is the most throws ThrowDistribution follows: past
// 2^22 the distribution would take 32 MB, for boards no referee plays to
// the end either.
const ThrowDistributionMax = 1 << 22

// ThrowDistribution returns P(T = t) for t = 0, 1, …, where T is the number
// of throws from cell 1 to 100, by pushing the distribution of the player's
// cell forward one throw at a time until the mass not yet on 100 is below
// tail, or for ThrowDistributionMax throws. It returns the pmf and the mass
// left out: at most tail, unless the board's game is so long (an expected
// hundreds of thousands of throws) that more is left after
// ThrowDistributionMax throws.
func ThrowDistribution(b snakes.Board, tail float64) (pmf []float64, left float64, err error) {
	if err := b.Validate(); err != nil {
		return nil, 0, fmt.Errorf("snakes: %w", err)
	}
	if !(tail > 0) {
		return nil, 0, fmt.Errorf("snakes: tail must be positive, got %v", tail)
	}
	land := b.Targets()
	var cur, next [snakes.Cells + 1]float64
	cur[1] = 1
	pmf = []float64{0}
	left = 1
	for t := 1; left >= tail && t <= ThrowDistributionMax; t++ {
		clear(next[:])
		for x := 1; x < snakes.Cells; x++ {
			p := cur[x]
			if p == 0 {
				continue
			}
			p /= 6
			for d := 1; d <= 6; d++ {
				if x+d > snakes.Cells {
					next[x] += p
				} else {
					next[land[x+d]] += p
				}
			}
		}
		pmf = append(pmf, next[snakes.Cells])
		next[snakes.Cells] = 0
		cur = next
		left = 0
		for _, p := range cur {
			left += p
		}
	}
	return pmf, math.Max(left, 0), nil
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
