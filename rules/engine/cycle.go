package engine

import (
	"fmt"
	"math"
	"math/big"
)

// maxPolicyRounds bounds policy iteration, which ends after finitely many
// rounds (each strictly improves a finite set of policies); the bound turns
// a bug into an error instead of an endless run.
const maxPolicyRounds = 10000

// solveCycle solves one strongly connected component with a cycle by exact
// policy iteration: start from a policy under which every state leaves the
// cycle with probability 1 (properPolicy), solve its linear system exactly,
// switch each state to a strictly better move, and repeat until none is.
// With one move per state (chance alone) that is one exact linear solve.
// Strict improvement keeps the policy proper when the cycle's rewards are 0
// (take the best state of a set the new policy never leaves: none of its
// states switched, so the old policy never left it either); a policy that
// is not proper after a round is an error, never a wrong value.
//
// In float mode the values of the states the cycle leads to are read as the
// exact rationals they are; the cycle's value under any proper policy is an
// average of them (plus rewards), so its error is at most their largest
// error, plus the final rounding to float64.
func (s *solver[S]) solveCycle(comp []int32) error {
	g := s.g
	for l, v := range comp {
		s.local[v] = int32(l)
	}
	defer func() {
		for _, v := range comp {
			s.local[v] = -1
		}
	}()
	rv := s.reverseOf(comp)
	pol, err := s.properPolicy(comp, rv)
	if err != nil {
		return err
	}
	for round := 0; ; round++ {
		if round == maxPolicyRounds {
			return fmt.Errorf("engine: policy iteration on the cycle through %v did not settle in %d rounds", g.States[comp[0]], maxPolicyRounds)
		}
		x, err := s.evaluate(comp, pol)
		if err != nil {
			return err
		}
		changed := false
		for l, v := range comp {
			lo, hi := g.moves(v)
			if hi-lo == 1 {
				continue
			}
			best, bestK := s.qRat(lo+pol[l], x), pol[l]
			for m := lo; m < hi; m++ {
				if q := s.qRat(m, x); better(g.goal, q, best) {
					best, bestK = q, m-lo
				}
			}
			if bestK != pol[l] {
				pol[l], changed = bestK, true
			}
		}
		if !changed || s.plant == plantPolicy {
			s.store(comp, pol, x)
			return nil
		}
		if v, ok := s.leaves(comp, rv, pol); !ok {
			return fmt.Errorf("engine: from state %v the player can %s the expected outcome by never ending the game", g.States[v], g.goal)
		}
	}
}

// store keeps the cycle's solution.
func (s *solver[S]) store(comp []int32, pol []int32, x []big.Rat) {
	inErr := 0.0
	if !s.exact {
		for _, v := range comp {
			lo, hi := s.g.edgeRange(v)
			for _, to := range s.g.to[lo:hi] {
				if s.local[to] < 0 {
					inErr = max(inErr, s.err[to])
				}
			}
		}
	}
	for l, v := range comp {
		s.policy[v] = pol[l]
		if s.exact {
			s.rat[v] = new(big.Rat).Set(&x[l])
			continue
		}
		f, _ := x[l].Float64()
		s.val[v] = f
		if s.plant == plantFloatBound {
			inErr = 0
		}
		s.err[v] = (inErr + math.Abs(f)*unitRoundoff) * (1 + 4*unitRoundoff)
	}
}

// properPolicy picks, for every state of the cycle, a move that leads out
// of it or toward a state already given one (an attractor, rv.attract):
// under it every state leaves the cycle with probability 1. A state with no
// such move can never leave: the game need not end.
func (s *solver[S]) properPolicy(comp []int32, rv reverse) ([]int32, error) {
	pol, stuck, ok := rv.attract(len(comp), nil)
	if !ok {
		v := comp[stuck]
		if s.g.numMoves(v) == 1 {
			return nil, fmt.Errorf("engine: the game cannot end from state %v: its outcomes never leave a cycle of %d states", s.g.States[v], len(comp))
		}
		return nil, fmt.Errorf("engine: the game cannot end from state %v: no move leads out of a cycle of %d states", s.g.States[v], len(comp))
	}
	return pol, nil
}

