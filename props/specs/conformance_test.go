package specs_test

import (
	"testing"

	"github.com/chancecheck/chancecheck/gametest"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/props/specs"
)

// The built-in games pass the conformance kit a user's game runs, at sizes
// that keep the suite fast: snakes with at most 40 jumps (the simplifiers
// check follows chains of one jump fewer, each candidate validated, so its
// cost grows as the cube of the jumps), traps up to 6×6 with 3 kinds and 3
// lives, jenga up to 4 levels. The samples are at full size, and the params
// check draws boards at every parameter's ends.
func TestConformance(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	t.Run("snakes", func(t *testing.T) {
		t.Parallel()
		g, err := specs.Snakes().WithParams(map[string]int{"jumps": generators.SnakesDenseJumps})
		if err != nil {
			t.Fatal(err)
		}
		gametest.Run(t, g)
	})
	t.Run("patience", func(t *testing.T) {
		t.Parallel()
		// The sample prints the statement's 6 decimals exactly.
		gametest.Run(t, specs.Patience(), gametest.ExactSamples())
	})
	t.Run("traps", func(t *testing.T) {
		t.Parallel()
		// The same text, not only within the judge's tolerance: the
		// rounding is half up on the exact value.
		limits := generators.TrapsOptions{MaxRows: 6, MaxCols: 6, MaxKinds: 3, MaxLife: 3}
		gametest.Run(t, specs.Traps(specs.TrapsConfig{Limits: limits}), gametest.ExactSamples())
	})
	t.Run("jenga", func(t *testing.T) {
		t.Parallel()
		// 5,000 games: the DKW band is then ε ≈ 0.046, which a shift of the
		// throw distribution by one throw exceeds on towers of up to four
		// levels (their likeliest count has probability 0.07 or more).
		gametest.Run(t, specs.Jenga(specs.JengaConfig{MaxLevels: 4}), gametest.Runs(5000))
	})
}
