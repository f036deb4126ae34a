package props_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules"
	"pgregory.net/rapid"
)

// backToStart is issue 28's user game: n squares, a die of six faces, a
// throw past the last square ends the game, and a trap (every square i
// with i%7 == 3 past the first six) sends the piece back to the start; the
// outcome is the number of throws. Its one cycle of n states is solved
// exactly, which for n in the thousands takes minutes. onState is called
// at every state the engine asks about.
func backToStart(onState func()) func(n int) rules.Rules[int] {
	return func(n int) rules.Rules[int] {
		return rules.Rules[int]{
			End: func(s int) (int, bool) { return 0, s >= n },
			Chance: func(s int) []rules.Branch[int] {
				onState()
				out := make([]rules.Branch[int], 0, 6)
				for d := 1; d <= 6; d++ {
					to := s + d
					if to < n && to > 6 && to%7 == 3 {
						to = 0
					}
					out = append(out, rules.Branch[int]{Weight: 1, Next: to, Reward: 1})
				}
				return out
			},
		}
	}
}

// squaresSpec is the board of backToStart: a number of squares.
func squaresSpec() props.Spec[int] {
	return props.Spec[int]{
		Name: "squares",
		Parse: func(r io.Reader, file string) ([]int, error) {
			var n int
			if _, err := fmt.Fscan(r, &n); err != nil || n < 1 {
				return nil, fmt.Errorf("%s:1: want a number of squares", file)
			}
			return []int{n}, nil
		},
		Write:     func(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err },
		Generator: rapid.IntRange(3000, 4000),
		Outcome:   props.Count,
	}
}

// The analyst's route of a game defined by rules takes its context to the
// engine (issue 28 part 3): a context that ends while the engine explores
// a board whose exact solve takes minutes stops the solve, with an error
// wrapping the context's, by every route — the engine as the analyst
// (Solve, Answer, with choices) and the engine checking a hand-written
// analyst. The context ends at the engine's first question to the rules:
// an ordering, not a clock.
func TestRulesRoutesStopWithTheContext(t *testing.T) {
	type route func(ctx context.Context, g props.Game) error
	solve := func(ctx context.Context, g props.Game) error { _, err := g.SolveContext(ctx, 3000); return err }
	answer := func(ctx context.Context, g props.Game) error { _, err := g.AnswerContext(ctx, 3000); return err }
	tests := []struct {
		name  string
		game  func(r props.RulesOf[int, int]) props.Game
		route route
	}{
		{"FromRules, Solve", func(r props.RulesOf[int, int]) props.Game { return props.FromRules(squaresSpec(), r) }, solve},
		{"FromRules, Answer", func(r props.RulesOf[int, int]) props.Game { return props.FromRules(squaresSpec(), r) }, answer},
		{"FromRules checking an analyst", func(r props.RulesOf[int, int]) props.Game {
			s := squaresSpec()
			s.Solve = func(int) (props.Solution, error) { return props.Solution{Value: 1, PMF: []float64{0, 1}}, nil }
			r.CheckEvery = true // else the engine checks it on demand only
			return props.FromRules(s, r)
		}, solve},
		{"FromRulesWithChoices", func(r props.RulesOf[int, int]) props.Game {
			rs := r.Rules
			r.Rules = func(n int) rules.Rules[int] {
				one := rs(n)
				chance := one.Chance
				one.Chance = nil
				one.Moves = func(s int) []rules.Move[int] { return []rules.Move[int]{{Name: "throw", Branches: chance(s)}} }
				return one
			}
			return props.FromRulesWithChoices(squaresSpec(), r)
		}, solve},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var once sync.Once
			g := tt.game(props.RulesOf[int, int]{Rules: backToStart(func() { once.Do(cancel) })})
			if err := tt.route(ctx, g); !errors.Is(err, context.Canceled) {
				t.Fatalf("error %v, want one wrapping context.Canceled", err)
			}
		})
	}
}
