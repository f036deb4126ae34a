package props

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chancecheck/chancecheck/rules"
	"pgregory.net/rapid"
)

// slowConfirmGame is a count game whose hand-written analyst is wrong (it
// answers 1 on every board) and whose rules the engine confirms it by, on
// demand only: a walk of n steps, one state a step, which the engine
// explores up to a million states (CheckStates) before it gives up and
// leaves the analyst unchecked: a planted slow confirmation. onState is
// called at each state the engine asks about: only the confirmation does.
func slowConfirmGame(onState func()) Game {
	return FromRules(Spec[int]{
		Name: "walk",
		Parse: func(r io.Reader, file string) ([]int, error) {
			var n int
			if _, err := fmt.Fscan(r, &n); err != nil {
				return nil, fmt.Errorf("%s:1: want a number of steps", file)
			}
			return []int{n}, nil
		},
		Write:     func(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err },
		Generator: rapid.Just(1 << 30),
		Outcome:   Count,
		Solve:     func(int) (Solution, error) { return Solution{Value: 1, PMF: []float64{0, 1}}, nil },
	}, RulesOf[int, int]{CheckStates: 1 << 20, Rules: func(n int) rules.Rules[int] {
		return rules.Rules[int]{
			End: func(s int) (int, bool) { return 0, s >= n },
			Chance: func(s int) []rules.Branch[int] {
				onState()
				return []rules.Branch[int]{{Weight: 1, Next: s + 1, Reward: 1}}
			},
		}
	}})
}

// The confirmation of an analyst before a solver is blamed (oracleAgain:
// the analyst again, then the rules engine, Confirm) runs under the
// check's context: an interrupt while the engine confirms stops it within
// a few thousand states, the run is marked interrupted, and nobody is
// blamed. Without the context the engine explored its million states,
// gave up, and the solver that disagreed with the unchecked analyst was
// failed. The interrupt comes once the engine asks about a state: an
// ordering, not a clock.
func TestCrossCheckConfirmStopsAtTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var asked atomic.Int64
	g := slowConfirmGame(func() {
		if asked.Add(1) == 1 {
			cancel()
		}
	})
	solver := &fakeSolver{game: g, answer: func(b []Board, _ []Solution) (string, RunResult) {
		return strings.Repeat("2.0\n", len(b)), RunResult{}
	}}
	cc := &CrossCheck{Game: g, Solver: solver, Cases: 1, Seed: 1, Jobs: 1}
	out, err := cc.Run(ctx)
	if err != nil {
		t.Fatalf("error %v: want the run interrupted, nobody blamed", err)
	}
	if !out.Interrupted || out.Failed() || asked.Load() > 1<<16 {
		t.Errorf("interrupted %v, failed %v, %d states explored: want interrupted, no failure, the engine stopped", out.Interrupted, out.Failed(), asked.Load())
	}
}
