package pig_test

import (
	"math"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/examples/pig/pig"
	"github.com/chancecheck/chancecheck/gametest"
	"github.com/chancecheck/chancecheck/internal/longtest"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/engine"
)

// TestGame is the conformance kit on Pig: samples, formats, the referee
// playing both players' strategies against the engine's value, and the
// optimality invariant (neither player's best reply beats them).
func TestGame(t *testing.T) { gametest.Run(t, pig.Game(), gametest.ExactSamples()) }

// TestGoal100 is the figure of Neller & Presser (2004), about 0.5306 for
// the goal 100, to nine decimals with its proved bound.
func TestGoal100(t *testing.T) {
	longtest.Skip(t, "solves 960,896 states, some seconds")
	res, err := engine.Solve(pig.Rules(pig.Board{Goal: 100}), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.Value-0.530592725) > 5e-10 || res.ErrorBound > 1e-10 {
		t.Errorf("%.12f ± %.1e, want 0.530592725 (Neller & Presser: about 0.5306)", res.Value, res.ErrorBound)
	}
}

// TestStopEarlyIsNotOptimal: the first player banks any points at once
// (a planted strategy that stops too early), the second plays the
// engine's best; reported with its true value, the strategy passes the
// referee, and the optimality invariant fails it, naming the first
// player's better reply.
func TestStopEarlyIsNotOptimal(t *testing.T) {
	b := pig.Board{Goal: 8}
	rs := pig.Rules(b)
	best, err := engine.Solve(rs, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pol := rules.Policy[pig.State]{}
	for s, m := range best.Policy {
		pol[s] = m
		if s.Player == pig.First {
			pol[s] = pig.Hold
		}
	}
	own, err := engine.Solve(rules.Fix(rs, pol, func(pig.State) bool { return true }), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var inv *props.Invariant[props.Board]
	for _, i := range pig.Game().Invariants() {
		if i.Name == props.OptimalInvariant {
			inv = &i
		}
	}
	if inv == nil {
		t.Fatal("no optimality invariant")
	}
	if err := inv.Check(b, props.Solution{Value: own.Value, Policy: best.Policy}); err != nil {
		t.Errorf("the engine's strategies: %v", err)
	}
	err = inv.Check(b, props.Solution{Value: own.Value, Policy: pol})
	if err == nil || !strings.Contains(err.Error(), "the maximiser's best response") || !strings.Contains(err.Error(), `the policy plays "hold", the best response "roll"`) {
		t.Errorf("stopping early (value %v, the optimum %v): %v", own.Value, best.Value, err)
	}
}
