package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"

	"github.com/chancecheck/chancecheck/rules"
)

// ErrNoBound is wrapped by the error of interval iteration when the lower
// and the upper bound of a cycle of a game of two players do not meet:
// both players can keep a play going forever inside it without either
// gaining by leaving, or the cycle is too slow to settle.
var ErrNoBound = errors.New("the bounds did not meet")

// Interval iteration's stopping rule, per cycle (strongly connected
// component) of a game of two players.
const (
	// gameGap is the widest gap hi − lo a cycle's states may keep, relative
	// to max(1, the largest value the cycle can reach): 2⁻⁴⁶ ≈ 1.4e-14,
	// far below any judge's tolerance, and some hundred roundings above
	// float64's own resolution, so that the gap can close.
	gameGap = 0x1p-46
	// gameFloor is the widest gap accepted from a cycle whose gap a sweep
	// no longer narrows, 2⁻²⁴ ≈ 6e-8: the floor that rounding leaves is
	// about a rounding over the chance of leaving the cycle in a sweep
	// (3e-11 for a cycle left with chance 2e-4). The gap is the proved
	// bound either way; the caller judges whether it is narrow enough
	// (props.RulesOf.MaxError), and a gap wider than this is no floor of
	// rounding but an end component (ErrNoBound).
	gameFloor = 0x1p-24
	// stallSweeps: a cycle whose gap has not shrunk by a thousandth over
	// this many sweeps is refused (ErrNoBound) rather than iterated for
	// ever: the upper bound converges to the greatest fixed point, which
	// lies above the value where both players can stay in the cycle.
	stallSweeps = 1 << 12
	// floorSweeps: a gap within gameFloor is taken as rounding's floor
	// only once this many sweeps in a row have not narrowed it. One sweep
	// is not enough: a cycle's widest gap can hold still for a sweep or
	// two while news travels round the cycle, and then narrow again (a
	// game of 7 states stopped at a gap of 9.4e-9 after one such sweep,
	// where iteration goes on to 1e-14).
	floorSweeps = 1 << 6
	// cancelSweeps: a cycle's iteration looks at its context every this
	// many sweeps (a sweep over a large cycle is the long step).
	cancelSweeps = 1 << 4
)

// The value of a game of two players (rules.Rules.Mover) is that of the
// game cut after n moves, as n grows: a cut play counts the rewards it
// gathered and no end value. So a play that never ends is worth its
// rewards alone (0 in a win/loss game: a loss for the maximiser, who must
// end the play to win), and the value is the least fixed point of the
// Bellman operator T (max over the maximiser's moves, min over the
// minimiser's, the average over chance). Interval iteration (Haddad &
// Monmege 2018; Kelmendi, Krämer, Křetínský & Weininger 2018 for games)
// bounds it from both sides: lo starts at 0 ≤ the value, hi at a value no
// play can exceed, and each sweep applies T to both, rounding lo down and
// hi up. T is monotone, so lo ≤ value ≤ hi after every sweep, whatever the
// number of sweeps: the bound is proved, not estimated. lo rises to the
// value; hi falls to the greatest fixed point, the same one unless both
// players can keep a play in the cycle for ever (an end component), where
// the gap stays open and the engine refuses (ErrNoBound) instead of giving
// an unproved answer.
//
// hi needs a start: with rewards 0 on every move inside the cycle, no play
// from it gets more than the best it can get on leaving (M below). A
// reward inside a cycle has no such bound (the maximiser could loop to
// gather it), so a game of two players must not have one.

// gameSolver holds interval iteration's bounds and strategies.
type gameSolver[S comparable] struct {
	g      *Graph[S]
	maxer  []bool // the maximiser moves at the state
	lo, hi []float64
	policy []int32 // the move of the player to move
	compOf []int32 // the index of the state's strongly connected component
	place  []int32 // a state's place in the cycle endsSurely is looking at, else −1
	// extrapolateStates: the cycles of at least this many states are
	// tried by extrapolate first.
	extrapolateStates int
	// factors[k] is newRoundingFactor(k) for the small k.
	factors [64]roundingFactor
	faults  faults // the faults a test plants (faults.go)
}

