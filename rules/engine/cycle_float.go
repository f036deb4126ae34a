package engine

import (
	"fmt"
	"math"

	"github.com/chancecheck/chancecheck/rules"
)

// The float method for a cycle too dear to solve exactly (predicted to
// cost more than Options.ExactCost, or past Options.MaxCycleStates), with
// a proved error bound.
//
// Hubs. A depth-first search of the cycle from its first state marks the
// target of every back edge a hub; every loop of the cycle holds a back
// edge, so every loop passes through a hub, and the other states, taken in
// the search's postorder, see each of their successors in the cycle solved
// before them or a hub. Under a policy π each state's value is then an
// affine function a + B·x of the hubs' values x, found in one pass, and x
// solves the dense system (I − B_hubs) x = a_hubs. A game with restarts
// (every state may go back to the start) has one hub, the start.
//
// Solve. Policy iteration over these evaluations, in float64, from a policy
// under which every state leaves the cycle (properPolicy): evaluate, switch
// each state to a move better by more than a relative 1e-12 (a smaller gain
// is rounding), repeat until none is. It gives a candidate x̃ and π.
//
// Bound. Let T be the Bellman operator on the cycle's values (outside
// states' values fixed) and T_π its restriction to π's moves. Two passes in
// postorder, with the hubs held at x, the other states at the value the
// pass computes, every sum rounded outward by Higham's γ_n (the vector's
// entries are then exact floats, so nothing else is carried), and the
// states outside at val ∓ err, give a vector u with T'(u) ≤ u at every
// state that is not a hub (T' = T or T_π) — and at the hubs where the check
// g(x) ≤ x passes. Then (u is an upper bound):
//   - Minimise, T' = T_π, π proper: T_π^k(u) ≤ u and T_π^k(u) = the expected
//     outcome of k steps of π plus P_π^k u → J_π, so J_π ≤ u, and the optimum
//     V* (the minimum over proper stationary policies) ≤ J_π ≤ u.
//   - Maximise, T' = T: V* is the least fixed point of T on [0, ∞]
//     (positive models, Puterman 1994 §7.2), and a post-fixed point
//     T(u) ≤ u lies above it (Knaster–Tarski); J_π ≤ V* ≤ u.
//
// Mirrored, l with l ≤ T'(l) is a lower bound:
//   - Minimise, T' = T: l ≤ T(l) ≤ T_π*(l) for an optimal proper π*, so
//     l ≤ T_π*^k(l) → J_π* = V* ≤ J_π.
//   - Maximise, T' = T_π, π proper: l ≤ T_π^k(l) → J_π ≤ V*.
// So both V* and the value J_π of the policy returned (which the referee
// plays) lie in [l, u], state by state. The upper bound of a minimisation
// is the one that needs the policy: a bound from T alone would not hold
// (zero-cost loops make many fixed points), which is why π must be proper.
// The hubs are held at x̃ ± δ·w, with w = (I − B_hubs)⁻¹·1 (the expected
// visits of each hub), so that T moves each hub by about δ inward; δ starts
// near the rounding of x̃ and grows until both checks pass (at most
// floatBoundRounds times, else the cycle is refused).
//
// Hubs are found before anything else: more than Options.MaxHubs (or a
// table B of more than maxHubCells entries) is refused with
// ErrCycleTooLarge, naming the limit.

// maxHubCells bounds the table of B (states × hubs), 128 MiB of float64.
const maxHubCells = 1 << 24

// floatBoundRounds bounds the widenings of δ (each ×8) before a large
// cycle's bound is given up.
const floatBoundRounds = 40

// floatPolicyRounds bounds the float policy iteration; each round
// improves the policy by more than a relative 1e-12 somewhere.
const floatPolicyRounds = 1000

// hubbed is a cycle split at its hubs: slot[l] is the place in post of the
// state at place l of the cycle, or −1−h for hub h.
type hubbed struct {
	comp []int32
	post []int32 // the states that are not hubs, successors first
	hubs []int32
	slot []int32
	rv   reverse
}

