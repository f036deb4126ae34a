package referee_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/referee"
)

// A choice between a fair coin and a die that wins on four faces of six,
// played under a policy given as data.
func ExamplePlay() {
	game := rules.Rules[string]{
		Start: "choose",
		End: func(s string) (int, bool) {
			switch s {
			case "win":
				return 1, true
			case "lose":
				return 0, true
			}
			return 0, false
		},
		Goal: rules.Maximise,
		Moves: func(string) []rules.Move[string] {
			return []rules.Move[string]{
				{Name: "coin", Branches: []rules.Branch[string]{{Weight: 1, Next: "win"}, {Weight: 1, Next: "lose"}}},
				{Name: "die", Branches: []rules.Branch[string]{{Weight: 4, Next: "win"}, {Weight: 2, Next: "lose"}}},
			}
		},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	wins := 0
	for range 60000 {
		out, err := referee.Play(game, rules.Policy[string]{"choose": 1}, rng, 10)
		if err != nil {
			fmt.Println(err)
			return
		}
		wins += out
	}
	fmt.Printf("%.2f\n", float64(wins)/60000)
	// Output: 0.67
}