// solveTwoPlayer solves an explored game of two players by interval
// iteration over its cycles in reverse topological order; on a graph of at
// most opts.ExactStates states it then tries to make the value exact
// (exactGame). It stops with ctx's error when ctx is done: checked between
// components, every few sweeps of a cycle and while building the
// distribution.
func (g *Graph[S]) solveTwoPlayer(ctx context.Context, opts Options) (Result[S], error) {
	gs, err := newGameSolver(g, opts)
	if err != nil {
		return Result[S]{}, err
	}
	r, n := g.rules, len(g.States)
	res := Result[S]{States: n, Method: "interval iteration"}
	comps := g.components()
	if res.Cycles, res.LargestCycle, err = gs.solveComponents(ctx, comps, runtime.GOMAXPROCS(0), parallelLevel); err != nil {
		return Result[S]{}, err
	}
	res.Components = comps.len()
	res.ByMethod = map[string]int{MethodInterval: res.Cycles, MethodInduction: comps.len() - res.Cycles}
	lo, hi := gs.lo[0], gs.hi[0]
	res.Value = lo + (hi-lo)/2
	// hi − mid and mid − lo are each exact or one rounding off.
	res.ErrorBound = max(hi-res.Value, res.Value-lo) * (1 + 4*unitRoundoff)
	res.Policy = make(rules.Policy[S], n/2)
	for i, m := range gs.policy {
		if g.numMoves(int32(i)) > 1 {
			res.Policy[g.States[i]] = int(m)
		}
	}
	if opts.PMF {
		var steps int
		res.PMF, res.PMFTail, steps, err = g.distribution(ctx, gs.policy, opts.PMFTail, opts.MaxPMFSteps, gs.faults)
		if err != nil {
			return Result[S]{}, err
		}
		res.PMFCut = pmfCut(res.PMFTail, opts, steps)
	}
	if opts.ExactStates > 0 && n <= opts.ExactStates {
		frac := exactGame(ctx, r, res.Policy, opts)
		if err := ctx.Err(); err != nil {
			return Result[S]{}, err
		}
		if frac != nil {
			res.Fraction, res.ErrorBound, res.Method = frac, 0, "exact"
			res.Value, _ = frac.Float64()
		}
	}
	return res, nil
}

// newGameSolver sets up interval iteration on g, a game of two players.
func newGameSolver[S comparable](g *Graph[S], opts Options) (*gameSolver[S], error) {
	r, n := g.rules, len(g.States)
	gs := &gameSolver[S]{g: g, lo: make([]float64, n), hi: make([]float64, n), maxer: make([]bool, n),
		policy: make([]int32, n), compOf: make([]int32, n), place: make([]int32, n), faults: opts.faults.orNone(),
		extrapolateStates: opts.extrapolateStates}
	if gs.extrapolateStates == 0 {
		gs.extrapolateStates = extrapolateStates
	}
	for i := range gs.place {
		gs.place[i] = -1
	}
	for i, s := range g.States {
		if g.ended(int32(i)) {
			continue
		}
		switch r.Mover(s) {
		case rules.Maximise:
			gs.maxer[i] = true
		case rules.Minimise:
		default:
			return nil, fmt.Errorf("state %v: Mover says %d, neither Maximise nor Minimise", s, r.Mover(s))
		}
	}
	for k := range gs.factors {
		gs.factors[k] = newRoundingFactor(k)
	}
	return gs, nil
}

// update applies T to state v, both bounds, and keeps the move of the
// player to move: the maximiser's best lower bound (what it can
// guarantee), the minimiser's best upper bound.
func (gs *gameSolver[S]) update(v int32) {
	g := gs.g
	if e := g.end[v]; e != notEnded {
		gs.lo[v], gs.hi[v] = float64(e), float64(e)
		return
	}
	var lo, hi float64
	first, last := g.moves(v)
	for m := first; m < last; m++ {
		ql, qh := gs.bounds(m)
		k := m - first
		switch {
		case k == 0:
			lo, hi, gs.policy[v] = ql, qh, 0
		case gs.maxer[v]:
			if ql > lo {
				lo, gs.policy[v] = ql, k
			}
			hi = max(hi, qh)
		default:
			if qh < hi {
				hi, gs.policy[v] = qh, k
			}
			lo = min(lo, ql)
		}
	}
	gs.lo[v], gs.hi[v] = lo, hi
}

