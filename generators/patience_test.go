package generators

import (
	"slices"
	"testing"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/internal/rapidtest"
	"pgregory.net/rapid"
)

func TestPatienceDealsAreValid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := Patience().Draw(t, "deal")
		if err := d.Validate(); err != nil {
			t.Fatalf("generated an invalid deal:\n%v%v", d, err)
		}
	})
}

// TestPatienceBuiltDealsAreWinnable: a deal laid from pairs can be cleared
// by taking the pairs off in reverse order, so its win probability is positive.
func TestPatienceBuiltDealsAreWinnable(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := rapid.Custom(patienceBuilt).Draw(t, "deal")
		if err := d.Validate(); err != nil {
			t.Fatalf("invalid deal:\n%v%v", d, err)
		}
		if p, err := exact.WinProbability(d); err != nil || p <= 0 {
			t.Fatalf("built deal has p = %v (%v):\n%v", p, err, d)
		}
	})
}

func TestPatienceNearDeadHasFewMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := rapid.Custom(patienceNearDead).Draw(t, "deal")
		if err := d.Validate(); err != nil {
			t.Fatalf("invalid deal:\n%v%v", d, err)
		}
		if m := d.InitialMoves(); m > 3 {
			t.Fatalf("near-dead deal has %d first moves:\n%v", m, d)
		}
	})
}

// TestPatienceCoverEveryClass draws 600 deals, checks every class occurs,
// and logs the mix and the spread of win probabilities per class.
func TestPatienceCoverEveryClass(t *testing.T) {
	byClass := map[string][]float64{}
	gen := Patience()
	var s exact.PatienceSolver
	for seed := range 600 {
		d := gen.Example(seed)
		p, err := s.WinProbability(d)
		if err != nil {
			t.Fatal(err)
		}
		c := PatienceClass(d)
		byClass[c] = append(byClass[c], p)
	}
	for _, class := range []string{"no-move", "few-moves", "stranded", "many-moves", "open"} {
		ps := byClass[class]
		if len(ps) == 0 {
			t.Errorf("class %q never generated in 600 deals", class)
			continue
		}
		slices.Sort(ps)
		inner := 0
		for _, p := range ps {
			if p > 0.01 && p < 0.99 {
				inner++
			}
		}
		t.Logf("%-10s %3d deals: p min %.4f median %.4f max %.4f; %d with 0.01 < p < 0.99",
			class, len(ps), ps[0], ps[len(ps)/2], ps[len(ps)-1], inner)
	}
}

func TestPatienceExampleIsDeterministic(t *testing.T) {
	if a, b := Patience().Example(99), Patience().Example(99); a != b {
		t.Fatalf("same seed, different deals:\n%v\n%v", a, b)
	}
}

// TestPatienceShrinksTowardTheSortedDeck: a property that fails on every
// deal must shrink to the simplest one, the sorted deck.
func TestPatienceShrinksTowardTheSortedDeck(t *testing.T) {
	var last patience.Deal
	rec := rapidtest.NewRecorder(t, "patience-shrink")
	rapid.Check(rec, func(t *rapid.T) {
		last = Patience().Draw(t, "deal")
		t.Fatalf("fails on every deal")
	})
	if !rec.Failed() {
		t.Fatal("the property did not fail")
	}
	if last != patience.SortedDeck() {
		t.Errorf("shrunk to\n%vwant the sorted deck", last)
	}
}
