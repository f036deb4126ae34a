package specs

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

const snakesTestRuns = 20000

// bouncingSnakes is a planted bug: a referee that bounces back from 100 on an
// overshooting throw (a common house rule) instead of losing the throw.
func bouncingSnakes() props.Game {
	s := SnakesSpec()
	s.Referee = nil
	s.Play = func(b snakes.Board, rng *rand.Rand) (int, error) {
		land := b.Targets()
		cell, throws := 1, 0
		for cell != snakes.Cells {
			throws++
			next := cell + 1 + rng.IntN(6)
			if next > snakes.Cells {
				next = 2*snakes.Cells - next
			}
			cell = land[next]
		}
		return throws, nil
	}
	return props.Define(s)
}

func TestSnakesAgreementCatchesABouncingReferee(t *testing.T) {
	// 5,000 runs: bouncing moves the distribution by far more than the DKW
	// band (ε ≈ 0.046 at α = 1e-9), and rapid's shrinking stays quick.
	report := expectPropertyFails(t, props.Agreement(bouncingSnakes(), 5000, props.TestAlpha))
	if !strings.Contains(report, "referee disagrees") {
		t.Errorf("failure report does not say why:\n%s", report)
	}
}

// offByOneSnakes is a planted bug in the analyst: it thinks the board ends
// on 99 (its expectation and distribution are those of a shorter board).
func offByOneSnakes() props.Game {
	s := SnakesSpec()
	s.Solve = func(b snakes.Board) (props.Solution, error) {
		sol, err := solveSnakes(b)
		if err != nil {
			return sol, err
		}
		// Shift the distribution one throw earlier: every game one throw shorter.
		if len(sol.PMF) > 1 {
			sol.PMF = append(sol.PMF[1:], 0)
			sol.Value--
		}
		return sol, nil
	}
	return props.Define(s)
}

func TestSnakesAgreementCatchesAnAnalystOffByOne(t *testing.T) {
	expectPropertyFails(t, props.Agreement(offByOneSnakes(), snakesTestRuns, props.TestAlpha))
}

// driftingSnakes is a planted bug: the float answer drifts from the fraction.
func driftingSnakes() props.Game {
	s := SnakesSpec()
	s.Solve = func(b snakes.Board) (props.Solution, error) {
		sol, err := solveSnakes(b)
		sol.Value *= 1 + 1e-7
		return sol, err
	}
	return props.Define(s)
}

func TestSnakesInvariantsCatchAFloatDrift(t *testing.T) {
	report := expectPropertyFails(t, props.InvariantsHold(driftingSnakes()))
	if !strings.Contains(report, "float-matches-fraction") {
		t.Errorf("failure report does not name the invariant:\n%s", report)
	}
}

func TestSnakesBouncingCounterexampleShrinks(t *testing.T) {
	// The bounce matters on every board (the last stretch always overshoots
	// sometimes), so rapid should shrink to a board with few jumps.
	var smallest int = -1
	prop := func(t *rapid.T) {
		g := bouncingSnakes()
		b := g.Generator().Draw(t, "board")
		// Long games make every shrinking step slow, and rapid stops
		// shrinking after 30 s: leave boards of over 100 expected throws out
		// (the expectation costs microseconds), so the test does not depend
		// on how busy the machine is.
		if e, err := Snakes().Answer(b); err != nil || e.Value > 100 {
			t.Skip("long game")
		}
		// 1,000 runs are plenty: bouncing moves the whole distribution by several throws.
		a, err := props.CheckAgreement(context.Background(), g, b, montecarlo.Config{Runs: 1000, Seed: 1}, props.TestAlpha)
		if err == nil && !a.Pass {
			smallest = len(b.(snakes.Board).Jumps)
			t.Logf("failing board: %v (%s)", b, g.Classify(b))
			t.Fatalf("disagrees")
		}
	}
	report := expectPropertyFails(t, prop)
	if smallest < 0 || smallest > 2 {
		t.Errorf("shrunk counterexample has %d jumps, want at most 2\n%s", smallest, report)
	}
}

func FuzzSnakesAgreement(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(props.Agreement(Snakes(), snakesTestRuns, props.TestAlpha)))
}

func FuzzSnakesInvariants(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(props.InvariantsHold(Snakes())))
}

// InvariantHolds checks one invariant alone: the drift fails
// float-matches-fraction, the real analyst passes it, and an unknown name
// is a failure, not a silent pass.
func TestInvariantHoldsChecksOneInvariant(t *testing.T) {
	report := expectPropertyFails(t, props.InvariantHolds(driftingSnakes(), "float-matches-fraction"))
	if !strings.Contains(report, "invariant float-matches-fraction") {
		t.Errorf("failure report does not name the invariant:\n%s", report)
	}
	rapid.Check(t, props.InvariantHolds(Snakes(), "float-matches-fraction"))
	t.Run("unknown", func(t *testing.T) {
		report := expectPropertyFails(t, props.InvariantHolds(Snakes(), "no-such-invariant"))
		if !strings.Contains(report, `no invariant "no-such-invariant"`) {
			t.Errorf("failure report does not say the name is unknown:\n%s", report)
		}
	})
}

// hasJumpFrom reports whether snakes board b has a jump from one of cells.
func hasJumpFrom(b props.Board, cells ...int) bool {
	for _, j := range b.(snakes.Board).Jumps {
		if slices.Contains(cells, j.From) {
			return true
		}
	}
	return false
}
