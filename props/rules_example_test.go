package props_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/engine"
	"pgregory.net/rapid"
)

// A game defined by its rules alone: a board is a target t, and a player
// on 0 rolls a die of three faces (1, 2, 3) until the total reaches t or
// more, counting the rolls. The engine solves it exactly (for t = 2, a 2
// or a 3 reaches it in one roll, a 1 needs a second: 4/3) and the generic
// referee plays it; no analyst or referee is written by hand.
func ExampleFromRules() {
	target := func(t int) rules.Rules[int] {
		return rules.Rules[int]{
			Start: 0,
			End:   func(total int) (int, bool) { return 0, total >= t },
			Chance: func(total int) []rules.Branch[int] {
				return []rules.Branch[int]{
					{Weight: 1, Next: total + 1, Reward: 1},
					{Weight: 1, Next: total + 2, Reward: 1},
					{Weight: 1, Next: total + 3, Reward: 1},
				}
			},
		}
	}
	game := props.FromRules(props.Spec[int]{
		Name: "target",
		Parse: func(r io.Reader, file string) ([]int, error) {
			var t int
			if _, err := fmt.Fscan(r, &t); err != nil || t < 1 || t > 50 {
				return nil, fmt.Errorf("%s:1: want the target, 1..50", file)
			}
			return []int{t}, nil
		},
		Write:     func(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err },
		Generator: rapid.IntRange(1, 50),
		Outcome:   props.Count,
		Digits:    4,
	}, props.RulesOf[int, int]{Rules: target})

	boards, _ := game.Parse(strings.NewReader("2\n"), "target.in")
	sol, _ := game.Solve(boards[0])
	_ = game.WriteAnswers(os.Stdout, []props.Solution{sol})
	fmt.Println(sol.Fraction, sol.PMF, "by", sol.Oracle)
	h, _ := game.Simulate(context.Background(), boards[0], sol, montecarlo.Config{Runs: 30000, Seed: 1})
	fmt.Printf("the referee: %.1f\n", h.Mean())
	// Output:
	// 1.3333
	// 4/3 [0 0.6666666666666666 0.3333333333333333] by the rules engine (exact fraction)
	// the referee: 1.3
}

// A game defined by rules takes other engine limits, as the CLI's
// --engine-* flags set them: a board past the state limit is one nobody
// can judge (props.ErrCannotJudge), and the raised limit solves it.
func ExampleRulesEngineGame() {
	walk := func(n int) rules.Rules[int] {
		return rules.Rules[int]{
			End: func(s int) (int, bool) { return 0, s >= n },
			Chance: func(s int) []rules.Branch[int] {
				return []rules.Branch[int]{{Weight: 1, Next: s + 1, Reward: 1}, {Weight: 1, Next: s + 2, Reward: 1}}
			},
		}
	}
	game := props.FromRules(props.Spec[int]{
		Name: "walk",
		Parse: func(r io.Reader, file string) ([]int, error) {
			var n int
			_, err := fmt.Fscan(r, &n)
			return []int{n}, err
		},
		Write:     func(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err },
		Generator: rapid.IntRange(1, 50),
		Outcome:   props.Count,
	}, props.RulesOf[int, int]{Rules: walk, Engine: engine.Options{MaxStates: 10}})

	_, err := game.Answer(20)
	fmt.Println(errors.Is(err, props.ErrCannotJudge))
	limits, _ := game.(props.RulesEngineGame).EngineLimits()
	limits.Options.MaxStates = 100
	raised, _ := game.(props.RulesEngineGame).WithEngineLimits(limits)
	sol, _ := raised.Answer(20)
	fmt.Println(sol.Fraction.FloatString(6))
	// Output:
	// true
	// 13.555555
}
