package hit_test

import (
	"testing"

	"github.com/chancecheck/chancecheck/examples/critical-hit/hit"
	"github.com/chancecheck/chancecheck/gametest"
)

// The conformance kit every game passes: the samples (residues printed as
// the statement prints them), round trips, agreement of the engine and the
// referee, invariants.
func TestGame(t *testing.T) { gametest.Run(t, hit.Game()) }
