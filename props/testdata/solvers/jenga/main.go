// Command jenga answers Colored Jenga (Codeforces 424E) with the project's
// analyst (exact.SolveJenga): the correct solution the cross-check must never
// flag. An optional first argument plants a contestant's slip:
//
//	firsttop  the first line of the tower is taken as its top, as the
//	          statement's wording suggests and its sample contradicts
package main

import (
	"fmt"
	"os"
	"slices"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/jenga"
)

func main() {
	t, err := jenga.Parse(os.Stdin, "stdin")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if len(os.Args) > 1 && os.Args[1] == "firsttop" {
		slices.Reverse(t.Levels)
	}
	sol, err := exact.SolveJenga(t)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%.12f\n", sol.Expected)
}