// bounds is move m's value Σ p (r + v) under lo, rounded down, and under
// hi, rounded up. Every term is non-negative, so the float sum q̃ is within
// γ q of the exact q (γ = γ_{k+5} as in qFloat, γ_{2k+5} for branches
// given by Prob); q̃(1 − 4γ), itself rounded once more, is then below q,
// and q̃(1 + 4γ) above. Each rounding that underflows may lose up to half
// the smallest subnormal besides, which the absolute slack covers.
func (gs *gameSolver[S]) bounds(m int32) (lo, hi float64) {
	g := gs.g
	a, b := g.branches(m)
	k := int(b-a) + 5
	if g.floatMove(m) {
		k += int(b - a)
	}
	var ql, qh float64
	p, reward := g.shapeOf(m)
	to := g.to[a:b:b]
	for j, w := range to {
		r := float64(reward[j])
		ql += p[j] * (r + gs.lo[w])
		qh += p[j] * (r + gs.hi[w])
	}
	f := gs.factor(k)
	return max(0, ql*f.down-f.slack), qh*f.up + f.slack
}

// roundingFactor is what bounds multiplies a sum of k roundings by, down
// and up, and the absolute slack it adds for underflow.
type roundingFactor struct{ down, up, slack float64 }

// factor is the roundingFactor of k roundings, from a table of the small
// k that most moves have.
func (gs *gameSolver[S]) factor(k int) roundingFactor {
	if k < len(gs.factors) {
		return gs.factors[k]
	}
	return newRoundingFactor(k)
}

func newRoundingFactor(k int) roundingFactor {
	kf := float64(k)
	gamma := kf * unitRoundoff / (1 - kf*unitRoundoff)
	return roundingFactor{down: 1 - 4*gamma, up: 1 + 4*gamma, slack: 2 * kf * 0x1p-1074}
}

