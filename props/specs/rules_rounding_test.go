package specs

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
)

// illConditionedSnakes is a board rapid drew while shrinking a failure of
// snakes' sweeps slip (check snakes --solver 'snakes sweeps' --seed 8): 40
// jumps, most of them snakes down to cell 5, some 21,251 expected throws.
// Gaussian elimination in float64 loses digits on it.
var illConditionedSnakes = [][2]int{{2, 5}, {3, 5}, {4, 5}, {6, 5}, {87, 5}, {7, 13}, {9, 11}, {10, 5}, {12, 5},
	{96, 71}, {15, 5}, {14, 31}, {17, 5}, {18, 5}, {16, 26}, {94, 22}, {20, 5}, {89, 5}, {23, 5}, {44, 34},
	{75, 5}, {28, 5}, {62, 5}, {33, 37}, {60, 5}, {35, 5}, {85, 5}, {61, 5}, {72, 5}, {41, 5}, {39, 5},
	{42, 5}, {90, 5}, {98, 5}, {24, 5}, {50, 34}, {93, 67}, {73, 59}, {51, 34}, {54, 66}}

// TestSnakesAnalystRoundingIsNoFault checks that the engine's confirmation
// takes an analyst's float answer that is off by its rounding alone — its
// exact fraction the engine's — as rounding, with the engine's value, not
// as an inconsistent oracle that stops the check: on the board above the
// analyst's float is 1.4e-12 (relative) off its own fraction.
func TestSnakesAnalystRoundingIsNoFault(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	var in strings.Builder
	fmt.Fprintf(&in, "1\n%d\n", len(illConditionedSnakes))
	for _, j := range illConditionedSnakes {
		fmt.Fprintf(&in, "%d %d\n", j[0], j[1])
	}
	g := SnakesThreeWay() // the engine confirms the analyst, as check runs it
	boards, err := g.Parse(strings.NewReader(in.String()), "board")
	if err != nil {
		t.Fatal(err)
	}
	b := boards[0]
	sol, err := g.Solve(b)
	if err != nil {
		t.Fatal(err)
	}
	frac, err := g.Fraction(b, sol)
	if err != nil || frac == nil {
		t.Fatalf("no exact fraction: %v", err)
	}
	exact, _ := frac.Float64()
	if sol.Value == exact {
		t.Fatalf("the analyst's float is exact here (%v): the board shows no rounding any more", exact)
	}
	got, err := g.(props.Confirmer).Confirm(t.Context(), b, sol)
	if err != nil {
		t.Fatalf("the analyst's rounding (%.17g against %.17g) is taken for a fault: %v", sol.Value, exact, err)
	}
	if got.Value != exact {
		t.Errorf("confirmed value %.17g (%s), want the engine's %.17g", got.Value, got.Oracle, exact)
	}
}
