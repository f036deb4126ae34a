package props

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// refusingGame is a game whose analyst refuses boards with a coin of
// chance 90..99, as an oracle past its limits does (ErrCannotJudge).
type refusingGame struct{ Game }

func (r refusingGame) refuses(b Board) error {
	if hasCoin(b, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99) {
		return fmt.Errorf("a coin of chance 90..99, past this analyst's limits: %w", ErrCannotJudge)
	}
	return nil
}

// SolveContext and AnswerContext are Solve and Answer: the harness asks by
// these routes.
func (r refusingGame) SolveContext(_ context.Context, b Board) (Solution, error) { return r.Solve(b) }
func (r refusingGame) AnswerContext(_ context.Context, b Board) (Solution, error) {
	return r.Answer(b)
}

func (r refusingGame) Solve(b Board) (Solution, error) {
	if err := r.refuses(b); err != nil {
		return Solution{}, err
	}
	return r.Game.Solve(b)
}

func (r refusingGame) Answer(b Board) (Solution, error) {
	if err := r.refuses(b); err != nil {
		return Solution{}, err
	}
	return r.Game.Answer(b)
}

// TestCrossCheckNotJudged: boards no oracle can judge are skipped and
// counted apart, never a failure of the solver (a solver wrong on exactly
// those boards passes) and never counted as judged; a solver wrong on a
// board that can be judged is still caught. Before issue 21 the first
// such board stopped the check with an error (exit 1).
func TestCrossCheckNotJudged(t *testing.T) {
	g := refusingGame{coins()}
	tests := []struct {
		name     string
		wrongOn  func(Board) bool
		wantFail bool
	}{
		{"wrong only where nobody can judge", func(b Board) bool { return g.refuses(b) != nil }, false},
		{"wrong on a coin of chance 80..89 too", func(b Board) bool { return hasCoin(b, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89) }, true},
	}
	for _, tt := range tests {
		for _, jobs := range []int{1, 3} {
			t.Run(fmt.Sprintf("%s, jobs %d", tt.name, jobs), func(t *testing.T) {
				solver := &fakeSolver{game: coins(), answer: func(b []Board, s []Solution) (string, RunResult) {
					return coinLines(s, func(i int, s Solution) string {
						if tt.wrongOn(b[i]) {
							return fmt.Sprint(s.Value + 1)
						}
						return fmt.Sprint(s.Value)
					}), RunResult{}
				}}
				cc := &CrossCheck{Game: g, Solver: solver, Cases: 80, Seed: 7, Batch: 10, Jobs: jobs, ShrinkTime: time.Second}
				out, err := cc.Run(context.Background())
				if err != nil {
					t.Fatalf("a board nobody can judge stopped the check: %v", err)
				}
				if out.Failed() != tt.wantFail {
					t.Fatalf("failed %v, want %v (%+v)", out.Failed(), tt.wantFail, out.First)
				}
				if tt.wantFail {
					if g.refuses(out.First.Boards[0]) != nil {
						t.Errorf("the failure is on a board nobody can judge")
					}
					return
				}
				if out.NotJudgedGenerated == 0 || out.Generated+out.NotJudgedGenerated != 80 || out.Samples+out.NotJudged-out.NotJudgedGenerated != 2 || out.NotJudgedReason == "" {
					t.Errorf("not judged %d (%d generated, reason %q), generated %d, samples %d: want some, adding up to 80 generated and 2 sample boards with the judged",
						out.NotJudged, out.NotJudgedGenerated, out.NotJudgedReason, out.Generated, out.Samples)
				}
				classes := 0
				for _, n := range out.Classes {
					classes += n
				}
				if classes != out.Generated {
					t.Errorf("classes count %d boards, %d judged: a board not judged is in no class", classes, out.Generated)
				}
			})
		}
	}
}