// splitAtHubs finds the hubs of comp (local holds its places) by an
// iterative depth-first search from its first state in the order of
// exploration (nearest the start: in a game with restarts, the start).
func (g *Graph[S]) splitAtHubs(comp []int32, local []int32) hubbed {
	h := hubbed{comp: comp, slot: make([]int32, len(comp))}
	const (
		unseen = iota
		open
		closed
	)
	state := make([]uint8, len(comp))
	isHub := make([]bool, len(comp))
	type frame struct{ l, e, end int32 }
	var calls []frame
	visit := func(l int32) {
		state[l] = open
		lo, hi := g.edgeRange(comp[l])
		calls = push(calls, frame{l, lo, hi})
	}
	var order []int32 // postorder, hubs included
	root := 0
	for l, v := range comp {
		if v < comp[root] {
			root = l
		}
	}
	visit(int32(root))
	for len(calls) > 0 {
		f := &calls[len(calls)-1]
		if f.e < f.end {
			t := local[g.to[f.e]]
			f.e++
			switch {
			case t < 0:
			case state[t] == unseen:
				visit(t)
			case state[t] == open:
				isHub[t] = true
			}
			continue
		}
		state[f.l] = closed
		order = push(order, f.l)
		calls = calls[:len(calls)-1]
	}
	for _, l := range order {
		if isHub[l] {
			h.slot[l] = int32(-1 - len(h.hubs))
			h.hubs = append(h.hubs, comp[l])
		} else {
			h.slot[l] = int32(len(h.post))
			h.post = append(h.post, comp[l])
		}
	}
	return h
}

// solveLargeCycle solves a cycle too dear to solve exactly (planCycles)
// in float64 by the hub method above.
func (s *solver[S]) solveLargeCycle(comp []int32, opts Options) error {
	g := s.g
	if s.exact {
		return g.cycleError(comp, "too dear to solve exactly (Options.ExactCost, Options.MaxCycleStates, --engine-cycle)")
	}
	for l, v := range comp {
		s.local[v] = int32(l)
	}
	defer func() {
		for _, v := range comp {
			s.local[v] = -1
		}
	}()
	if opts.MaxHubs < 0 {
		return g.cycleError(comp, "too dear to solve exactly (Options.ExactCost, Options.MaxCycleStates, --engine-cycle), and the float method is off (Options.MaxHubs < 0)")
	}
	h := g.splitAtHubs(comp, s.local)
	k := len(h.hubs)
	if k > opts.MaxHubs || len(comp)*k > maxHubCells {
		// Too many hubs for a dense system: every state is a hub, and
		// the policy's values come from sparse elimination instead.
		return s.solveSparseCycle(comp, opts, k)
	}
	s.methods[MethodHub]++
	h.rv = s.reverseOf(comp)
	pol, err := s.properPolicy(comp, h.rv)
	if err != nil {
		return err
	}
	ev := newHubEvaluation(len(h.post), k)
	vals := make([]float64, len(comp)) // by place
	var x []float64
	for round := 0; ; round++ {
		if round == floatPolicyRounds {
			return g.cycleError(comp, fmt.Sprintf("float policy iteration did not settle in %d rounds", floatPolicyRounds))
		}
		if err := s.stop.err(); err != nil {
			return err
		}
		if x, err = s.evaluateAtHubs(h, pol, ev); err != nil {
			return err
		}
		ev.values(h, x, vals)
		if !altered(s.faults.improved, s.improve(h, pol, vals)) {
			break
		}
		if v, ok := s.leaves(comp, h.rv, pol); !ok {
			return fmt.Errorf("engine: from state %v the player can %s the expected outcome by never ending the game", g.States[v], g.goal)
		}
	}
	ones := make([]float64, k)
	for i := range ones {
		ones[i] = 1
	}
	return s.boundLargeCycle(h, pol, x, solveDense(ev.lu, ev.piv, k, ones), vals)
}

// hubEvaluation holds a policy's affine values: state post[i] is worth
// a[i] + B[i·k:(i+1)·k]·x, and hub h is worth its own row of the hub
// system, hubA[h] + hubB[h·k:(h+1)·k]·x, before it is solved.
type hubEvaluation struct {
	k          int
	a, b       []float64
	hubA, hubB []float64
	lu         []float64 // I − hubB, factorised by solveDense
	piv        []int
}

func newHubEvaluation(n, k int) *hubEvaluation {
	return &hubEvaluation{k: k, a: make([]float64, n), b: make([]float64, n*k), hubA: make([]float64, k), hubB: make([]float64, k*k)}
}

