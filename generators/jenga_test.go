package generators

import (
	"fmt"
	"testing"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/internal/rapidtest"
	"pgregory.net/rapid"
)

func TestJengaTowersAreValid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tw := Jenga().Draw(t, "tower")
		if err := tw.Validate(); err != nil {
			t.Fatalf("generated an invalid tower %v: %v", tw, err)
		}
	})
}

// Every tower has between MinLevels and MaxLevels levels, whatever the
// options (clamped to 2..6; a minimum above the maximum raises it).
func TestJengaWithKeepsItsLevels(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := JengaOptions{MinLevels: rapid.IntRange(0, 8).Draw(t, "min"), MaxLevels: rapid.IntRange(0, 8).Draw(t, "max")}
		tw := JengaWith(o).Draw(t, "tower")
		if err := tw.Validate(); err != nil {
			t.Fatalf("generated an invalid tower %v: %v", tw, err)
		}
		lo := clamp(o.MinLevels, jenga.MinLevels, jenga.MaxLevels)
		hi := max(lo, clamp(o.MaxLevels, jenga.MinLevels, jenga.MaxLevels))
		if n := len(tw.Levels); n < lo || n > hi {
			t.Fatalf("%d levels with %+v", n, o)
		}
	})
}

// The classes follow the documented mix (8/16 tall-mixed, 4/16 small, 4/16
// any size), every size occurs, and the tall-mixed towers are the ones with
// many states.
func TestJengaMix(t *testing.T) {
	const n = 800
	counts, sizes := map[string]int{}, map[int]int{}
	gen := Jenga()
	for seed := range n {
		tw := gen.Example(seed)
		counts[JengaClass(tw)]++
		sizes[len(tw.Levels)]++
	}
	t.Logf("mix of %d towers: %v, levels %v", n, counts, sizes)
	shareAtLeast(t, counts, n, "tall-mixed", 0.45)
	shareAtLeast(t, counts, n, "small", 0.25)
	for l := jenga.MinLevels; l <= jenga.MaxLevels; l++ {
		if sizes[l] == 0 {
			t.Errorf("no tower of %d levels in %d", l, n)
		}
	}
	for seed := range 5 {
		tw := rapid.Custom(func(t *rapid.T) jenga.Tower { return jengaPainted(t, jenga.MaxLevels, true) }).Example(seed)
		sol, err := exact.SolveJenga(tw)
		if err != nil {
			t.Fatal(err)
		}
		if sol.States() < 20000 {
			t.Errorf("a tall-mixed tower with only %d states:\n%v", sol.States(), tw)
		}
	}
}

func TestJengaShrinksTowardSmallOneColourTowers(t *testing.T) {
	// Every tower of three levels or more "fails": rapid must shrink to a
	// three-level tower of one colour.
	var smallest *jenga.Tower
	rec := rapidtest.NewRecorder(t, "jenga-shrink")
	rapid.Check(rec, func(t *rapid.T) {
		tw := Jenga().Draw(t, "tower")
		if len(tw.Levels) >= 3 {
			smallest = &tw
			t.Fatalf("tall")
		}
	})
	if !rec.Failed() || smallest == nil {
		t.Fatal("the property never failed")
	}
	colours := map[jenga.Colour]bool{}
	for _, l := range smallest.Levels {
		for _, c := range l {
			colours[c] = true
		}
	}
	if len(smallest.Levels) != 3 || len(colours) != 1 {
		t.Errorf("shrunk to %v, want a one-colour tower of 3 levels", smallest)
	}
}

func ExampleJenga() {
	tw := Jenga().Example(3)
	fmt.Println(tw.Validate() == nil, len(tw.Levels) >= 2 && len(tw.Levels) <= 6)
	// Output: true true
}

func TestJengaUpToRespectsItsLimit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		if tw := JengaUpTo(3).Draw(t, "tower"); len(tw.Levels) > 3 {
			t.Fatalf("tower of %d levels from JengaUpTo(3)", len(tw.Levels))
		}
	})
}