// solveCycle runs interval iteration on one cycle until every state's gap
// is at most gameGap·max(1, M), M being the most a play can get on leaving
// the cycle (hi's start), or until ctx is done (its error; checked every
// cancelSweeps sweeps).
func (gs *gameSolver[S]) solveCycle(ctx context.Context, comp []int32) error {
	g := gs.g
	c := gs.compOf[comp[0]]
	// Successors first: a state found later in the breadth-first order
	// tends to lie further along the plays, so each sweep carries news
	// down a whole chain of moves (Gauss–Seidel) instead of one step.
	slices.Sort(comp)
	slices.Reverse(comp)
	top := 0.0
	for _, v := range comp {
		first, last := g.moves(v)
		for m := first; m < last; m++ {
			lo, hi := g.branches(m)
			for e := lo; e < hi; e++ {
				w, r := g.to[e], g.rewardOf(m, e)
				switch {
				case gs.compOf[w] != c:
					// r + hi, rounded up.
					top = max(top, math.Nextafter(float64(r)+gs.hi[w], math.Inf(1)))
				case r != 0:
					return fmt.Errorf("engine: state %v of a game of two players: a reward of %d on a move that stays in a cycle of %d states; interval iteration needs a bound to start from, which such a reward does not have (count it at the end instead)", g.States[v], r, len(comp))
				}
			}
		}
	}
	top = altered(gs.faults.top, top)
	for _, v := range comp {
		gs.lo[v], gs.hi[v] = 0, top
	}
	scale := max(1, top)
	if len(comp) >= gs.extrapolateStates && gs.endsSurely(comp) {
		if gs.extrapolate(ctx, comp, scale) {
			return nil
		}
		for _, v := range comp {
			gs.lo[v], gs.hi[v] = 0, top // extrapolate's guesses are no bounds
		}
	}
	if gs.optimistic(ctx, comp, scale) {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, v := range comp {
		gs.hi[v] = top // lo keeps what the optimistic sweeps reached
	}
	lastGap, lastWindow := math.Inf(1), math.Inf(1)
	flat := 0 // sweeps since the gap last narrowed
	for sweep := 1; ; sweep++ {
		if sweep%cancelSweeps == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		gap := 0.0
		for _, v := range comp {
			gs.update(v)
			gap = max(gap, gs.hi[v]-gs.lo[v])
		}
		if gap <= gameGap*scale {
			return nil
		}
		// Each sweep's own rounding keeps the gap from closing below some
		// floor (a few roundings over the cycle's chance of leaving per
		// sweep); once sweeps no longer narrow it, a gap within gameFloor
		// is the answer's proved bound.
		if gap < lastGap {
			lastGap, flat = gap, 0
		} else if flat++; flat >= floorSweeps && gap <= gameFloor*scale {
			return nil
		}
		if sweep%stallSweeps == 0 {
			if gap > lastWindow*0.999 && gap <= gameFloor*scale {
				return nil // narrowing by roundings only
			}
			if gap > lastWindow*0.999 {
				return fmt.Errorf("engine: the cycle of %d states through %v: after %d sweeps of interval iteration its values lie in intervals up to %.3g wide, no longer shrinking (both players can keep a play in it for ever, or it settles too slowly): %w",
					len(comp), g.States[comp[0]], sweep, gap, ErrNoBound)
			}
			lastWindow = gap
		}
	}
}

// Optimistic value iteration's constants, relative to max(1, M).
const (
	// optimisticStep: the lower bound alone is iterated until no sweep
	// raises it by more than this, 2⁻⁴⁶ ≈ 1.4e-14.
	optimisticStep   = 0x1p-46
	optimisticSweeps = 1 << 12
	// optimisticGuess is how far above the lower bound (and the gaps the
	// cycle inherits) the upper bound is first guessed, 2⁻⁴² ≈ 2.3e-13,
	// then 64 times that: enough above the lower bound, which stops within
	// about optimisticStep·ρ/(1 − ρ) of the value, for a cycle left with
	// chance 1 − ρ = 6% a sweep, then 0.1%, to verify it.
	optimisticGuess = 0x1p-42
	// verifyRounds bounds the sweeps over one guess before it is given up.
	verifyRounds = 8
)

// optimistic is optimistic value iteration (Hartmanns & Kaminski 2020) on
// one cycle, and reports whether it proved the bounds: the lower bound
// alone is iterated (half the work of a sweep of both), then an upper
// bound y is guessed a little above it and verified: where T(y) ≤ y
// (computed rounding up, every state from the same y), y lies above the
// least fixed point, the value (Knaster–Tarski: it is the least such y),
// and so does T(y), which becomes hi. A guess that fails leaves interval
// iteration to go on from the lower bound reached.
//
// It gives up, reporting false, when ctx is done.
func (gs *gameSolver[S]) optimistic(ctx context.Context, comp []int32, scale float64) bool {
	converged := false
	for sweep := 0; sweep < optimisticSweeps && !converged; sweep++ {
		if sweep%cancelSweeps == 0 && ctx.Err() != nil {
			return false
		}
		change := 0.0
		for _, v := range comp {
			old := gs.lo[v]
			gs.raiseLower(v)
			change = max(change, gs.lo[v]-old)
		}
		converged = change <= optimisticStep*scale
	}
	if !converged {
		return false
	}
	// The states the cycle leads to carry gaps of their own, which its
	// upper bound inherits: the guess starts above the widest of them.
	inherited := gs.inheritedGap(comp)
	// A guess shifted evenly is seldom inductive at once (a state whose
	// branches all stay in the cycle keeps the shift and adds a rounding),
	// so each round first sweeps T over it, then verifies.
	next := make([]float64, len(comp))
	for _, guess := range []float64{optimisticGuess, optimisticGuess * 0x1p6} {
		for _, v := range comp {
			gs.hi[v] = gs.lo[v] + inherited + guess*scale
		}
		for range verifyRounds {
			for _, v := range comp {
				gs.hi[v] = gs.upper(v)
			}
			if altered(gs.faults.verified, gs.verify(comp, next)) {
				gs.lowerUpper(comp, scale)
				return true
			}
		}
	}
	return false
}

// verify reports whether T(hi) ≤ hi at every state of the cycle (every
// state from the same hi, rounding up), and if so sets hi to T(hi).
func (gs *gameSolver[S]) verify(comp []int32, next []float64) bool {
	for l, v := range comp {
		if next[l] = gs.upper(v); next[l] > gs.hi[v] {
			return false
		}
	}
	for l, v := range comp {
		gs.hi[v] = next[l]
	}
	return true
}

// lowerUpper applies T to the verified upper bounds (which keeps them
// above the value) until a sweep lowers none by more than
// optimisticStep·scale, or for at most optimisticSweeps sweeps.
func (gs *gameSolver[S]) lowerUpper(comp []int32, scale float64) {
	for range optimisticSweeps {
		change := 0.0
		for _, v := range comp {
			q := min(gs.hi[v], gs.upper(v))
			change = max(change, gs.hi[v]-q)
			gs.hi[v] = q
		}
		if change <= optimisticStep*scale {
			return
		}
	}
}

// raiseLower applies T to state v's lower bound, keeping the better of
// the old and the new (both are lower bounds), and the maximiser's move
// that guarantees it.
func (gs *gameSolver[S]) raiseLower(v int32) {
	gs.lo[v] = max(gs.lo[v], gs.lower(v))
}

// lower is T of the lower bounds at state v, rounded down, and keeps the
// maximiser's move that guarantees it.
func (gs *gameSolver[S]) lower(v int32) float64 {
	g := gs.g
	first, last := g.moves(v)
	best := 0.0
	for m := first; m < last; m++ {
		q := gs.bound(m, gs.lo, false)
		k := m - first
		switch {
		case k == 0:
			best = q
			if gs.maxer[v] {
				gs.policy[v] = 0
			}
		case gs.maxer[v]:
			if q > best {
				best, gs.policy[v] = q, k
			}
		default:
			best = min(best, q)
		}
	}
	return best
}

// upper is T of the upper bounds at state v, rounded up, and keeps the
// minimiser's move that holds the maximiser to it.
func (gs *gameSolver[S]) upper(v int32) float64 {
	g := gs.g
	first, last := g.moves(v)
	best := 0.0
	for m := first; m < last; m++ {
		q := gs.bound(m, gs.hi, true)
		k := m - first
		switch {
		case k == 0:
			best = q
			if !gs.maxer[v] {
				gs.policy[v] = 0
			}
		case gs.maxer[v]:
			best = max(best, q)
		default:
			if q < best {
				best, gs.policy[v] = q, k
			}
		}
	}
	return best
}

// bound is move m's value Σ p (r + v) under val, rounded down, or up when
// up is set, as bounds does for both.
func (gs *gameSolver[S]) bound(m int32, val []float64, up bool) float64 {
	g := gs.g
	a, b := g.branches(m)
	k := int(b-a) + 5
	if g.floatMove(m) {
		k += int(b - a)
	}
	// Two sums, of the even and the odd branches: each add waits on the
	// one before it, and two chains run side by side. The rounding bound
	// holds for any order of summation (a tree of k terms is at most k−1
	// adds deep).
	var q, q1 float64
	p, reward := g.shapeOf(m)
	to := g.to[a:b:b]
	j := 1
	for ; j < len(to); j += 2 {
		q += p[j-1] * (float64(reward[j-1]) + val[to[j-1]])
		q1 += p[j] * (float64(reward[j]) + val[to[j]])
	}
	if j == len(to) {
		q += p[j-1] * (float64(reward[j-1]) + val[to[j-1]])
	}
	q += q1
	f := gs.factor(k)
	if up {
		return q*f.up + f.slack
	}
	return max(0, q*f.down-f.slack)
}

// inheritedGap is the widest gap hi − lo among the states outside the
// cycle comp that it leads to: a guessed upper bound of the cycle starts
// at least that far above its lower bound.
func (gs *gameSolver[S]) inheritedGap(comp []int32) float64 {
	inherited := 0.0
	c := gs.compOf[comp[0]]
	for _, v := range comp {
		lo, hi := gs.g.edgeRange(v)
		for _, w := range gs.g.to[lo:hi] {
			if gs.compOf[w] != c {
				inherited = max(inherited, gs.hi[w]-gs.lo[w])
			}
		}
	}
	return inherited
}