// evaluateAtHubs finds π's affine values and solves the hubs' system.
func (s *solver[S]) evaluateAtHubs(h hubbed, pol []int32, ev *hubEvaluation) ([]float64, error) {
	g, k := s.g, ev.k
	row := func(v int32, a *float64, b []float64) {
		clear(b)
		var sum float64
		m := g.moveStart[v] + pol[s.local[v]]
		lo, hi := g.branches(m)
		for e := lo; e < hi; e++ {
			p := g.p(m, e)
			to := g.to[e]
			sum += p * float64(g.rewardOf(m, e))
			l := s.local[to]
			switch {
			case l < 0:
				sum += p * s.val[to]
			case h.slot[l] < 0:
				b[-1-h.slot[l]] += p
			default:
				j := int(h.slot[l])
				sum += p * ev.a[j]
				for c, bj := range ev.b[j*k : (j+1)*k] {
					b[c] += p * bj
				}
			}
		}
		*a = sum
	}
	for i, v := range h.post {
		if err := s.stop.done(everyFloatStep); err != nil {
			return nil, err
		}
		row(v, &ev.a[i], ev.b[i*k:(i+1)*k])
	}
	for i, v := range h.hubs {
		row(v, &ev.hubA[i], ev.hubB[i*k:(i+1)*k])
	}
	ev.lu = make([]float64, k*k)
	for i := range k {
		for j := range k {
			ev.lu[i*k+j] = -ev.hubB[i*k+j]
		}
		ev.lu[i*k+i]++
	}
	var ok bool
	if ev.piv, ok = factorDense(ev.lu, k); !ok {
		return nil, fmt.Errorf("engine: the cycle through %v: the hubs' system is singular (a policy that never leaves it)", g.States[h.hubs[0]])
	}
	return solveDense(ev.lu, ev.piv, k, ev.hubA), nil
}

// values sets vals (by place) to the evaluated values at hub values x.
func (ev *hubEvaluation) values(h hubbed, x []float64, vals []float64) {
	k := ev.k
	for l := range h.comp {
		sl := h.slot[l]
		if sl < 0 {
			vals[l] = x[-1-sl]
			continue
		}
		v := ev.a[sl]
		for c, b := range ev.b[int(sl)*k : int(sl+1)*k] {
			v += b * x[c]
		}
		vals[l] = v
	}
}

// improve switches each state of the cycle to a move better than its
// current one by more than a relative 1e-12 under vals, and reports
// whether any switched.
func (s *solver[S]) improve(h hubbed, pol []int32, vals []float64) bool {
	g := s.g
	changed := false
	q := func(m int32) float64 {
		var sum float64
		lo, hi := g.branches(m)
		for e := lo; e < hi; e++ {
			to := g.to[e]
			v := s.val[to]
			if l := s.local[to]; l >= 0 {
				v = vals[l]
			}
			sum += g.p(m, e) * (float64(g.rewardOf(m, e)) + v)
		}
		return sum
	}
	for l, v := range h.comp {
		lo, hi := g.moves(v)
		if hi-lo == 1 {
			continue
		}
		cur := q(lo + pol[l])
		best, bestK := cur, pol[l]
		for m := lo; m < hi; m++ {
			if qm := q(m); (g.goal == rules.Minimise && qm < best) || (g.goal == rules.Maximise && qm > best) {
				best, bestK = qm, m-lo
			}
		}
		if bestK != pol[l] && math.Abs(best-cur) > 1e-12*max(math.Abs(best), math.Abs(cur)) {
			pol[l], changed = bestK, true
		}
	}
	return changed
}

// boundLargeCycle proves bounds around the candidate x at the hubs (see
// the comment at the top of this file), w being the expected visits of
// each hub under pol, and stores the cycle's values and errors: the
// candidate values cand (by place), kept within the bounds, and their
// distance to the farther bound.
func (s *solver[S]) boundLargeCycle(h hubbed, pol []int32, x, w, cand []float64) error {
	g, k := s.g, len(h.hubs)
	delta := 0.0
	for i := range k {
		if !(w[i] >= 1) || math.IsInf(w[i], 0) {
			w[i] = 1 // any positive w proves the same; this one only helps δ
		}
		delta = max(delta, math.Abs(x[i])*0x1p-50)
	}
	delta = max(delta, 0x1p-1000)
	minimise := g.goal == rules.Minimise
	lower, upper := make([]float64, len(h.comp)), make([]float64, len(h.comp))
	xl, xh := make([]float64, k), make([]float64, k)
	for range floatBoundRounds {
		if err := s.stop.err(); err != nil {
			return err
		}
		for i := range k {
			xl[i] = x[i] - delta*w[i]
			xh[i] = x[i] + delta*w[i]
		}
		// Minimise: T for the lower bound, T_π for the upper; maximise:
		// T_π for the lower, T for the upper.
		okL := s.boundPass(h, pol, xl, lower, -1, !minimise)
		okH := s.boundPass(h, pol, xh, upper, +1, minimise)
		if altered(s.faults.checked, okL && okH) {
			for l, v := range h.comp {
				lo, hi := lower[l], upper[l]
				c := min(max(cand[l], lo), hi)
				s.val[v] = c
				s.err[v] = max(c-lo, hi-c)*(1+4*unitRoundoff) + 0x1p-1074
				s.policy[v] = pol[l]
			}
			return nil
		}
		delta *= 8
	}
	return g.cycleError(h.comp, fmt.Sprintf("its float64 bound could not be proved within %d widenings", floatBoundRounds))
}

