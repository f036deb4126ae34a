package cli

import "github.com/chancecheck/chancecheck/props"

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
