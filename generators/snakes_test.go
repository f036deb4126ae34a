package generators

import (
	"slices"
	"testing"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/internal/rapidtest"
	"pgregory.net/rapid"
)

func TestSnakesBoardsAreValid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := Snakes().Draw(t, "board")
		if err := b.Validate(); err != nil {
			t.Fatalf("generated an invalid board %v: %v", b.Jumps, err)
		}
	})
}

// Every board has between MinJumps and MaxJumps jumps, whatever the
// options (clamped; a minimum above the maximum raises it).
func TestSnakesWithKeepsItsCounts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := SnakesOptions{MinJumps: rapid.IntRange(-1, 100).Draw(t, "min"), MaxJumps: rapid.IntRange(-1, 100).Draw(t, "max")}
		b := SnakesWith(o).Draw(t, "board")
		if err := b.Validate(); err != nil {
			t.Fatalf("generated an invalid board %v: %v", b.Jumps, err)
		}
		lo := clamp(o.MinJumps, 0, SnakesMaxJumps)
		hi := max(lo, clamp(o.MaxJumps, 0, SnakesMaxJumps))
		if n := len(b.Jumps); n < lo || n > hi {
			t.Fatalf("%d jumps with %+v", n, o)
		}
	})
}

// The classes follow the documented mix (6/16 dense, 6/16 walls, 4/16
// small); dense boards reach the most jumps, 98; walls boards have huge
// expectations.
func TestSnakesMix(t *testing.T) {
	const n = 600
	counts := map[string]int{}
	var wallsE []float64
	most := 0
	gen := Snakes()
	for seed := range n {
		b := gen.Example(seed)
		c := SnakesClass(b)
		counts[c]++
		most = max(most, len(b.Jumps))
		if c == "walls" {
			e, err := exact.ExpectedThrows(b)
			if err != nil {
				t.Fatal(err)
			}
			wallsE = append(wallsE, e)
		}
	}
	t.Logf("mix of %d boards: %v", n, counts)
	shareAtLeast(t, counts, n, "dense", 0.30)
	shareAtLeast(t, counts, n, "walls", 0.28)
	shareAtLeast(t, counts, n, "small", 0.18)
	if most != SnakesMaxJumps {
		t.Errorf("no board with %d jumps, the most is %d", SnakesMaxJumps, most)
	}
	slices.Sort(wallsE)
	if med := wallsE[len(wallsE)/2]; med < 100 {
		t.Errorf("walls boards: median expectation %.1f throws, want a hundred or more", med)
	}
}

// A property that fails on every board with a jump shrinks to one jump.
func TestSnakesShrinkToOneJump(t *testing.T) {
	var last int
	rec := rapidtest.NewRecorder(t, "snakes-shrink")
	rapid.Check(rec, func(t *rapid.T) {
		b := Snakes().Draw(t, "board")
		if last = len(b.Jumps); last > 0 {
			t.Fatalf("has a jump")
		}
	})
	if !rec.Failed() || last != 1 {
		t.Errorf("shrunk to %d jumps, want 1", last)
	}
}

func TestSnakesExampleIsDeterministic(t *testing.T) {
	a, b := Snakes().Example(99), Snakes().Example(99)
	if !slices.Equal(a.Jumps, b.Jumps) {
		t.Fatalf("same seed, different boards: %v and %v", a, b)
	}
}
