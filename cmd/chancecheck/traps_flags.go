package main

import "github.com/chancecheck/chancecheck/props"

// withDigits applies `solve GAME --digits N`: games that print a fixed
// number of decimals (props.DigitsSetter: traps prints 3, rounded half up on
// the exact value) print N instead; 0 keeps the statement's format. Other
// games reject the flag, since their output format is not theirs to change.
func withDigits(g props.Game, digits int) (props.Game, error) {
	if digits == 0 {
		return g, nil
	}
	if digits < 0 || digits > 1000 {
		return nil, usagef("--digits must be in 1..1000, got %d", digits)
	}
	ds, ok := g.(props.DigitsSetter)
	if !ok {
		return nil, usagef("%s does not take --digits: its output format is fixed", g.Name())
	}
	return ds.WithDigits(digits), nil
}
