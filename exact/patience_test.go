package exact

import (
	"bytes"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/patience"
)

func patienceSample(t testing.TB) patience.Deal {
	t.Helper()
	deals, err := patience.Parse(strings.NewReader(patience.Samples()[0].Input), "sample.in")
	if err != nil {
		t.Fatal(err)
	}
	return deals[0]
}

// shuffledDeal deals a uniformly shuffled deck (Fisher–Yates with rng).
func shuffledDeal(rng *rand.Rand) patience.Deal {
	var d patience.Deal
	perm := rng.Perm(patience.Cards)
	for i, c := range perm {
		d[i/patience.PileCards][i%patience.PileCards] = patience.CardAt(c)
	}
	return d
}

func TestPatienceSample(t *testing.T) {
	p, err := WinProbability(patienceSample(t))
	if err != nil {
		t.Fatal(err)
	}
	// The published exact value (spec §2): 14259369055191929/24196548096000000.
	want := 14259369055191929.0 / 24196548096000000.0
	if math.Abs(p-want) > 1e-12 {
		t.Errorf("WinProbability(sample) = %.15f, want %.15f", p, want)
	}
}

func TestPatienceSampleRat(t *testing.T) {
	p, err := WinProbabilityRat(patienceSample(t))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.String(), "14259369055191929/24196548096000000"; got != want {
		t.Errorf("WinProbabilityRat(sample) = %s, want %s (spec §2)", got, want)
	}
}

func BenchmarkRatPatience(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	deals := make([]patience.Deal, 64)
	for i := range deals {
		deals[i] = shuffledDeal(rng)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		WinProbabilityRat(deals[i%len(deals)])
	}
}

// dealOfRanks builds a deal with patience.DealOfRanks, failing t on a typo.
func dealOfRanks(t testing.TB, piles [patience.Piles]string) patience.Deal {
	t.Helper()
	d, err := patience.DealOfRanks(piles)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The hand-derived deals below are built from components: groups of piles
// whose ranks appear nowhere else, so they never interact. George's choices
// restricted to one component are uniform over that component's pairs, so
// the win probability is the product of the components' probabilities.
//
//   - a pair component, two piles with the same ranks level by level
//     ("T 9 T 9" twice), always has exactly one move: it clears (p = 1);
//   - the forced triple "7 6 7 6", "8 6 8 6", "8 7 8 7" (tops 6 6 7) has one
//     move at each step, in the order (1,2) (1,3) (2,3) twice: p = 1;
//   - the triple "8 7 6 6", "7 8 7 6", "8 7 8 6" has tops 6 6 6. Removing
//     piles 2 and 3 first strands pile 1's second 6: loss. Either other first
//     move forces play into tops 8 8 8 with one card on pile 1, two on pile 2
//     ("7 8"), three on pile 3 ("8 7 8"); of those three pairs only (2,3)
//     wins. So p = 2/3 · 1/3 = 2/9;
//   - a pile holding all four aces can never be emptied: p = 0, although
//     moves exist.
var patienceHand = []struct {
	name  string
	piles [patience.Piles]string
	want  *big.Rat
}{
	{"forced", [9]string{"7 6 7 6", "8 6 8 6", "8 7 8 7", "T 9 T 9", "T 9 T 9", "Q J Q J", "Q J Q J", "A K A K", "A K A K"}, big.NewRat(1, 1)},
	{"two-ninths", [9]string{"8 7 6 6", "7 8 7 6", "8 7 8 6", "T 9 T 9", "T 9 T 9", "Q J Q J", "Q J Q J", "A K A K", "A K A K"}, big.NewRat(2, 9)},
	{"aces-in-one-pile", [9]string{"7 6 7 6", "7 6 7 6", "9 8 9 8", "9 8 9 8", "J T J T", "J T J T", "K Q K Q", "K Q K Q", "A A A A"}, new(big.Rat)},
	{"no-move", [9]string{"6 6 6 6", "7 7 7 7", "8 8 8 8", "9 9 9 9", "T T T T", "J J J J", "Q Q Q Q", "K K K K", "A A A A"}, new(big.Rat)},
}

func TestPatienceHandDerived(t *testing.T) {
	for _, tc := range patienceHand {
		t.Run(tc.name, func(t *testing.T) {
			d := dealOfRanks(t, tc.piles)
			r, err := WinProbabilityRat(d)
			if err != nil {
				t.Fatal(err)
			}
			if r.Cmp(tc.want) != 0 {
				t.Errorf("WinProbabilityRat = %s, want %s", r, tc.want)
			}
			f, err := WinProbability(d)
			if err != nil {
				t.Fatal(err)
			}
			if want, _ := tc.want.Float64(); math.Abs(f-want) > 1e-12 {
				t.Errorf("WinProbability = %.15f, want %.15f", f, want)
			}
		})
	}
}

// TestPatienceSolverReuse checks that a reused solver (whose memo is reset,
// not reallocated, between deals) gives the same answers as fresh ones, and
// the float version agrees with the exact fraction.
func TestPatienceSolverReuse(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var s PatienceSolver
	for i := range 40 {
		d := shuffledDeal(rng)
		reused, err := s.WinProbability(d)
		if err != nil {
			t.Fatal(err)
		}
		fresh, _ := WinProbability(d)
		if reused != fresh {
			t.Fatalf("deal %d: reused solver %v, fresh %v", i, reused, fresh)
		}
		if i%4 == 0 {
			r, _ := WinProbabilityRat(d)
			if exact, _ := r.Float64(); math.Abs(exact-fresh) > 1e-12 {
				t.Fatalf("deal %d: float %v, rational %s", i, fresh, r)
			}
		}
	}
}

func TestPatienceInvalid(t *testing.T) {
	d := patience.SortedDeck()
	d[0][0] = d[8][3]
	if _, err := WinProbability(d); err == nil {
		t.Error("WinProbability accepted a deal with a card twice")
	}
	if _, err := WinProbabilityRat(d); err == nil {
		t.Error("WinProbabilityRat accepted a deal with a card twice")
	}
}

// patienceBenchDeals reads a deal file of games/patience/testdata/bench:
// bench-1000.in (chancecheck gen patience --count 1000 --seed 1: the
// generator's mix) or uniform-1000.in (1,000 uniform shuffles).
func patienceBenchDeals(b *testing.B, name string) []patience.Deal {
	deals, err := patience.Parse(bytes.NewReader(benchInput(b, "patience", name)), name)
	if err != nil {
		b.Fatal(err)
	}
	return deals
}

// BenchmarkExactPatience is the float solver per deal, over the 1,000
// generated deals of the whole-process comparison (BENCHMARKS.md).
func BenchmarkExactPatience(b *testing.B) {
	for _, name := range []string{"bench-1000.in", "uniform-1000.in"} {
		b.Run(name, func(b *testing.B) {
			deals := patienceBenchDeals(b, name)
			var s PatienceSolver
			for i := 0; b.Loop(); i++ {
				s.WinProbability(deals[i%len(deals)])
			}
		})
	}
}
