package generators

import (
	"fmt"
	"testing"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/internal/rapidtest"
	"pgregory.net/rapid"
)

// Every drawn maze is valid and within its options, clamped: at the
// defaults, at the official tests' 30 columns, tiny, and with minima (at
// the largest maze, and above a maximum, which they raise).
func TestTrapsValid(t *testing.T) {
	official := DefaultTrapsOptions()
	official.MaxCols = traps.MaxCols
	for _, o := range []TrapsOptions{
		DefaultTrapsOptions(), official,
		{MaxRows: 3, MaxCols: 3, MaxKinds: 1, MaxLife: 1}, {MaxRows: 1, MaxCols: 1},
		{MaxRows: 30, MaxCols: 29, MaxKinds: 5, MaxLife: 5, MinRows: 30, MinCols: 29, MinKinds: 5, MinLife: 5},
		{MaxRows: 4, MaxCols: 4, MaxKinds: 2, MaxLife: 2, MinRows: 6, MinKinds: 4, MinLife: 3},
	} {
		c := o.Clamped()
		rapid.Check(t, func(t *rapid.T) {
			z := TrapsWith(o).Draw(t, "maze")
			if err := z.Validate(); err != nil {
				t.Fatalf("invalid maze %v: %v", z.Rows, err)
			}
			if z.M() < c.MinRows || z.M() > c.MaxRows || z.N() < c.MinCols || z.N() > c.MaxCols ||
				z.Kinds < c.MinKinds || z.Kinds > c.MaxKinds || z.Life < c.MinLife || z.Life > c.MaxLife {
				t.Fatalf("maze %dx%d K=%d H=%d outside %+v", z.M(), z.N(), z.Kinds, z.Life, c)
			}
		})
	}
}

// The default generator's classes follow its documented mix (8/16
// informative, 4/16 limits, 4/16 small), no maze is wider than 29, and
// every limits maze is the statement's largest; with 30 columns allowed,
// some are 30 wide.
func TestTrapsMix(t *testing.T) {
	const n = 400
	counts := map[string]int{}
	gen := Traps()
	for seed := range n {
		z := gen.Example(seed)
		if z.N() > TrapsStatementCols {
			t.Fatalf("seed %d: n = %d > 29", seed, z.N())
		}
		c := TrapsClass(z)
		counts[c]++
		if c == "limits" && (z.M() != 30 || z.N() != 29) {
			t.Errorf("seed %d: a limits maze of %dx%d", seed, z.M(), z.N())
		}
	}
	t.Logf("classes of %d mazes: %v", n, counts)
	shareAtLeast(t, counts, n, "informative", 0.40)
	shareAtLeast(t, counts, n, "limits", 0.20)
	shareAtLeast(t, counts, n, "small", 0.18)
	official := DefaultTrapsOptions()
	official.MaxCols = traps.MaxCols
	wide := 0
	for seed := range 100 {
		if TrapsWith(official).Example(seed).N() == traps.MaxCols {
			wide++
		}
	}
	if wide < 20 {
		t.Errorf("with 30 columns allowed, only %d of 100 mazes are 30 wide", wide)
	}
}

// TestTrapsSurelyUncertainHolds: every maze TrapsSurelyUncertain calls
// informative has 0 < p < 1 exactly, on small mazes of every kind; and so
// do the default generator's informative and guarded limits mazes, of
// which there are at least half.
func TestTrapsSurelyUncertainHolds(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		z := TrapsWith(TrapsOptions{MaxRows: 6, MaxCols: 6, MaxKinds: 3, MaxLife: 3}).Draw(t, "maze")
		if !TrapsSurelyUncertain(z) {
			return
		}
		p, _, err := exact.TrapSurvivalRat(z)
		if err != nil {
			t.Fatal(err)
		}
		if p.Sign() <= 0 || p.Num().Cmp(p.Denom()) >= 0 {
			t.Fatalf("p = %v for an informative maze %v %v", p, z.Rows, z.Prior)
		}
	})
	const n = 60
	between, uncertain := 0, 0
	for seed := range n {
		z := Traps().Example(seed)
		// In float64 too p stays off 0 and 1 here: both extreme states
		// weigh at least 1 in at most 2^5 · 10^5.
		p, _, err := exact.TrapSurvival(z)
		if err != nil {
			t.Fatal(err)
		}
		if p > 0 && p < 1 {
			between++
		}
		if TrapsSurelyUncertain(z) {
			uncertain++
			if !(p > 0 && p < 1) {
				t.Errorf("seed %d: p = %v for a maze whose shape says 0 < p < 1", seed, p)
			}
		}
	}
	t.Logf("of %d default mazes, %d have 0 < p < 1, %d by their shape", n, between, uncertain)
	if 2*uncertain < n {
		t.Errorf("only %d of %d default mazes are surely 0 < p < 1", uncertain, n)
	}
}

func TestTrapsFewestTraps(t *testing.T) {
	for _, tt := range []struct {
		rows   []string
		fewest int
		ok     bool
	}{
		{[]string{"$.@"}, 0, true},
		{[]string{"$A@"}, 1, true},
		{[]string{"$AB@"}, 2, true},
		{[]string{"$AA@"}, 2, true}, // one kind, two steps onto it
		{[]string{"$#@"}, 0, false},
		{[]string{"$.."}, 0, false},
		{[]string{"$AA@", "...."}, 0, true}, // around, for free
		{[]string{"$AB.", "C#.@", "...D"}, 1, true},
		{[]string{"A$A", "AAA", "B.@"}, 1, true},
	} {
		z := &traps.Maze{Rows: tt.rows}
		r, c, _ := z.StartCell()
		got, ok := trapsFewestTraps(z.M(), z.N(), mazeAt(z), r*z.N()+c)
		if got != tt.fewest || ok != tt.ok {
			t.Errorf("%v: fewest traps %d, %v; want %d, %v", tt.rows, got, ok, tt.fewest, tt.ok)
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
