package engine

import (
	"context"
	"math"
)

// extrapolateStates is the fewest states a cycle of a game of two players
// must have to be solved by extrapolate first: below it, interval
// iteration's sweeps cost less than the proof's reverse lists, and the
// small cycles keep the method their hand-derived cases were checked by.
const extrapolateStates = 1 << 12

// Extrapolated iteration's constants.
const (
	// settleSweeps bounds the sweeps of one side before it is given up.
	settleSweeps = 1 << 12
	// jumpCalm: a jump needs this many sweeps since the last one, and two
	// ratios λ of successive changes that agree to within jumpAgree·(1 − λ)
	// (the slowest mode then dominates the change; a looser or stricter
	// agreement waits longer for it on two-dice Pig). A wrong jump costs
	// sweeps, never a bound: verifySide decides.
	jumpCalm  = 3
	jumpAgree = 0.05
	// settleFloor: a change of at most 2⁻⁵¹ relative to max(1, M) is a
	// few ulps of the values, rounding's.
	settleFloor = 0x1p-51
	// settleShift is how far below (above) its settled values a side is
	// moved before it is verified, relative to max(1, M): 2⁻⁴⁴ ≈ 5.7e-14,
	// a few times optimisticStep, the change at which a side counts as
	// settled.
	settleShift = 0x1p-44
)

// extrapolate solves a cycle that every play leaves with probability 1
// (endsSurely), and reports whether it proved both bounds. Each side is
// iterated on its own, in place (Gauss–Seidel), by T rounded down for lo
// and up for hi; once the change from one sweep to the next shrinks by a
// steady ratio λ (a single slowest mode left), the side jumps by the
// change times λ/(1 − λ), the sum of the sweeps to come (Aitken's
// extrapolation, vector by vector). The jumps are guesses, no bound, so
// once a side has settled it is moved a little outward and verified: a
// sweep in place in which no state of lo falls leaves lo ≤ T(lo) (each
// state took T at values no higher than the final ones, T being
// monotone), which endsSurely's proof puts below the value; a sweep in
// which no state of hi rises leaves hi ≥ T(hi), above the least fixed
// point, the value. A side that does not settle or verify makes it report
// false, with lo and hi holding guesses that the caller must drop.
//
// It gives up, reporting false, when ctx is done.
func (gs *gameSolver[S]) extrapolate(ctx context.Context, comp []int32, scale float64) bool {
	prev := make([]float64, len(comp))
	for _, v := range comp {
		gs.lo[v] = 0
	}
	if !gs.settle(ctx, comp, false, scale, prev) || !gs.verifySide(comp, false, scale, prev) {
		return false
	}
	// hi starts above lo by the gaps the cycle inherits from the states
	// it leads to, as in optimistic.
	inherited := gs.inheritedGap(comp)
	for _, v := range comp {
		gs.hi[v] = gs.lo[v] + inherited
	}
	return gs.settle(ctx, comp, true, scale, prev) && gs.verifySide(comp, true, scale, prev)
}

// sweepSide applies T to one side in place, state by state in comp's
// order (lo rounded down, hi rounded up), and returns the widest change
// and whether some state fell (rose, for hi). prev gets the values before.
func (gs *gameSolver[S]) sweepSide(comp []int32, up bool, prev []float64) (change float64, against bool) {
	val := gs.lo
	if up {
		val = gs.hi
	}
	for l, v := range comp {
		old := val[v]
		prev[l] = old
		var q float64
		if up {
			q = gs.upper(v)
		} else {
			q = gs.lower(v)
		}
		val[v] = q
		change = max(change, math.Abs(q-old))
		if up && q > old || !up && q < old {
			against = true
		}
	}
	return change, against
}

// settle iterates one side with Aitken's jumps until the sweeps to come
// would move no state by more than optimisticStep·scale (estimated from
// the last change and ratio), and reports whether it did within
// settleSweeps sweeps (false also when ctx is done).
func (gs *gameSolver[S]) settle(ctx context.Context, comp []int32, up bool, scale float64, prev []float64) bool {
	val := gs.lo
	if up {
		val = gs.hi
	}
	lastChange, lastRatio := math.Inf(1), 0.0
	calm := 0
	for sweep := range settleSweeps {
		if sweep%cancelSweeps == 0 && ctx.Err() != nil {
			return false
		}
		change, _ := gs.sweepSide(comp, up, prev)
		ratio := change / lastChange
		// The sweeps to come would move the side by about change·λ/(1 − λ)
		// (λ is known from the second sweep on); a change of an ulp or
		// two is rounding's, which no sweep takes further.
		if sweep > 0 && change*max(1, ratio/(1-min(ratio, 0.99))) <= optimisticStep*scale || change <= settleFloor*scale {
			return true
		}
		calm++
		if calm >= jumpCalm && ratio < 1 && math.Abs(ratio-lastRatio) <= (1-ratio)*jumpAgree {
			f := ratio / (1 - ratio)
			for l, v := range comp {
				// Values stay non-negative: the rounding bound of a
				// move's sum needs terms of one sign.
				val[v] = max(0, val[v]+(val[v]-prev[l])*f)
			}
			calm = 0
		}
		lastChange, lastRatio = change, ratio
	}
	return false
}

// verifySide moves a settled side outward by settleShift·scale and sweeps
// it in place until a sweep moves no state against its side (the proof
// in extrapolate), for at most verifyRounds sweeps; prev is sweepSide's
// scratch, one value a state of comp.
func (gs *gameSolver[S]) verifySide(comp []int32, up bool, scale float64, prev []float64) bool {
	val, shift := gs.lo, -settleShift*scale
	if up {
		val, shift = gs.hi, -shift
	}
	for _, v := range comp {
		val[v] = max(0, val[v]+shift)
	}
	ok := false
	for range verifyRounds {
		if _, against := gs.sweepSide(comp, up, prev); !against {
			ok = true
			break
		}
	}
	if up {
		return altered(gs.faults.verified, ok)
	}
	return altered(gs.faults.lowerVerified, ok)
}
