package generators

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/internal/rapidtest"
	"pgregory.net/rapid"
)

func TestTrapsValid(t *testing.T) {
	for _, o := range []TrapsOptions{DefaultTrapsOptions(), {MaxRows: 3, MaxCols: 3, MaxKinds: 1, MaxLife: 1}, {MaxRows: 1, MaxCols: 1}} {
		rapid.Check(t, func(t *rapid.T) {
			z := TrapsWith(o).Draw(t, "maze")
			if err := z.Validate(); err != nil {
				t.Fatalf("invalid maze %v: %v", z.Rows, err)
			}
			if z.M() > max(o.MaxRows, 1) || z.N() > max(o.MaxCols, 1) || z.Kinds > o.MaxKinds || z.Life > max(o.MaxLife, 1) {
				t.Fatalf("maze %dx%d K=%d H=%d exceeds %+v", z.M(), z.N(), z.Kinds, z.Life, o)
			}
		})
	}
}

// Over a few hundred draws every reach class and prior class appears, and no
// default maze is wider than 29.
func TestTrapsCoverage(t *testing.T) {
	gen := Traps()
	reach, prior := map[string]int{}, map[string]int{}
	for seed := range 400 {
		z := gen.Example(seed)
		if z.N() > 29 {
			t.Fatalf("seed %d: n = %d > 29", seed, z.N())
		}
		parts := strings.Split(TrapsClass(z), "/")
		reach[parts[0]]++
		prior[parts[1]]++
	}
	t.Logf("reach %v, prior %v", reach, prior)
	for _, c := range []string{"no-exit", "walled-off", "free-exit", "through-traps"} {
		if reach[c] == 0 {
			t.Errorf("reach class %q never drawn: %v", c, reach)
		}
	}
	for _, c := range []string{"uniform", "sparse", "certain", "mixed"} {
		if prior[c] == 0 {
			t.Errorf("prior class %q never drawn: %v", c, prior)
		}
	}
}

// A property that fails on any maze with a trap shrinks to one kind and one
// life. The map usually shrinks to "$A", but rapid's shrinker is heuristic
// and sometimes stops at a longer row or a small carved maze, so the size is
// only logged.
func TestTrapsShrinks(t *testing.T) {
	var smallest *traps.Maze
	rec := rapidtest.NewRecorder(t, "planted-traps-shrink")
	rapid.Check(rec, func(t *rapid.T) {
		z := Traps().Draw(t, "maze")
		for _, row := range z.Rows {
			for i := range len(row) {
				if traps.Kind(row[i]) >= 0 {
					smallest = z
					t.Fatalf("has a trap")
				}
			}
		}
	})
	if !rec.Failed() || smallest == nil {
		t.Fatal("the property never failed")
	}
	if smallest.Kinds != 1 || smallest.Life != 1 {
		t.Errorf("shrank only to K=%d H=%d: %v", smallest.Kinds, smallest.Life, smallest.Rows)
	}
	t.Logf("shrunk to %dx%d: %v", smallest.M(), smallest.N(), smallest.Rows)
}

func ExampleTraps() {
	z := TrapsWith(TrapsOptions{MaxRows: 4, MaxCols: 6, MaxKinds: 2, MaxLife: 3}).Example(1)
	fmt.Println(z.Validate() == nil, z.M() <= 4, z.N() <= 6)
	// Output: true true true
}
