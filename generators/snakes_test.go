package generators

import (
	"testing"

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

func TestSnakesCoverEveryClass(t *testing.T) {
	counts := map[string]int{}
	gen := Snakes()
	for seed := range 600 {
		counts[SnakesClass(gen.Example(seed))]++
	}
	for _, class := range []string{"empty", "sparse", "dense", "crowded-top", "ladders-to-100", "snakes-to-1", "shared-targets", "wall"} {
		if counts[class] == 0 {
			t.Errorf("class %q never generated in 600 boards: %v", class, counts)
		}
	}
	t.Logf("mix of 600 boards: %v", counts)
}

func TestSnakesExampleIsDeterministic(t *testing.T) {
	a, b := Snakes().Example(99), Snakes().Example(99)
	if len(a.Jumps) != len(b.Jumps) {
		t.Fatalf("same seed, different boards: %v and %v", a, b)
	}
	for i := range a.Jumps {
		if a.Jumps[i] != b.Jumps[i] {
			t.Fatalf("same seed, different boards: %v and %v", a, b)
		}
	}
}
