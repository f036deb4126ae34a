package engine_test

import (
	"fmt"

	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/engine"
)

// A game of two players: on his turn he may quit with a win chance of 1/3
// or roll a coin, which wins for him on heads and hands her the turn on
// tails; on hers she concedes or rolls, a loss for him on heads and his
// turn again on tails. Mover says who moves where; the engine solves the
// game by interval iteration with a proved bound, and exactly on so small
// a graph: he rolls, she rolls, and he wins 2/3 (x = 1/2 + x/4).
func ExampleSolve_twoPlayers() {
	moves := map[string][]rules.Move[string]{
		"his turn": {
			{Name: "quit", Branches: []rules.Branch[string]{{Weight: 1, Next: "he won"}, {Weight: 2, Next: "she won"}}},
			{Name: "roll", Branches: []rules.Branch[string]{{Weight: 1, Next: "he won"}, {Weight: 1, Next: "her turn"}}},
		},
		"her turn": {
			{Name: "roll", Branches: []rules.Branch[string]{{Weight: 1, Next: "she won"}, {Weight: 1, Next: "his turn"}}},
			{Name: "concede", Branches: []rules.Branch[string]{{Weight: 1, Next: "he won"}}},
		},
	}
	game := rules.Rules[string]{
		Start: "his turn",
		End: func(s string) (int, bool) {
			switch s {
			case "he won":
				return 1, true
			case "she won":
				return 0, true
			}
			return 0, false
		},
		Moves: func(s string) []rules.Move[string] { return moves[s] },
		Mover: func(s string) rules.Goal {
			if s == "his turn" {
				return rules.Maximise
			}
			return rules.Minimise
		},
	}
	res, err := engine.Solve(game, engine.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Fraction, res.Method)
	fmt.Println("he:", moves["his turn"][res.Policy["his turn"]].Name, "- she:", moves["her turn"][res.Policy["her turn"]].Name)
	float, _ := engine.Solve(game, engine.Options{ExactStates: -1})
	fmt.Printf("%.12f by %s, proved within 1e-12: %v\n", float.Value, float.Method, float.ErrorBound <= 1e-12)
	// Output:
	// 2/3 exact
	// he: roll - she: roll
	// 0.666666666667 by interval iteration, proved within 1e-12: true
}
