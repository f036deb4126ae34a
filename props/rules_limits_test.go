package props_test

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/engine"
	"pgregory.net/rapid"
)

// rollsGame counts the rolls of a three-faced die until the total reaches
// the board's target: 4/3 rolls for a target of 2 (a 2 or a 3 reaches it,
// a 1 needs a second roll), and target+1 states.
func rollsGame(r props.RulesOf[int, int]) props.Game {
	r.Rules = func(t int) rules.Rules[int] {
		return rules.Rules[int]{
			End: func(total int) (int, bool) { return 0, total >= t },
			Chance: func(total int) []rules.Branch[int] {
				return []rules.Branch[int]{{Weight: 1, Next: total + 1, Reward: 1}, {Weight: 1, Next: total + 2, Reward: 1}, {Weight: 1, Next: total + 3, Reward: 1}}
			},
		}
	}
	return props.FromRules(props.Spec[int]{
		Name: "rolls",
		Parse: func(r io.Reader, file string) ([]int, error) {
			var t int
			if _, err := fmt.Fscan(r, &t); err != nil || t < 1 {
				return nil, fmt.Errorf("%s:1: want a target", file)
			}
			return []int{t}, nil
		},
		Write:     func(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err },
		Generator: rapid.IntRange(1, 50),
		Outcome:   props.Count,
	}, r)
}

// solve and check (Answer) of a count game defined by rules get the value
// without the outcome distribution; report (Solve) gets both, with the
// same value.
func TestRulesAnswerIsValueOnly(t *testing.T) {
	g := rollsGame(props.RulesOf[int, int]{})
	ans, err := g.Answer(2)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := g.Solve(2)
	if err != nil {
		t.Fatal(err)
	}
	if ans.PMF != nil {
		t.Errorf("Answer built the distribution %v", ans.PMF)
	}
	if sol.PMF == nil || ans.Value != sol.Value || ans.Fraction.RatString() != "4/3" {
		t.Errorf("Answer %v (%v), Solve %v with distribution %v: want 4/3 from both", ans.Value, ans.Fraction, sol.Value, sol.PMF)
	}
}

// A board past the engine's limits is one nobody can judge (wrapping
// ErrCannotJudge, naming the limit's flag), and WithEngineLimits raises
// the limit.
func TestRulesLimitsCannotJudge(t *testing.T) {
	g := rollsGame(props.RulesOf[int, int]{Engine: engine.Options{MaxStates: 10}})
	_, err := g.Answer(30)
	if !errors.Is(err, props.ErrCannotJudge) || !strings.Contains(err.Error(), "--engine-states") {
		t.Fatalf("error %v: want ErrCannotJudge naming --engine-states", err)
	}
	re, ok := g.(props.RulesEngineGame)
	if !ok {
		t.Fatal("a game defined by rules is not a RulesEngineGame")
	}
	l, ok := re.EngineLimits()
	if !ok || l.Options.MaxStates != 10 {
		t.Fatalf("limits %+v, %v: want MaxStates 10", l, ok)
	}
	l.Options.MaxStates = 100
	raised, err := re.WithEngineLimits(l)
	if err != nil {
		t.Fatal(err)
	}
	if sol, err := raised.Answer(30); err != nil || sol.Fraction == nil {
		t.Errorf("under 100 states: %v, %v", sol, err)
	}
	plain := props.Define(props.Spec[int]{Name: "plain", Parse: func(io.Reader, string) ([]int, error) { return nil, nil },
		Write: func(io.Writer, []int) error { return nil }, Generator: rapid.IntRange(1, 2),
		Solve: func(int) (props.Solution, error) { return props.Solution{}, nil }, Play: func(int, *rand.Rand) (int, error) { return 0, nil }})
	if _, err := plain.(props.RulesEngineGame).WithEngineLimits(l); !errors.Is(err, props.ErrUnsupported) {
		t.Errorf("a game without rules, yet WithEngineLimits says %v", err)
	}
}

// The float bound allowed is relative above 1, as a judge's tolerance is:
// 1 500 expected rolls solved in float64 carry a bound past an absolute
// 1e-10 (about the rounding of each of 3 000 states' sums), far below a
// relative one; a planted MaxError 1e-20 still refuses it.
func TestRulesMaxErrorIsRelative(t *testing.T) {
	g := rollsGame(props.RulesOf[int, int]{Engine: engine.Options{ExactStates: -1}})
	sol, err := g.Answer(3000)
	if err != nil {
		t.Fatalf("a float answer of about 1500 refused: %v", err)
	}
	if sol.Value < 1000 {
		t.Fatalf("value %v: not the large answer this test is about", sol.Value)
	}
	tight := rollsGame(props.RulesOf[int, int]{Engine: engine.Options{ExactStates: -1}, MaxError: 1e-20})
	if _, err := tight.Answer(3000); !errors.Is(err, props.ErrCannotJudge) || !strings.Contains(err.Error(), "--engine-max-error") {
		t.Errorf("MaxError 1e-20: %v; want ErrCannotJudge naming --engine-max-error", err)
	}
}

// A count game whose outcome distribution comes back empty (no play ended
// within --engine-pmf-steps) is a board nobody can judge, naming the flag
// that raises the limit (issue 28: "the analyst gave no outcome
// distribution" failed the kit and report); one cut short but not empty is
// judged against its tail, and its oracle names the cut.
func TestRulesEmptyDistributionCannotJudge(t *testing.T) {
	tests := []struct {
		name      string
		steps     int
		target    int
		judged    bool
		oracleCut bool
	}{
		{"no play ends in one step", 1, 10, false, false},
		{"a few plays end", 40, 10, true, true},
		{"the whole distribution", 0, 10, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := rollsGame(props.RulesOf[int, int]{Engine: engine.Options{MaxPMFSteps: tt.steps}})
			sol, err := g.Solve(tt.target)
			if !tt.judged {
				if !errors.Is(err, props.ErrCannotJudge) || !strings.Contains(err.Error(), "--engine-pmf-steps") {
					t.Errorf("Solve: %v; want ErrCannotJudge naming --engine-pmf-steps", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cut := strings.Contains(sol.Oracle, "--engine-pmf-steps"); cut != tt.oracleCut {
				t.Errorf("oracle %q, tail %g: want the cut named %v", sol.Oracle, sol.PMFTail, tt.oracleCut)
			}
		})
	}
}
