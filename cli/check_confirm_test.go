package cli

import (
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
	"github.com/chancecheck/chancecheck/rules/gamerules"
)

// TestCheckConfirmsTheAnalyst: before check blames a solver, the rules
// engine solves the board again, exactly (issue 28). A planted analyst a
// ten-thousandth of a throw off on every board, beside a correct solver:
// the engine contradicts the analyst, and check stops with exit 2 naming
// it, never failing the solver. The right analyst beside a wrong solver:
// the engine confirms the analyst, and the solver is failed.
func TestCheckConfirmsTheAnalyst(t *testing.T) {
	spec := specs.SnakesSpec()
	solve := spec.Solve
	spec.Solve = func(b snakes.Board) (props.Solution, error) {
		sol, err := solve(b)
		sol.Value += 1e-4
		return sol, err
	}
	spec.Answer, spec.AnswerValid = nil, nil
	planted := props.FromRules(spec, props.RulesOf[snakes.Board, int]{Rules: gamerules.Snakes})
	for _, tc := range []struct {
		name, solver string
		game         props.Game
		code         int
		want, not    []string // fragments of stdout and stderr, and what they must not say
	}{
		{"planted analyst, correct solver", "snakes", planted, 2,
			[]string{"the solver is not blamed", "the analyst and the rules engine disagree, the engine solving the board exactly: the analyst is wrong"},
			[]string{"WRONG ANSWER"}},
		{"right analyst, wrong solver", "snakes-wrong", specs.SnakesThreeWay(), 1,
			[]string{"WRONG ANSWER", "judged by: the analyst, agreeing with the rules engine (exact)"},
			[]string{"not blamed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(t, []props.Game{tc.game}, "check", "snakes", "--solver", helperSolver(t, tc.solver),
				"--cases", "5", "--shrink-time", "1s", "--out", t.TempDir())
			all := out + errOut
			if code != tc.code {
				t.Fatalf("exit %d, want %d\n%s", code, tc.code, all)
			}
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("the output does not say %q:\n%s", w, all)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(all, w) {
					t.Errorf("the output says %q:\n%s", w, all)
				}
			}
		})
	}
}
