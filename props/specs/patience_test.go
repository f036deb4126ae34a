package specs

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// patienceTestRuns is the number of games per agreement check. At the
// per-check budget TestAlpha = 1e-9 the exact binomial test then detects a
// shift of p by about 6.1·√(p(1−p)/20000) ≤ 0.022 half of the time.
const patienceTestRuns = 20000

func TestPatienceSymmetries(t *testing.T) {
	rapid.Check(t, PatienceSymmetries(exact.WinProbability))
}

func TestPatienceBounds(t *testing.T) {
	rapid.Check(t, PatienceBounds(exact.WinProbability))
}

func TestPatienceFloatMatchesFraction(t *testing.T) {
	rapid.Check(t, PatienceFloatMatchesFraction(exact.WinProbability))
}

// --- Planted bugs: each property must be able to fail. ---

// patienceRankFirst is a planted bug in the referee: George picks a rank
// among those with a pair of tops, then a pair of that rank. Where ranks
// have different numbers of pairs, it favours the rare ones.
func patienceRankFirst() props.Game {
	s := PatienceSpec()
	s.Referee = nil
	s.Play = func(d patience.Deal, rng *rand.Rand) (int, error) {
		var h [patience.Piles]int
		for p := range h {
			h[p] = patience.PileCards
		}
		for left := patience.Cards; left > 0; left -= 2 {
			var pairs [patience.Ranks][][2]int // pairs of equal tops, by rank
			var ranks []patience.Rank          // ranks that have a pair
			for p := range h {
				for q := p + 1; q < patience.Piles; q++ {
					if h[p] > 0 && h[q] > 0 && d[p][h[p]-1].Rank == d[q][h[q]-1].Rank {
						r := d[p][h[p]-1].Rank
						if pairs[r] == nil {
							ranks = append(ranks, r)
						}
						pairs[r] = append(pairs[r], [2]int{p, q})
					}
				}
			}
			if len(ranks) == 0 {
				return 0, nil
			}
			of := pairs[ranks[rng.IntN(len(ranks))]]
			pq := of[rng.IntN(len(of))]
			h[pq[0]]--
			h[pq[1]]--
		}
		return 1, nil
	}
	return props.Define(s)
}

// failOnce wraps a property so that, once it has failed, every later run
// fails at once, repeating the first failure's message, without running it.
// rapid then shrinks in microseconds instead of re-running an expensive
// check (20,000 games, or four solves) for up to 30 s; what the test shows,
// that the property fails on the planted bug and why, comes from the first,
// genuine failure.
func failOnce(prop func(*rapid.T)) func(*rapid.T) {
	first := ""
	return func(t *rapid.T) {
		if first != "" {
			t.Fatalf("%s (first failure; not re-run while shrinking)", first)
		}
		defer func() {
			if r := recover(); r != nil {
				first = fmt.Sprint(r) // rapid stops a failed run by panicking with its message
				panic(r)
			}
		}()
		prop(t)
	}
}

func TestPatienceAgreementCatchesARankFirstReferee(t *testing.T) {
	report := expectPropertyFails(t, failOnce(props.Agreement(patienceRankFirst(), patienceTestRuns, props.TestAlpha)))
	if !strings.Contains(report, "referee disagrees") {
		t.Errorf("failure report does not say why:\n%s", report)
	}
}

// plantedPatience is Patience with a planted analyst: Solve and the
// invariants use solve instead of exact.WinProbability.
func plantedPatience(solve PatienceAnswer) props.Game {
	s := PatienceSpec()
	s.Solve = func(d patience.Deal) (props.Solution, error) {
		p, err := solve(d)
		return props.Solution{Value: p}, err
	}
	s.Invariants = patienceInvariants(solve)
	return props.Define(s)
}

// patienceBuggy is a second, naive analyst for planting bugs: a memoised
// recursion over heights in a map, with knobs that each break one rule.
type patienceBuggy struct {
	rankFirst bool                          // choose a rank uniformly, then a pair of it
	firstPair bool                          // always take the first pair in pile order
	match     func(a, b patience.Card) bool // when two tops pair (nil: same rank)
	deadValue float64                       // value of a stuck table (should be 0)
	noDivide  bool                          // sum over moves without dividing by their number
	_         struct{}
}

