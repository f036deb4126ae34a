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
	if s.exact {
		s.methods[MethodExact]++
	} else {
		s.methods[MethodExactRounded]++
	}
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
	orders := s.exactOrders(comp)
	for round := 0; ; round++ {
		if round == maxPolicyRounds {
			return fmt.Errorf("engine: policy iteration on the cycle through %v did not settle in %d rounds", g.States[comp[0]], maxPolicyRounds)
		}
		x, err := s.evaluate(comp, orders, pol)
		if err != nil {
			return err
		}
		changed := false
		for l, v := range comp {
			if err := s.stop.done(everyRatStep); err != nil {
				return err
			}
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
		if !altered(s.faults.improved, changed) {
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
					inErr = max(inErr, s.carried[to])
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

// exactOrders are the orders, as places, in which evaluate eliminates a
// cycle: its hubs last when they are few (each row then fills in at most
// the hubs' columns), then the order of exploration and its reverse
// (banded for a chain).
func (s *solver[S]) exactOrders(comp []int32) [][]int32 {
	var orders [][]int32
	if h := s.g.splitAtHubs(comp, s.local); len(h.hubs) <= maxHubsForOrder {
		ord := make([]int32, 0, len(comp))
		for _, v := range h.post {
			ord = append(ord, s.local[v])
		}
		for _, v := range h.hubs {
			ord = append(ord, s.local[v])
		}
		orders = append(orders, ord)
	}
	return append(orders, sparseOrders(comp)...)
}

// evaluate solves the cycle's linear system under pol exactly: for each
// state, W·x_i − Σ_{j in the cycle} w_ij x_j = Σ_j w_ij r_ij + Σ_{j outside}
// w_ij v_j, by sparse elimination over big.Rat in the first of orders
// whose work stays within its budget. The matrix is a non-singular
// M-matrix when the policy is proper (P's mass leaks out of every state; a
// row scaled by W > 0 stays one), so the pivots in any symmetric order are
// positive and no row exchange is needed; a zero pivot means a policy that
// never leaves, reported as an error. The values are exact, so the order
// cannot change them.
func (s *solver[S]) evaluate(comp []int32, orders [][]int32, pol []int32) ([]big.Rat, error) {
	edges := 0
	for _, v := range comp {
		lo, hi := s.g.edgeRange(v)
		edges += int(hi - lo)
	}
	// Rational arithmetic makes each step dear: the work of each order is
	// found first by a symbolic pass, without numbers, and the cheapest
	// is taken.
	best, bestWork := -1, 0
	for k, order := range orders {
		if work, ok := s.symbolicWork(comp, order, pol, eliminationBudget(edges)); ok && (best < 0 || work < bestWork) {
			best, bestWork = k, work
		}
		if err := s.stop.err(); err != nil {
			return nil, err // symbolicWork gave up for it
		}
	}
	if best >= 0 {
		x, err := s.eliminateRat(comp, orders[best], pol, eliminationBudget(edges))
		if err != nil || x != nil {
			return x, err
		}
	}
	return nil, s.g.cycleError(comp, fmt.Sprintf("its exact elimination fills in past its budget (%d entries, %d steps) in each of %d orders tried", maxFill, eliminationBudget(edges), len(orders)))
}

// eliminateRat solves the system in order (places), row by row: each row
// is reduced by the finished rows before it in increasing order of column,
// then divided by its pivot; the values come back by place. Nil and no
// error: the work or the fill-in passed its bound (budget, maxFill).
func (s *solver[S]) eliminateRat(comp []int32, order []int32, pol []int32, budget int) ([]big.Rat, error) {
	g := s.g
	n := len(comp)
	pos := make([]int32, n) // by place
	for i, l := range order {
		pos[l] = int32(i)
	}
	acc := make([]big.Rat, n)
	mark := make([]int32, n)
	var touched []int32
	var lower int32Heap
	uStart := make([]int32, 1, n+1)
	var uCol []int32
	var uVal []*big.Rat
	c := make([]big.Rat, n)
	touch := func(col, row int32) {
		if mark[col] != row+1 {
			mark[col] = row + 1
			acc[col].SetInt64(0)
			touched = append(touched, col)
			if col < row {
				lower.push(col)
			}
		}
	}
	w, t := new(big.Rat), new(big.Rat)
	for i32, l := range order {
		if err := s.stop.done(everyRatStep); err != nil {
			return nil, err
		}
		i := int32(i32)
		v := comp[l]
		touched = touched[:0]
		touch(i, i)
		m := g.moveStart[v] + pol[l]
		lo, hi := g.branches(m)
		b := &c[i]
		b.SetInt64(0)
		for e := lo; e < hi; e++ {
			g.weightRat(w, m, e)
			acc[i].Add(&acc[i], w)
			t.SetInt64(int64(g.rewardOf(m, e)))
			if p := s.local[g.to[e]]; p >= 0 {
				col := pos[p]
				touch(col, i)
				acc[col].Sub(&acc[col], w)
			} else {
				t.Add(t, s.solved(g.to[e]))
			}
			b.Add(b, t.Mul(t, w))
		}
		for lower.len() > 0 {
			j := lower.pop()
			if budget -= 1 + int(uStart[j+1]-uStart[j]); budget < 0 {
				return nil, nil
			}
			if err := s.stop.done(everyRatStep); err != nil {
				return nil, err
			}
			f := new(big.Rat).Set(&acc[j])
			if f.Sign() == 0 {
				continue
			}
			for k := uStart[j]; k < uStart[j+1]; k++ {
				col := uCol[k]
				touch(col, i)
				acc[col].Sub(&acc[col], t.Mul(f, uVal[k]))
			}
			b.Sub(b, t.Mul(f, &c[j]))
		}
		piv := &acc[i]
		if piv.Sign() == 0 {
			return nil, fmt.Errorf("engine: the cycle through %v: singular system (a policy that never leaves it)", g.States[v])
		}
		for _, col := range touched {
			if col > i && acc[col].Sign() != 0 {
				uCol = append(uCol, col)
				uVal = append(uVal, new(big.Rat).Quo(&acc[col], piv))
			}
		}
		if len(uCol) > maxFill {
			return nil, nil
		}
		uStart = append(uStart, int32(len(uCol)))
		b.Quo(b, piv)
	}
	xo := make([]big.Rat, n)
	for i := n - 1; i >= 0; i-- {
		if err := s.stop.done(everyRatStep); err != nil {
			return nil, err
		}
		xo[i].Set(&c[i])
		for k := uStart[i]; k < uStart[i+1]; k++ {
			xo[i].Sub(&xo[i], t.Mul(uVal[k], &xo[uCol[k]]))
		}
	}
	x := make([]big.Rat, n)
	for i, l := range order {
		x[l].Set(&xo[i])
	}
	return x, nil
}

// symbolicWork is the work of the elimination of the cycle in order
// (places) under pol (nil: every move of every state at once, a pattern
// that holds every policy's), following where entries are nonzero and not
// their values (no cancellation assumed, so it counts at least the work
// done), and whether it stays within budget steps and maxFill entries (false too
// when the solve's context ends: the caller looks at it).
func (s *solver[S]) symbolicWork(comp []int32, order []int32, pol []int32, budget int) (int, bool) {
	start := budget
	g := s.g
	n := len(comp)
	pos := make([]int32, n)
	for i, l := range order {
		pos[l] = int32(i)
	}
	mark := make([]int32, n)
	var touched []int32
	var lower int32Heap
	uStart := make([]int32, 1, n+1)
	var uCol []int32
	touch := func(col, row int32) {
		if mark[col] != row+1 {
			mark[col] = row + 1
			touched = append(touched, col)
			if col < row {
				lower.push(col)
			}
		}
	}
	for i32, l := range order {
		i := int32(i32)
		v := comp[l]
		touched = touched[:0]
		touch(i, i)
		var lo, hi int32
		if pol == nil {
			lo, hi = g.edgeRange(v)
		} else {
			lo, hi = g.branches(g.moveStart[v] + pol[l])
		}
		for _, to := range g.to[lo:hi] {
			if p := s.local[to]; p >= 0 {
				touch(pos[p], i)
			}
		}
		for lower.len() > 0 {
			j := lower.pop()
			if budget -= 1 + int(uStart[j+1]-uStart[j]); budget < 0 {
				return 0, false
			}
			if s.stop.done(everyFloatStep) != nil {
				return 0, false
			}
			for _, col := range uCol[uStart[j]:uStart[j+1]] {
				touch(col, i)
			}
		}
		for _, col := range touched {
			if col > i {
				uCol = append(uCol, col)
			}
		}
		if len(uCol) > maxFill {
			return 0, false
		}
		uStart = append(uStart, int32(len(uCol)))
	}
	return start - budget + len(uCol), true
}
