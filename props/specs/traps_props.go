package specs

import (
	"context"
	"fmt"
	"math/big"

	"github.com/chancecheck/chancecheck/montecarlo/referees"

	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// TrapsUpdate is a Bayes update of the posterior over the 2^K joint states
// on learning whether kind t is harmful (belief.Update, or a planted bug).
type TrapsUpdate func(post []*big.Rat, t int, harmful bool) ([]*big.Rat, error)

// TrapsNormalisation is the property "Bayesian normalisation": on every
// maze, at every knowledge the analyst reaches, the prior mass is positive,
// the posterior reached by update along the reveals sums to 1 exactly and
// equals the prior conditioned directly, and P(harmful) + P(harmless) = 1.
func TrapsNormalisation(g TrapsConfig, update TrapsUpdate) func(*rapid.T) {
	return func(t *rapid.T) {
		z := g.generator().Draw(t, "maze")
		if err := g.checkNormalised(z, update); err != nil {
			t.Fatalf("traps: posterior-normalised: %v", err)
		}
	}
}

// TrapsNoSimulatedPolicyBeatsOptimum is the property "no policy beats the
// optimum", by simulation: the referee plays the greedy policy and a random
// deterministic policy runs times each, and neither may win significantly
// more often than the analyst's optimum: the Clopper–Pearson interval at
// level alpha (per policy) must reach down to the optimum.
func TrapsNoSimulatedPolicyBeatsOptimum(g TrapsConfig, runs int64, alpha float64) func(*rapid.T) {
	return func(t *rapid.T) {
		z := g.generator().Draw(t, "maze")
		seed := rapid.Uint64().Draw(t, "simulation seed")
		if err := g.checkSimulatedPolicies(z, seed, runs, alpha); err != nil {
			t.Fatalf("traps: %v", err)
		}
	}
}

// checkSimulatedPolicies is TrapsNoSimulatedPolicyBeatsOptimum on one maze.
func (g TrapsConfig) checkSimulatedPolicies(z *traps.Maze, seed uint64, runs int64, alpha float64) error {
	sol, _, err := g.solveMaze(z)
	if err != nil {
		return fmt.Errorf("solve: %w", err)
	}
	policies := []struct {
		name string
		make func() traps.Policy
	}{
		{"greedy", func() traps.Policy { return referees.GreedyTrapsPolicy(z) }},
		{"random", func() traps.Policy { return referees.RandomTrapsPolicy(z, seed) }},
	}
	for i, p := range policies {
		wins, err := trapsSimulateWins(z, p.make, montecarlo.Config{Runs: runs, Seed: montecarlo.SubSeed(seed, uint64(i))})
		if err != nil {
			return fmt.Errorf("%s policy: %w", p.name, err)
		}
		if lo, _ := estimate.ClopperPearson(wins, runs, alpha); lo > sol.Value {
			return fmt.Errorf("the %s policy won %d of %d games (at least %.6f at α = %g), above the optimum %.6f",
				p.name, wins, runs, lo, alpha, sol.Value)
		}
	}
	return nil
}

// trapsSimulateWins has the referee play the policy and counts the wins.
func trapsSimulateWins(z *traps.Maze, newPolicy func() traps.Policy, cfg montecarlo.Config) (int64, error) {
	play, err := referees.TrapsReferee(z, newPolicy)
	if err != nil {
		return 0, err
	}
	h, err := montecarlo.Run(context.Background(), cfg, play)
	if err != nil {
		return 0, err
	}
	if len(h.Counts) > 2 {
		return 0, fmt.Errorf("outcome %d is neither win nor loss", len(h.Counts)-1)
	}
	if len(h.Counts) < 2 {
		return 0, nil
	}
	return h.Counts[1], nil
}

// TrapsInvariant is the property that the one invariant called name holds
// on every maze (InvariantsHold checks them all, stopping at the first).
func TrapsInvariant(g TrapsConfig, name string) func(*rapid.T) {
	return func(t *rapid.T) {
		var inv *props.Invariant[*traps.Maze]
		for _, i := range g.invariants() {
			if i.Name == name {
				inv = &i
			}
		}
		if inv == nil {
			t.Fatalf("traps: no invariant %q", name)
			return
		}
		z := g.generator().Draw(t, "maze")
		sol, err := Traps(g).Solve(z)
		if err != nil {
			t.Fatalf("traps: solve: %v", err)
		}
		if err := inv.Check(z, sol); err != nil {
			t.Fatalf("traps: invariant %s: %v", name, err)
		}
	}
}
