package engine

import (
	"fmt"
	"slices"
)

// maxFill bounds the entries the sparse elimination of a large cycle
// keeps (its rows after elimination): 2²⁴, about 200 MiB.
const maxFill = 1 << 24

// eliminationBudget bounds the work of one sparse elimination of a cycle
// whose states have edges branches in all: an order that fills in (a chain
// with restarts, eliminated from its start, costs the square of its
// length) is given up for the next.
func eliminationBudget(edges int) int { return max(64*edges, 1<<22) }

// sparseOrders are the orders a sparse elimination of comp tries, as
// places: the order of exploration (banded for a chain explored from an
// end), then its reverse (banded for a chain whose states restart at its
// start).
func sparseOrders(comp []int32) [][]int32 {
	order := make([]int32, len(comp))
	for l := range order {
		order[l] = int32(l)
	}
	slices.SortFunc(order, func(a, b int32) int { return int(comp[a]) - int(comp[b]) })
	rev := slices.Clone(order)
	slices.Reverse(rev)
	return [][]int32{order, rev}
}

// solveSparseCycle is the float method for a large cycle with too many
// hubs for a dense system (a chain that steps back and forth): every state
// is a hub, each policy is evaluated by sparse elimination in the order of
// exploration (banded for a chain), and the bound is proved by the same
// two passes and checks as the hub method (boundLargeCycle), now at every
// state. The elimination needs no pivoting: under a proper policy the
// system W(I − P) is a non-singular M-matrix, whose pivots in order are
// positive; its rounding does not matter to the bound, which the checks
// prove whatever the candidate.
func (s *solver[S]) solveSparseCycle(comp []int32, opts Options, hubs int) error {
	g := s.g
	s.methods[MethodSparse]++
	h := hubbed{comp: comp, hubs: slices.Clone(comp), slot: make([]int32, len(comp))}
	for l := range comp {
		h.slot[l] = int32(-1 - l)
	}
	h.rv = s.reverseOf(comp)
	pol, err := s.properPolicy(comp, h.rv)
	if err != nil {
		return err
	}
	orders := sparseOrders(comp)
	edges := 0
	for _, v := range comp {
		lo, hi := g.edgeRange(v)
		edges += int(hi - lo)
	}
	budget := eliminationBudget(edges)
	var x, w []float64
	for round := 0; ; round++ {
		if round == floatPolicyRounds {
			return g.cycleError(comp, fmt.Sprintf("float policy iteration did not settle in %d rounds", floatPolicyRounds))
		}
		ok := false
		for _, order := range orders {
			if x, w, ok = s.eliminateFloat(comp, order, pol, budget); ok {
				break
			}
			if err := s.stop.err(); err != nil {
				return err // eliminateFloat gave up for it
			}
		}
		if !ok {
			return g.cycleError(comp, fmt.Sprintf("%d hubs, more than the %d solved densely (Options.MaxHubs, --engine-hubs), and the sparse method fills in past its budget (%d entries, %d steps) in every order tried", hubs, opts.MaxHubs, maxFill, budget))
		}
		if !altered(s.faults.improved, s.improve(h, pol, x)) {
			break
		}
		if v, ok := s.leaves(comp, h.rv, pol); !ok {
			return fmt.Errorf("engine: from state %v the player can %s the expected outcome by never ending the game", g.States[v], g.goal)
		}
	}
	return s.boundLargeCycle(h, pol, x, w, x)
}

// eliminateFloat solves the cycle's system under pol in float64, for the
// values and for the expected steps before leaving (right-hand side W),
// row by row in order (each row reduced by the finished rows before it in
// increasing order of column, then divided by its pivot), and returns both
// by place; false when the fill-in passes maxFill, the work passes budget,
// a pivot is not positive or the solve's context ends.
func (s *solver[S]) eliminateFloat(comp []int32, order []int32, pol []int32, budget int) (x, steps []float64, ok bool) {
	g := s.g
	n := len(comp)
	pos := make([]int32, n) // by place
	for i, l := range order {
		pos[l] = int32(i)
	}
	acc := make([]float64, n)
	mark := make([]int32, n)
	var touched []int32
	var lower int32Heap
	uStart := make([]int32, 1, n+1)
	var uCol []int32
	var uVal []float64
	c, d := make([]float64, n), make([]float64, n)
	touch := func(col, row int32) {
		if mark[col] != row+1 {
			mark[col] = row + 1
			acc[col] = 0
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
		m := g.moveStart[v] + pol[l]
		lo, hi := g.branches(m)
		var b float64
		for e := lo; e < hi; e++ {
			p := g.p(m, e)
			acc[i] += p
			b += p * float64(g.rewardOf(m, e))
			to := g.to[e]
			if t := s.local[to]; t >= 0 {
				col := pos[t]
				touch(col, i)
				acc[col] -= p
			} else {
				b += p * s.val[to]
			}
		}
		bs := 1.0 // the steps' right-hand side: one step from every state
		for lower.len() > 0 {
			j := lower.pop()
			f := acc[j]
			acc[j] = 0
			if budget -= 1 + int(uStart[j+1]-uStart[j]); budget < 0 {
				return nil, nil, false
			}
			if s.stop.done(everyFloatStep) != nil {
				return nil, nil, false
			}
			if f == 0 {
				continue
			}
			for k := uStart[j]; k < uStart[j+1]; k++ {
				col := uCol[k]
				touch(col, i)
				acc[col] -= f * uVal[k]
			}
			b -= f * c[j]
			bs -= f * d[j]
		}
		piv := acc[i]
		if !(piv > 0) {
			return nil, nil, false
		}
		for _, col := range touched {
			if col > i && acc[col] != 0 {
				uCol = append(uCol, col)
				uVal = append(uVal, acc[col]/piv)
			}
		}
		if len(uCol) > maxFill {
			return nil, nil, false
		}
		uStart = append(uStart, int32(len(uCol)))
		c[i], d[i] = b/piv, bs/piv
	}
	xo, so := make([]float64, n), make([]float64, n)
	for i := n - 1; i >= 0; i-- {
		sx, ss := c[i], d[i]
		for k := uStart[i]; k < uStart[i+1]; k++ {
			sx -= uVal[k] * xo[uCol[k]]
			ss -= uVal[k] * so[uCol[k]]
		}
		xo[i], so[i] = sx, ss
	}
	x, steps = make([]float64, n), make([]float64, n)
	for i, l := range order {
		x[l], steps[l] = xo[i], so[i]
	}
	return x, steps, true
}
