package specs

import "github.com/chancecheck/chancecheck/props"

// TrapsTolerance is the checker's tolerance for the statement's three
// decimals: either rounding of an exact tie (half up, as the statement asks,
// or C printf's half to even) is within 0.0005 of the exact value; 1e-9
// absorbs the decimal-to-binary error of the printed number.
const TrapsTolerance = 0.0005 + 1e-9

// TrapsFullPrecisionTolerance is the tolerance with --full-precision, for
// solvers that print more than three decimals.
const TrapsFullPrecisionTolerance = 1e-6

// trapsAgrees is the judge's rule: within ±0.0005 (+1e-9) of the exact value, so
// that any correct rounding to three decimals passes and nothing else does;
// within 1e-6 with fullPrecision. The exact value is ours.Fraction when
// there is one.
func trapsAgrees(ours props.Solution, theirs float64, fullPrecision bool) bool {
	v := ours.Value
	if ours.Fraction != nil {
		v, _ = ours.Fraction.Float64()
	}
	if fullPrecision {
		return props.Tolerance{Abs: TrapsFullPrecisionTolerance}.Accepts(v, theirs)
	}
	return props.Tolerance{Abs: TrapsTolerance}.Accepts(v, theirs)
}
