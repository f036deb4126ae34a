package generators

import (
	"fmt"
	"strings"
	"testing"

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

func TestJengaCoverEveryClass(t *testing.T) {
	palettes, sizes := map[string]int{}, map[string]int{}
	gen := Jenga()
	for seed := range 800 {
		class := JengaClass(gen.Example(seed))
		palette, size, _ := strings.Cut(class, "/")
		palettes[palette]++
		sizes[size]++
	}
	for _, p := range jengaPalettes {
		if palettes[p] == 0 {
			t.Errorf("palette %q never generated in 800 towers: %v", p, palettes)
		}
	}
	for _, n := range []string{"n2", "n3", "n4", "n5", "n6"} {
		if sizes[n] == 0 {
			t.Errorf("size %s never generated in 800 towers: %v", n, sizes)
		}
	}
	t.Logf("mix of 800 towers: %v %v", palettes, sizes)
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
	if got := JengaClass(*smallest); got != "one-colour/n3" {
		t.Errorf("shrunk to %v (%s), want a one-colour tower of 3 levels", smallest, got)
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
