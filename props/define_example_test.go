package props_test

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// A game is a Spec over its own board type: here a board is the number of
// sides of a fair die, and the princess wins by rolling a 1 first. The
// answer is 1/s; the referee rolls the die.
func ExampleDefine() {
	game := props.Define(props.Spec[int]{
		Name: "die",
		Parse: func(r io.Reader, file string) ([]int, error) {
			var s int
			if _, err := fmt.Fscan(r, &s); err != nil || s < 2 || s > 20 {
				return nil, fmt.Errorf("%s:1: want the number of sides, 2..20", file)
			}
			return []int{s}, nil
		},
		Write:     func(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err },
		Generator: rapid.IntRange(2, 20),
		Solve:     func(s int) (props.Solution, error) { return props.Solution{Value: 1 / float64(s)}, nil },
		Play: func(s int, rng *rand.Rand) (int, error) {
			if rng.IntN(s) == 0 {
				return 1, nil // a win
			}
			return 0, nil
		},
		Digits: 4,
	})
	boards, _ := game.Parse(strings.NewReader("8\n"), "die.in")
	sol, _ := game.Solve(boards[0])
	_ = game.WriteAnswers(os.Stdout, []props.Solution{sol})
	fmt.Println(sol.PMF) // a win/loss game's distribution, filled in: [1−p, p]
	// Output:
	// 0.1250
	// [0.875 0.125]
}

// A game with choices gives its analyst and referee in a Choices: the
// analyst returns its policy, as data, and the referee plays under it. Here
// the player may stop at any total or roll a die again (a bust above 10),
// and wins on reaching 10 exactly; the policy is the set of totals to stop
// at (none: stopping never wins), and the board is the starting total.
func ExampleDefineWithPolicy() {
	type stops map[int]bool
	spec := props.Spec[int]{
		Name: "ten",
		Parse: func(r io.Reader, file string) ([]int, error) {
			var t int
			if _, err := fmt.Fscan(r, &t); err != nil || t < 0 || t > 10 {
				return nil, fmt.Errorf("%s:1: want the starting total, 0..10", file)
			}
			return []int{t}, nil
		},
		Write:     func(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err },
		Generator: rapid.IntRange(0, 10),
	}
	// win[t]: the chance of reaching 10 from total t by rolling on (a die of
	// six faces); stopping below 10 loses, so rolling on is always right.
	win := func(t int) float64 {
		p := make([]float64, 17)
		p[10] = 1
		for u := 9; u >= 0; u-- {
			for f := 1; f <= 6; f++ {
				p[u] += p[u+f] / 6
			}
		}
		return p[t]
	}
	game := props.DefineWithPolicy(spec, props.Choices[int, stops]{
		Solve: func(t int) (props.Solution, stops, error) { return props.Solution{Value: win(t)}, stops{}, nil },
		Referee: func(t int, stop stops) (func() montecarlo.Player, error) {
			return func() montecarlo.Player {
				return func(rng *rand.Rand) (int, error) {
					total := t
					for total < 10 && !stop[total] {
						total += 1 + rng.IntN(6)
					}
					if total == 10 {
						return 1, nil
					}
					return 0, nil
				}
			}, nil
		},
	})
	boards, _ := game.Parse(strings.NewReader("4\n"), "ten.in")
	sol, _ := game.Solve(boards[0])
	// By hand, q(t) = (q(t+1) + … + q(t+6))/6 with q(10) = 1 and q(t > 10) = 0:
	// q(9) = 1/6, q(8) = 7/36, …, q(4) ≈ 0.3602. No policy is printed: the
	// Choices has no WritePolicy.
	fmt.Printf("%.6f %v\n", sol.Value, game.HasPolicy())
	// Output:
	// 0.360232 false
}
