package cli

import (
	"math"

	"github.com/chancecheck/chancecheck/props"
)

// withDigits applies `solve GAME --digits N`: the game prints N decimals
// instead of its own number (props.Spec.Digits; traps prints 3, rounded half
// up on the exact value); 0 keeps the game's own.
func withDigits(g props.Game, digits int) (props.Game, error) {
	if digits == 0 {
		return g, nil
	}
	if digits < 0 || digits > 1000 {
		return nil, usagef("--digits must be in 1..1000, got %d", digits)
	}
	return g.WithDigits(digits), nil
}

// floatSignificant is how many significant decimal digits a float64
// answer holds: 15 read back through any float64 (DBL_DIG).
const floatSignificant = 15

// floatHoldsDigits refuses --digits past what the answers hold: a float64
// near 62.8 holds 13 decimals, and the 40 asked for would print float
// noise (62.8000000000005158…) as if it were the answer. digits 0 (the
// game's own) is always held.
func floatHoldsDigits(sols []props.Solution, digits int) error {
	if digits == 0 {
		return nil
	}
	for i, s := range sols {
		whole := 0 // the digits before the point
		if a := math.Abs(s.Value); a >= 1 {
			whole = int(math.Floor(math.Log10(a))) + 1
		}
		if held := floatSignificant - whole; digits > held {
			return usagef("--digits %d: case %d's answer (%.6g) is a float64, which holds %d decimal(s) there: the digits past them would be noise; ask for at most %d, or for the exact fraction with --exact",
				digits, i+1, s.Value, max(0, held), max(1, held))
		}
	}
	return nil
}
