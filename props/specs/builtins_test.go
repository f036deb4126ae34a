package specs

import (
	"reflect"
	"testing"

	"github.com/chancecheck/chancecheck/internal/rapidflags"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// builtins are the four built-in games at their defaults, in the order
// cmd/chancecheck lists them.
func builtins() []props.Game {
	return []props.Game{Snakes(), Patience(), Traps(TrapsConfig{}), Jenga(JengaConfig{})}
}

// TestFirstDrawIsTheExample checks, on the built-in games' own
// generators, what props' shrinker relies on (its
// TestShrinkStartsFromTheFailingBoard checks it on small games): rapid's
// first check under seed S draws the board Generator.Example(S) gives, so
// that shrinking starts from the failing board itself.
func TestFirstDrawIsTheExample(t *testing.T) {
	for _, g := range builtins() {
		gen := g.Generator()
		for i := uint64(0); i < 3; i++ {
			seed := int(montecarlo.SubSeed(11, i) >> 1) // a seed as CrossCheck derives one: nonzero, an int
			want := gen.Example(seed)
			var first props.Board
			_, err := rapidflags.Check("first-draw", rapidflags.Settings{Seed: uint64(seed)}, func(rt *rapid.T) {
				b := gen.Draw(rt, "board")
				if first == nil {
					first = b
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(first, want) {
				t.Errorf("%s seed %d: rapid drew %v first, Example gives %v", g.Name(), seed, first, want)
			}
		}
	}
}
