package engine

import (
	"math"
	"math/big"
	"testing"

	"github.com/chancecheck/chancecheck/rules"
)

// landing is a walk of steps 1 (weight 1) or 2 (weight 3) from 0, or of
// none (weight loop), each step paying reward, that wins 1 more when it lands on n exactly: an
// acyclic graph of n+2 states whose float solution carries a rounding error
// at every state.
func landing(n, reward int, loop int64) rules.Rules[int] {
	return rules.Rules[int]{
		End: func(s int) (int, bool) {
			if s < n {
				return 0, false
			}
			if s == n {
				return 1, true
			}
			return 0, true
		},
		Chance: func(s int) []rules.Branch[int] {
			outs := []rules.Branch[int]{w(1, s+1, reward), w(3, s+2, reward)}
			if loop > 0 { // a wasted step, back to s
				outs = append(outs, w(loop, s, reward))
			}
			return outs
		},
	}
}

// floatError solves r exactly and in float64 and returns the float's error
// and its bound.
func floatError(t *testing.T, r rules.Rules[int], opts Options) (float64, float64) {
	t.Helper()
	exact, err := Solve(r, Options{ExactStates: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	opts.ExactStates = -1
	fl, err := Solve(r, opts)
	if err != nil {
		t.Fatal(err)
	}
	diff := new(big.Rat).Sub(new(big.Rat).SetFloat64(fl.Value), exact.Fraction)
	d, _ := diff.Float64()
	return math.Abs(d), fl.ErrorBound
}

// The float64 bound covers the error actually made, and is not vacuous:
// within a thousand times the error on a long walk. Forgetting the errors
// carried in from the states after (the planted bug) leaves a bound below
// the error.
func TestFloatErrorBound(t *testing.T) {
	for _, tt := range []struct {
		n, reward int
		loop      int64
	}{{10, 0, 0}, {300, 0, 0}, {1000, 1, 0}, {300, 1, 2}} {
		n := tt.n
		e, bound := floatError(t, landing(n, tt.reward, tt.loop), Options{})
		if e > bound {
			t.Errorf("n = %d: error %g beyond the bound %g", n, e, bound)
		}
		if bound > 1000*max(e, 1e-16*float64(n)) {
			t.Errorf("n = %d: bound %g is vacuous", n, bound)
		}
		t.Logf("n = %d: error %g, bound %g", n, e, bound)
	}
	for _, loop := range []int64{0, 2} {
		e, bound := floatError(t, landing(1000, 1, loop), Options{faults: faultFloatBound()})
		if e <= bound {
			t.Errorf("loop weight %d: the planted bound %g still covers the error %g", loop, bound, e)
		}
	}
}
