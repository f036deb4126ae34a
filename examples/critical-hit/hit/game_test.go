package hit_test

import (
	"testing"

	"github.com/chancecheck/chancecheck/examples/critical-hit/hit"
	"github.com/chancecheck/chancecheck/gametest"
	"github.com/chancecheck/chancecheck/internal/longtest"
)

// The conformance kit every game passes: the samples (residues printed as
// the statement prints them), round trips, agreement of the engine and the
// referee, invariants. The agreement check plays gametest.DefaultRuns
// games on each board in the full suite (CHANCECHECK_LONG=1) and a quarter
// of them in the quick one: a game is up to 300 attacks through the
// generic referee, and all of them took 9 s, the most of any game's check.
func TestGame(t *testing.T) {
	runs := int64(gametest.DefaultRuns)
	if !longtest.Enabled() {
		runs /= 4
	}
	gametest.Run(t, hit.Game(), gametest.Runs(runs))
}
