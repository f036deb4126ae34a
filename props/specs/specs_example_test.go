package specs_test

import (
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/props/specs"
)

// The built-in games as the chancecheck command runs them: each with its
// rules beside its analyst, so that a small jenga tower gets the engine's
// exact fraction; the engine is on call, confirming the analyst before a
// solver that disagrees with it is blamed.
func ExampleAll() {
	for _, g := range specs.All() {
		if g.Name() != "jenga" {
			continue
		}
		boards, _ := g.Parse(strings.NewReader("2\nRGB\nGRG\n"), "tower.in")
		sol, _ := g.Answer(boards[0])
		frac, _ := g.Fraction(boards[0], sol)
		fmt.Println(g.Name(), frac, "by", sol.Oracle)
	}
	// Output:
	// jenga 1082/125 by the analyst (the rules engine confirms it where a solver disagrees)
}
