package referees

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/montecarlo/estimate"
)

// patienceDealOfRanks builds a deal with patience.DealOfRanks, failing t on a typo.
func patienceDealOfRanks(t testing.TB, piles [patience.Piles]string) patience.Deal {
	t.Helper()
	d, err := patience.DealOfRanks(piles)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func patienceSampleDeal(t testing.TB) patience.Deal {
	t.Helper()
	deals, err := patience.Parse(strings.NewReader(patience.Samples()[0].Input), "sample.in")
	if err != nil {
		t.Fatal(err)
	}
	return deals[0]
}

// patienceReferee is PatienceReferee on a deal the test knows to be valid.
func patienceReferee(tb testing.TB, d patience.Deal) func() montecarlo.Player {
	tb.Helper()
	play, err := PatienceReferee(d)
	if err != nil {
		tb.Fatal(err)
	}
	return play
}

// TestPatienceRefereeAgrees plays deals whose win probability is known
// without any solver: the published sample (spec §2) and hand-derived deals
// (the reasons are in exact/patience_test.go: independent components, each
// forced or worked out by hand). Budget: 1e-6 over the four checks.
func TestPatienceRefereeAgrees(t *testing.T) {
	const alpha = 1e-6 / 4
	pair := []string{"T 9 T 9", "T 9 T 9", "Q J Q J", "Q J Q J", "A K A K", "A K A K"}
	hand := func(first ...string) patience.Deal {
		var piles [patience.Piles]string
		copy(piles[:], append(first, pair...))
		return patienceDealOfRanks(t, piles)
	}
	tests := []struct {
		name string
		deal patience.Deal
		p    float64
	}{
		{"sample", patienceSampleDeal(t), 14259369055191929.0 / 24196548096000000.0},
		{"forced", hand("7 6 7 6", "8 6 8 6", "8 7 8 7"), 1},
		{"two-ninths", hand("8 7 6 6", "7 8 7 6", "8 7 8 6"), 2.0 / 9},
		{"no-move", patience.SortedDeck(), 0},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, err := montecarlo.Run(context.Background(), montecarlo.Config{Runs: 100_000, Seed: montecarlo.SubSeed(7, uint64(i))}, patienceReferee(t, tc.deal))
			if err != nil {
				t.Fatal(err)
			}
			a := estimate.Agree([]float64{1 - tc.p, tc.p}, 0, h.Counts, alpha)
			if !a.Pass {
				t.Errorf("wins %v of %d runs, p = %.6f: p-value %.3g ≤ %.3g", a.Statistic, a.Runs, tc.p, a.PValue, alpha)
			}
		})
	}
}

// TestPatienceRefereeReplays checks that a player reused across games
// restores the whole deal each time: a game after a won game plays the same.
func TestPatienceRefereeReplays(t *testing.T) {
	d := patienceSampleDeal(t)
	a := patienceReferee(t, d)()
	b := patienceReferee(t, d)()
	ra := rand.New(rand.NewPCG(1, 1))
	for range 200 {
		a(ra) // a keeps playing; b starts fresh from the same stream state
	}
	seed := ra.Uint64()
	x, _ := a(rand.New(rand.NewPCG(seed, 0)))
	y, _ := b(rand.New(rand.NewPCG(seed, 0)))
	if x != y {
		t.Errorf("a reused player gave %d, a fresh one %d", x, y)
	}
}

func TestPatienceRefereeRefusesACardTwice(t *testing.T) {
	d := patience.SortedDeck()
	d[0][0] = d[8][3]
	if _, err := PatienceReferee(d); err == nil {
		t.Error("PatienceReferee accepted a deal with a card twice")
	}
}

func BenchmarkRefereePatience(b *testing.B) {
	play := patienceReferee(b, patienceSampleDeal(b))()
	rng := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		play(rng)
	}
}
