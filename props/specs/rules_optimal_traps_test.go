package specs

import (
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// TestTrapsOptimalInvariant: the trap maze's analyst hands over a table of
// its own type, which the three-way game reads in the rules' terms
// (trapsPolicyOf): it passes the optimality invariant on generated mazes,
// and a table that stops at once everywhere fails it on the first sample
// (3/5 by the best policy).
func TestTrapsOptimalInvariant(t *testing.T) {
	g := TrapsThreeWay(TrapsConfig{})
	rapid.Check(t, props.InvariantHolds(g, props.OptimalInvariant))

	z, err := traps.Parse(strings.NewReader(traps.Samples()[0].Input), "sample1")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := g.Solve(z)
	if err != nil {
		t.Fatal(err)
	}
	inv := invariantNamed(t, g, props.OptimalInvariant)
	if err := inv.Check(z, sol); err != nil {
		t.Errorf("the analyst's table: %v", err)
	}
	stop := traps.Table{}
	for sit := range sol.Policy.(traps.Table) {
		stop[sit] = traps.Stop
	}
	sol.Policy = stop
	if err := inv.Check(z, sol); err == nil || !strings.Contains(err.Error(), `the policy plays "stop"`) {
		t.Errorf("stopping at once: %v", err)
	}
}