func (bug patienceBuggy) solver() PatienceAnswer {
	return func(d patience.Deal) (float64, error) {
		if err := d.Validate(); err != nil {
			return 0, err
		}
		match := bug.match
		if match == nil {
			match = func(a, b patience.Card) bool { return a.Rank == b.Rank }
		}
		memo := map[[patience.Piles]int]float64{}
		var win func(h [patience.Piles]int) float64
		win = func(h [patience.Piles]int) float64 {
			if h == ([patience.Piles]int{}) {
				return 1
			}
			if v, ok := memo[h]; ok {
				return v
			}
			groups := map[patience.Rank][][2]int{}
			var all [][2]int
			for p := range h {
				for q := p + 1; q < patience.Piles; q++ {
					if h[p] > 0 && h[q] > 0 && match(d[p][h[p]-1], d[q][h[q]-1]) {
						all = append(all, [2]int{p, q})
						r := d[p][h[p]-1].Rank
						groups[r] = append(groups[r], [2]int{p, q})
					}
				}
			}
			next := func(pq [2]int) float64 {
				n := h
				n[pq[0]]--
				n[pq[1]]--
				return win(n)
			}
			v := bug.deadValue
			switch {
			case len(all) == 0:
			case bug.firstPair:
				v = next(all[0])
			case bug.rankFirst:
				v = 0
				for _, pairs := range groups {
					s := 0.0
					for _, pq := range pairs {
						s += next(pq)
					}
					v += s / float64(len(pairs)) / float64(len(groups))
				}
			default:
				v = 0
				for _, pq := range all {
					v += next(pq)
				}
				if !bug.noDivide {
					v /= float64(len(all))
				}
			}
			memo[h] = v
			return v
		}
		var full [patience.Piles]int
		for p := range full {
			full[p] = patience.PileCards
		}
		return win(full), nil
	}
}

// TestPatienceBuggyBaseline: with no knob turned, the naive analyst is right
// (so the planted failures below come from the knobs).
func TestPatienceBuggyBaseline(t *testing.T) {
	rapid.Check(t, PatienceFloatMatchesFraction(patienceBuggy{}.solver()))
}

func TestPatienceAgreementCatchesARankFirstAnalyst(t *testing.T) {
	g := plantedPatience(patienceBuggy{rankFirst: true}.solver())
	report := expectPropertyFails(t, failOnce(props.Agreement(g, patienceTestRuns, props.TestAlpha)))
	if !strings.Contains(report, "referee disagrees") {
		t.Errorf("failure report does not say why:\n%s", report)
	}
}

func TestPatienceFractionCatchesARankFirstAnalyst(t *testing.T) {
	expectPropertyFails(t, PatienceFloatMatchesFraction(patienceBuggy{rankFirst: true}.solver()))
	g := plantedPatience(patienceBuggy{rankFirst: true}.solver())
	report := expectPropertyFails(t, failOnce(props.InvariantsHold(g)))
	if !strings.Contains(report, "float-matches-fraction") {
		t.Errorf("failure report does not name the invariant:\n%s", report)
	}
}

func TestPatienceSymmetriesCatchPlantedBugs(t *testing.T) {
	tests := []struct {
		name      string
		bug       patienceBuggy
		invariant string
	}{
		// George always takes the first pair in pile order: the piles' places matter.
		{"first-pair", patienceBuggy{firstPair: true}, "permute-piles"},
		// Two spades pair whatever their ranks: one suit is special.
		{"spades-wild", patienceBuggy{match: func(a, b patience.Card) bool {
			return a.Rank == b.Rank || a.Suit == 0 && b.Suit == 0
		}}, "permute-suits"},
		// An ace pairs with a king too: ranks are compared for more than equality.
		{"ace-king", patienceBuggy{match: func(a, b patience.Card) bool {
			ak := func(c patience.Card) bool { return c.Rank >= 7 }
			return a.Rank == b.Rank || ak(a) && ak(b)
		}}, "rename-ranks"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			report := expectPropertyFails(t, failOnce(PatienceSymmetries(tc.bug.solver())))
			if !strings.Contains(report, tc.invariant) {
				t.Errorf("rapid property: failure report does not name %s:\n%s", tc.invariant, report)
			}
			// Invariants() may see the bug first through another invariant
			// (the fraction, say); TestPatienceInvariantsSeeEachSymmetryAlone
			// shows each fixed symmetry catching its bug on the sample.
			expectPropertyFails(t, failOnce(props.InvariantsHold(plantedPatience(tc.bug.solver()))))
		})
	}
}

func TestPatienceBoundsCatchPlantedBugs(t *testing.T) {
	tests := []struct {
		name string
		bug  patienceBuggy
	}{
		{"dead-end-wins", patienceBuggy{deadValue: 1}}, // p = 1 with no first move
		{"no-divide", patienceBuggy{noDivide: true}},   // p > 1 where moves branch
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			report := expectPropertyFails(t, PatienceBounds(tc.bug.solver()))
			if !strings.Contains(report, "p = ") {
				t.Errorf("failure report does not give p:\n%s", report)
			}
		})
	}
}