// boundPass computes, with the hubs at x, every other state's value in
// postorder rounded outward (dir −1 down, +1 up) into out (by place), by
// T_π when byPolicy and by T otherwise, and reports whether the hubs pass
// their check: T'(out)(hub) ≤ x (dir +1) or ≥ x (dir −1). The states
// outside the cycle are read at val ∓ err.
func (s *solver[S]) boundPass(h hubbed, pol []int32, x []float64, out []float64, dir float64, byPolicy bool) bool {
	g := s.g
	minimise := g.goal == rules.Minimise
	at := func(to int32) float64 {
		if l := s.local[to]; l >= 0 {
			return out[l]
		}
		// One rounding in b, one in widening it: 4u|b| covers both.
		b := s.val[to] + dir*s.err[to]
		return b + dir*4*unitRoundoff*math.Abs(b)
	}
	q := func(m int32) float64 {
		lo, hi := g.branches(m)
		kk := float64(hi-lo) + 5
		if g.floatMove(m) {
			kk += float64(hi - lo)
		}
		if hi-lo == 1 && !g.floatMove(m) {
			// A sure move: r + v, exact when r or v is 0 (a zero-reward
			// loop must not lose its margin to a rounding that is not
			// there), else within one rounding.
			r, v := float64(g.rewardOf(m, lo)), at(g.to[lo])
			if r == 0 || v == 0 {
				return r + v
			}
			t := r + v // one rounding, and one more widening it: 4u|t|
			return t + dir*4*unitRoundoff*math.Abs(t)
		}
		gamma := kk * unitRoundoff / (1 - kk*unitRoundoff)
		var sum, abs float64
		for e := lo; e < hi; e++ {
			p := g.p(m, e)
			t := float64(g.rewardOf(m, e)) + at(g.to[e])
			sum += p * t
			abs += p * math.Abs(t)
		}
		return sum + dir*gamma*abs*(1+4*kk*unitRoundoff)
	}
	opt := func(v int32) float64 {
		lo, hi := g.moves(v)
		if byPolicy || hi-lo == 1 {
			return q(lo + pol[s.local[v]])
		}
		best := q(lo)
		for m := lo + 1; m < hi; m++ {
			if qm := q(m); (minimise && qm < best) || (!minimise && qm > best) {
				best = qm
			}
		}
		return best
	}
	for i, v := range h.hubs {
		out[s.local[v]] = x[i]
	}
	for _, v := range h.post {
		out[s.local[v]] = opt(v)
	}
	for i, v := range h.hubs {
		gx := opt(v)
		if (dir > 0 && !(gx <= x[i])) || (dir < 0 && !(gx >= x[i])) {
			return false
		}
	}
	return true
}

// factorDense factorises the k×k matrix a (row-major) in place by Gaussian
// elimination with partial pivoting, and reports whether it is regular.
func factorDense(a []float64, k int) ([]int, bool) {
	piv := make([]int, k)
	for c := range k {
		p := c
		for r := c + 1; r < k; r++ {
			if math.Abs(a[r*k+c]) > math.Abs(a[p*k+c]) {
				p = r
			}
		}
		piv[c] = p
		if a[p*k+c] == 0 {
			return nil, false
		}
		if p != c {
			for j := range k {
				a[p*k+j], a[c*k+j] = a[c*k+j], a[p*k+j]
			}
		}
		for r := c + 1; r < k; r++ {
			f := a[r*k+c] / a[c*k+c]
			a[r*k+c] = f
			for j := c + 1; j < k; j++ {
				a[r*k+j] -= f * a[c*k+j]
			}
		}
	}
	return piv, true
}

// solveDense solves a·x = b with a factorised by factorDense.
func solveDense(a []float64, piv []int, k int, b []float64) []float64 {
	x := append([]float64(nil), b...)
	// The row exchanges first, in order: the multipliers below were
	// exchanged with their rows at every later step.
	for c, p := range piv {
		x[p], x[c] = x[c], x[p]
	}
	for c := range k {
		for r := c + 1; r < k; r++ {
			x[r] -= a[r*k+c] * x[c]
		}
	}
	for r := k - 1; r >= 0; r-- {
		for j := r + 1; j < k; j++ {
			x[r] -= a[r*k+j] * x[j]
		}
		x[r] /= a[r*k+r]
	}
	return x
}
