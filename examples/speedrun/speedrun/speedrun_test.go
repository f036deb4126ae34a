package speedrun_test

import (
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/examples/speedrun/speedrun"
	"github.com/chancecheck/chancecheck/gametest"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/engine"
)

// TestGame is the conformance kit on Gotta Go Fast: the published samples
// (the engine's exact answers), formats, parameters, the referee playing
// the engine's policy, and the optimality invariant.
func TestGame(t *testing.T) { gametest.Run(t, speedrun.Game()) }

// TestNeverResetIsNotOptimal: on the second sample, a player who never
// resets (and reports the true value of that) is beaten by the best
// response, which resets after a slow first level: the optimality
// invariant says so, where the referee would agree with the value.
func TestNeverResetIsNotOptimal(t *testing.T) {
	boards, err := speedrun.Parse(strings.NewReader("2 30\n20 30 80\n3 9 85\n"), "sample2")
	if err != nil {
		t.Fatal(err)
	}
	b := boards[0]
	rs := speedrun.Rules(b)
	best, err := engine.Solve(rs, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	never := rules.Policy[speedrun.State]{}
	for s := range best.Policy {
		never[s] = 0 // play
	}
	own, err := engine.Solve(rules.Fix(rs, never, func(speedrun.State) bool { return true }), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var inv *props.Invariant[props.Board]
	for _, i := range speedrun.Game().Invariants() {
		if i.Name == props.OptimalInvariant {
			inv = &i
		}
	}
	if inv == nil {
		t.Fatal("no optimality invariant")
	}
	err = inv.Check(b, props.Solution{Value: own.Value, Policy: never})
	if err == nil || !strings.Contains(err.Error(), `the policy plays "play", the best response "reset"`) {
		t.Errorf("never resetting (%v against the best %v): %v", own.Value, best.Value, err)
	}
}