// TestPatienceInvariantsSeeEachSymmetryAlone checks the fixed symmetries of
// Invariants() on the sample, one invariant at a time, against the planted
// bugs: each bug breaks its own invariant on the published sample.
func TestPatienceInvariantsSeeEachSymmetryAlone(t *testing.T) {
	boards, err := Patience().Parse(strings.NewReader(Patience().Samples()[0].Input), "sample.in")
	if err != nil {
		t.Fatal(err)
	}
	b := boards[0]
	tests := []struct {
		invariant string
		bug       patienceBuggy
	}{
		{"permute-piles", patienceBuggy{firstPair: true}},
		{"permute-suits", patienceBuggy{match: func(a, c patience.Card) bool { return a.Rank == c.Rank || a.Suit == 0 && c.Suit == 0 }}},
		{"rename-ranks", patienceBuggy{match: func(a, c patience.Card) bool { return a.Rank == c.Rank || a.Rank >= 7 && c.Rank >= 7 }}},
		{"float-matches-fraction", patienceBuggy{rankFirst: true}},
	}
	for _, tc := range tests {
		t.Run(tc.invariant, func(t *testing.T) {
			g := plantedPatience(tc.bug.solver())
			sol, err := g.Solve(b)
			if err != nil {
				t.Fatal(err)
			}
			for _, inv := range g.Invariants() {
				if inv.Name == tc.invariant {
					if err := inv.Check(b, sol); err == nil {
						t.Errorf("invariant %s holds for the planted bug", tc.invariant)
					}
					// and the real analyst passes it
					real, _ := Patience().Solve(b)
					for _, good := range Patience().Invariants() {
						if good.Name == tc.invariant {
							if err := good.Check(b, real); err != nil {
								t.Errorf("the real analyst fails %s: %v", tc.invariant, err)
							}
						}
					}
					return
				}
			}
			t.Fatalf("no invariant %s", tc.invariant)
		})
	}
}

func FuzzPatienceAgreement(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(props.Agreement(Patience(), patienceTestRuns, props.TestAlpha)))
}

func FuzzPatienceInvariants(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(props.InvariantsHold(Patience())))
}

func FuzzPatienceSymmetries(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(PatienceSymmetries(exact.WinProbability)))
}

func TestPatienceSampleFraction(t *testing.T) {
	g := Patience()
	boards, err := g.Parse(strings.NewReader(g.Samples()[0].Input), "sample.in")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := g.Solve(boards[0])
	if err != nil {
		t.Fatal(err)
	}
	r, err := g.Fraction(boards[0], sol)
	if err != nil {
		t.Fatal(err)
	}
	// The exact value published with the sample (spec §2).
	if got, want := r.RatString(), "14259369055191929/24196548096000000"; got != want {
		t.Errorf("fraction %s, want %s", got, want)
	}
}

// TestPatiencePooledSolve: the pooled solvers of Patience, reused across
// deals, give exactly what a fresh solver gives.
func TestPatiencePooledSolve(t *testing.T) {
	pooled := Patience()
	rapid.Check(t, func(t *rapid.T) {
		b := pooled.Generator().Draw(t, "deal")
		p, err1 := exact.WinProbability(b.(patience.Deal))
		fresh := props.Solution{Value: p}
		reused, err2 := pooled.Solve(b)
		if err1 != nil || err2 != nil || fresh.Value != reused.Value {
			t.Fatalf("fresh %v (%v), pooled %v (%v)", fresh.Value, err1, reused.Value, err2)
		}
	})
}

// TestPatienceStrandedInvariantCatchesADeadEndWin: on a deal that has first
// moves but three sixes in one pile, a solver that scores dead ends as wins
// breaks stranded-rank-no-win.
func TestPatienceStrandedInvariantCatchesADeadEndWin(t *testing.T) {
	// Hand-built: pile 1 holds 6S 6C 6D under KS; 6H tops pile 2 beside KC,
	// so George has first moves (KS–KC and more) but can never clear the sixes.
	in := `6S 6C 6D KS
7S 7C 8S 6H
7D 7H 8C KC
8D 8H 9S 9C
9D 9H TS TC
TD TH JS JC
JD JH QS QC
QD QH KD AS
KH AC AD AH
`
	boards, err := Patience().Parse(strings.NewReader(in), "stranded.in")
	if err != nil {
		t.Fatal(err)
	}
	b := boards[0]
	if b.(patience.Deal).InitialMoves() == 0 {
		t.Fatal("the deal should have first moves")
	}
	check := func(g props.Game) error {
		sol, err := g.Solve(b)
		if err != nil {
			return err
		}
		for _, inv := range g.Invariants() {
			if inv.Name == "stranded-rank-no-win" {
				return inv.Check(b, sol)
			}
		}
		t.Fatal("no invariant stranded-rank-no-win")
		return nil
	}
	if err := check(Patience()); err != nil {
		t.Errorf("the real analyst: %v", err)
	}
	if err := check(plantedPatience(patienceBuggy{deadValue: 1}.solver())); err == nil {
		t.Error("a solver that scores dead ends as wins passed")
	}
}
