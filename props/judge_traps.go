package props

import "fmt"

// TrapsTolerance is the checker's tolerance for the statement's three
// decimals: either rounding of an exact tie (half up, as the statement asks,
// or C printf's half to even) is within 0.0005 of the exact value; 1e-9
// absorbs the decimal-to-binary error of the printed number.
const TrapsTolerance = 0.0005 + 1e-9

// TrapsFullPrecisionTolerance is the tolerance with --full-precision, for
// solvers that print more than three decimals.
const TrapsFullPrecisionTolerance = 1e-6

// ParseAnswers implements Judge: one probability (a single maze per input).
func (Traps) ParseAnswers(out []byte, n int) ([]float64, error) {
	return parseAnswerLines(out, n, func(_ int, f []string) (string, string) {
		if len(f) != 1 {
			return "", fmt.Sprintf("%d fields, want one probability", len(f))
		}
		return f[0], ""
	})
}

// Agrees implements Judge: within ±0.0005 (+1e-9) of the exact value, so
// that any correct rounding to three decimals passes and nothing else does;
// within 1e-6 with fullPrecision. The exact value is ours.Fraction when
// there is one.
func (Traps) Agrees(ours Solution, theirs float64, fullPrecision bool) bool {
	v := ours.Value
	if ours.Fraction != nil {
		v, _ = ours.Fraction.Float64()
	}
	if fullPrecision {
		return withinAbs(v, theirs, TrapsFullPrecisionTolerance)
	}
	return withinAbs(v, theirs, TrapsTolerance)
}
