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

// TestPatienceClassIsExact: the class, found by a search that only asks
// which moves exist, says 0, 1 or in between as the exact fraction does.
func TestPatienceClassIsExact(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := Patience().Draw(t, "deal")
		p, err := exact.WinProbabilityRat(d)
		if err != nil {
			t.Fatal(err)
		}
		want := "open or rich"
		switch {
		case p.Sign() == 0:
			want = "lost"
		case p.Num().Cmp(p.Denom()) == 0:
			want = "won"
		}
		if c := PatienceClass(d); c != want && !(want == "open or rich" && (c == "open" || c == "rich")) {
			t.Fatalf("class %s, but p = %v:\n%v", c, p, d)
		}
	})
}

// TestPatienceMix draws 600 deals: the classes follow the documented mix
// (about 55% rich, 28% open, 14% lost, 2% won), every class occurs, and the
// log shows the spread of win probabilities per class.
func TestPatienceMix(t *testing.T) {
	const n = 600
	byClass := map[string][]float64{}
	counts := map[string]int{}
	gen := Patience()
	var s exact.PatienceSolver
	for seed := range n {
		d := gen.Example(seed)
		p, err := s.WinProbability(d)
		if err != nil {
			t.Fatal(err)
		}
		c := PatienceClass(d)
		byClass[c] = append(byClass[c], p)
		counts[c]++
	}
	shareAtLeast(t, counts, n, "rich", 0.45)
	shareAtLeast(t, counts, n, "open", 0.20)
	shareAtLeast(t, counts, n, "lost", 0.09)
	for _, class := range []string{"lost", "won", "open", "rich"} {
		ps := byClass[class]
		if len(ps) == 0 {
			t.Errorf("class %q never generated in %d deals", class, n)
			continue
		}
		slices.Sort(ps)
		t.Logf("%-5s %3d deals: p min %.4f median %.4f max %.4f", class, len(ps), ps[0], ps[len(ps)/2], ps[len(ps)-1])
	}
}

// TestPatienceRichDealsHaveManyPositions: the rich style's deals reach
// several times the positions of a shuffle.
func TestPatienceRichDealsHaveManyPositions(t *testing.T) {
	var rich, shuffled []int
	for seed := range 100 {
		rich = append(rich, patienceReach(rapid.Custom(patienceRich).Example(seed)).positions)
		shuffled = append(shuffled, patienceReach(rapid.Custom(patienceShuffle).Example(seed)).positions)
	}
	slices.Sort(rich)
	slices.Sort(shuffled)
	t.Logf("median positions: rich %d, shuffled %d", rich[50], shuffled[50])
	if rich[50] < 3*shuffled[50] || rich[50] < PatienceRichPositions {
		t.Errorf("median positions: rich %d, shuffled %d", rich[50], shuffled[50])
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
