package specs_test

import (
	"fmt"

	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/props/specs"
)

// The boards one step simpler than a board with a ladder and a snake: each
// without one of its jumps.
func ExampleSnakes_simpler() {
	b := snakes.Board{Jumps: []snakes.Jump{{From: 2, To: 50}, {From: 99, To: 1}}}
	for _, s := range specs.Snakes().Simpler(b) {
		fmt.Println(s.(snakes.Board).Jumps)
	}
	// Output:
	// [{99 1}]
	// [{2 50}]
}
