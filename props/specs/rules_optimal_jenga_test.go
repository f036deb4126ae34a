package specs

import (
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/montecarlo/referees"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules/gamerules"
	"pgregory.net/rapid"
)

// TestJengaOptimalInvariant: jenga's analyst hands over a policy of its
// own type, which the three-way game reads in the rules' terms
// (jengaPolicyOf): the analyst's policy passes the optimality invariant
// on towers of 2 levels; a policy that plays the last legal move it can
// find instead of the analyst's fails it on the tower "RGB/GRG/BBB".
func TestJengaOptimalInvariant(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	g := JengaThreeWay(JengaConfig{MaxLevels: 2})
	rapid.Check(t, props.InvariantHolds(g, props.OptimalInvariant))

	tower, err := jenga.Parse(strings.NewReader("3\nRGB\nGRG\nBBB\n"), "tower.in")
	if err != nil {
		t.Fatal(err)
	}
	inv := invariantNamed(t, JengaThreeWay(JengaConfig{}), props.OptimalInvariant)
	sol, err := JengaThreeWay(JengaConfig{}).Solve(tower)
	if err != nil {
		t.Fatal(err)
	}
	if err := inv.Check(tower, sol); err != nil {
		t.Errorf("the analyst's policy: %v", err)
	}
	sol.Policy = lastLegalMove(tower)
	if err := inv.Check(tower, sol); err == nil || !strings.Contains(err.Error(), "the policy is not optimal: the player's best response") {
		t.Errorf("the last legal move: %v", err)
	}
}

// lastLegalMove is a jenga policy that plays, of the moves (level, place,
// place on top) it tries in order, the last one the rules allow.
func lastLegalMove(b jenga.Tower) referees.JengaPolicyFunc {
	return func(t jenga.Tower, c jenga.Colour) (jenga.Move, bool) {
		s := gamerules.JengaStateOf(t, c)
		moves := gamerules.Jenga(b).Moves(s)
		var last jenga.Move
		found := false
		for level := range t.Levels {
			for pos := range 3 {
				for to := range 3 {
					m := jenga.Move{Level: level, Pos: pos, To: to}
					if t.Levels[level][pos] != c || level == t.Top() {
						continue
					}
					next := gamerules.JengaStateOf(jengaPlay(t.Clone(), m), jenga.Empty)
					for _, mv := range moves {
						if mv.Branches[0].Next == next {
							last, found = m, true
						}
					}
				}
			}
		}
		return last, found
	}
}

// invariantNamed is g's invariant called name.
func invariantNamed(t *testing.T, g props.Game, name string) props.Invariant[props.Board] {
	t.Helper()
	for _, inv := range g.Invariants() {
		if inv.Name == name {
			return inv
		}
	}
	t.Fatalf("%s has no invariant %q", g.Name(), name)
	return props.Invariant[props.Board]{}
}