// leaves reports whether every state of the cycle leaves it with
// probability 1 under pol, and names a state that does not.
func (s *solver[S]) leaves(comp []int32, rv reverse, pol []int32) (int32, bool) {
	_, stuck, ok := rv.attract(len(comp), pol)
	return comp[stuck], ok
}

// evaluate solves the cycle's linear system under pol exactly: for each
// state, W·x_i − Σ_{j in the cycle} w_ij x_j = Σ_j w_ij r_ij + Σ_{j outside}
// w_ij v_j, by sparse Gaussian elimination over big.Rat. The matrix is a
// non-singular M-matrix when the policy is proper (P's mass leaks out of
// every state; a row scaled by W > 0 stays one), so the diagonal pivots
// in order are positive and no row exchange is needed; a zero pivot means
// a policy that never leaves, reported as an error. The rows are sparse
// (a state has a few outcomes), and elimination keeps them so: a region of
// sure moves costs about its size, not its cube. The values are exact, so
// the order maps are visited in cannot change them.
func (s *solver[S]) evaluate(comp []int32, pol []int32) ([]big.Rat, error) {
	g := s.g
	n := len(comp)
	rows := make([]map[int32]*big.Rat, n) // rows[i][j]: the coefficient of x_j in equation i
	cols := make([]map[int32]bool, n)     // cols[j]: the rows with a coefficient of x_j
	b := make([]big.Rat, n)
	for j := range cols {
		cols[j] = map[int32]bool{}
	}
	entry := func(i, j int32) *big.Rat {
		e, ok := rows[i][j]
		if !ok {
			e = new(big.Rat)
			rows[i][j] = e
			cols[j][i] = true
		}
		return e
	}
	w, t := new(big.Rat), new(big.Rat)
	for l, v := range comp {
		i := int32(l)
		rows[i] = map[int32]*big.Rat{}
		m := g.moveStart[v] + pol[l]
		lo, hi := g.outcomes(m)
		for e := lo; e < hi; e++ {
			g.weightRat(w, m, e)
			d := entry(i, i)
			d.Add(d, w)
			t.SetInt64(int64(g.reward[e]))
			if j := s.local[g.to[e]]; j >= 0 {
				if s.plant == plantLinearSystem && j == i {
					continue
				}
				c := entry(i, j)
				c.Sub(c, w)
			} else {
				t.Add(t, s.solved(g.to[e]))
			}
			b[i].Add(&b[i], t.Mul(t, w))
		}
	}
	f := new(big.Rat)
	for k := range int32(n) {
		piv, ok := rows[k][k]
		if !ok || piv.Sign() == 0 {
			return nil, fmt.Errorf("engine: the cycle through %v: singular system (a policy that never leaves it)", g.States[comp[k]])
		}
		for r := range cols[k] {
			if r <= k {
				continue
			}
			f.Quo(rows[r][k], piv)
			for c, v := range rows[k] {
				if c == k {
					continue
				}
				e := entry(r, c)
				if e.Sub(e, t.Mul(f, v)); e.Sign() == 0 {
					delete(rows[r], c)
					delete(cols[c], r)
				}
			}
			delete(rows[r], k)
			b[r].Sub(&b[r], t.Mul(f, &b[k]))
		}
	}
	x := make([]big.Rat, n)
	for k := int32(n) - 1; k >= 0; k-- {
		sum := new(big.Rat).Set(&b[k])
		for c, v := range rows[k] {
			if c != k {
				sum.Sub(sum, t.Mul(v, &x[c]))
			}
		}
		x[k].Quo(sum, rows[k][k])
	}
	return x, nil
}
