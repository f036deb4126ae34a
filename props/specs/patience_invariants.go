package specs

import (
	"fmt"
	"math"
	"math/big"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// PatienceAnswer is a patience analyst: a deal's win probability. The
// properties take it as a parameter so that tests can hand them a planted bug.
type PatienceAnswer func(patience.Deal) (float64, error)

// PatienceSymmetrySlack is how far two float64 answers for equivalent deals may
// differ: the recursion adds the same terms in another order.
const PatienceSymmetrySlack = 1e-12

// PatienceFractionSlack is how far the float answer may lie from the
// exact fraction.
const PatienceFractionSlack = 1e-9

// Fixed symmetries used by Invariants (the rapid properties draw their own).
var (
	patienceShufflePiles = [patience.Piles]int{4, 0, 8, 1, 6, 2, 7, 3, 5} // moves every pile: no fixed point
	patienceCycleSuits   = [patience.Suits]patience.Suit{1, 2, 3, 0}      // S→C→D→H→S
	patienceReverseRank  = [patience.Ranks]patience.Rank{8, 7, 6, 5, 4, 3, 2, 1, 0}
)

// PermutePiles returns d with pile p moved to place perm[p].
func PermutePiles(d patience.Deal, perm [patience.Piles]int) patience.Deal {
	var out patience.Deal
	for p := range d {
		out[perm[p]] = d[p]
	}
	return out
}

// RenameCards returns d with every suit s replaced by suits[s] and every rank
// r by ranks[r]; with two bijections the result is again a deal.
func RenameCards(d patience.Deal, suits [patience.Suits]patience.Suit, ranks [patience.Ranks]patience.Rank) patience.Deal {
	for p := range d {
		for k, c := range d[p] {
			d[p][k] = patience.Card{Rank: ranks[c.Rank], Suit: suits[c.Suit]}
		}
	}
	return d
}

var (
	patienceSameSuits = [patience.Suits]patience.Suit{0, 1, 2, 3}
	patienceSameRanks = [patience.Ranks]patience.Rank{0, 1, 2, 3, 4, 5, 6, 7, 8}
)

// patienceSymmetry checks that solve gives d and its image the same answer.
func patienceSymmetry(solve PatienceAnswer, d, image patience.Deal, p float64) error {
	q, err := solve(image)
	if err != nil {
		return fmt.Errorf("image deal: %w", err)
	}
	if math.Abs(p-q) > PatienceSymmetrySlack {
		return fmt.Errorf("p = %.15f, but %.15f for the image deal\n%v", p, q, image)
	}
	return nil
}

// patienceInvariants are the spec's invariants (games.md, "Invariants that
// hold"), with fixed symmetries, for the analyst solve.
func patienceInvariants(solve PatienceAnswer) []props.Invariant[patience.Deal] {
	deal := func(d patience.Deal) patience.Deal { return d }
	return []props.Invariant[patience.Deal]{
		{
			Name: "probability",
			Doc:  "0 ≤ p ≤ 1, and the outcome distribution is [1−p, p]",
			Check: func(_ patience.Deal, sol props.Solution) error {
				p := sol.Value
				if !(p >= 0 && p <= 1) {
					return fmt.Errorf("p = %v outside [0, 1]", p)
				}
				if len(sol.PMF) != 2 || sol.PMF[1] != p || math.Abs(sol.PMF[0]+sol.PMF[1]-1) > 1e-15 {
					return fmt.Errorf("PMF %v is not [1−p, p] for p = %v", sol.PMF, p)
				}
				return nil
			},
		},
		{
			Name: "no-move-no-win",
			Doc:  "p = 0 when no two top cards share a rank: George loses at once",
			Check: func(b patience.Deal, sol props.Solution) error {
				if deal(b).InitialMoves() == 0 && sol.Value != 0 {
					return fmt.Errorf("no first move, yet p = %v", sol.Value)
				}
				return nil
			},
		},
		{
			Name: "stranded-rank-no-win",
			Doc:  "p = 0 when a pile holds three or four cards of one rank: each move takes two cards of a rank from two different piles, so they never all go",
			Check: func(b patience.Deal, sol props.Solution) error {
				if patienceStranded(deal(b)) && sol.Value != 0 {
					return fmt.Errorf("a pile holds three cards of one rank, yet p = %v", sol.Value)
				}
				return nil
			},
		},
		{
			Name: "float-matches-fraction",
			Doc:  "the float recursion agrees to 1e-9 with the exact fraction, computed forward over reach probabilities",
			Check: func(b patience.Deal, sol props.Solution) error {
				return patienceMatchesFraction(deal(b), sol.Value)
			},
		},
		{
			Name: "permute-piles",
			Doc:  "moving the piles around leaves p unchanged: the rules never look at a pile's place",
			Check: func(b patience.Deal, sol props.Solution) error {
				return patienceSymmetry(solve, deal(b), PermutePiles(deal(b), patienceShufflePiles), sol.Value)
			},
		},
		{
			Name: "permute-suits",
			Doc:  "renaming suits by S→C→D→H→S leaves p unchanged: the rules compare ranks only",
			Check: func(b patience.Deal, sol props.Solution) error {
				return patienceSymmetry(solve, deal(b), RenameCards(deal(b), patienceCycleSuits, patienceSameRanks), sol.Value)
			},
		},
		{
			Name: "rename-ranks",
			Doc:  "renaming ranks by a bijection (6↔A, 7↔K, …) leaves p unchanged: ranks are only compared for equality",
			Check: func(b patience.Deal, sol props.Solution) error {
				return patienceSymmetry(solve, deal(b), RenameCards(deal(b), patienceSameSuits, patienceReverseRank), sol.Value)
			},
		},
	}
}

// patienceStranded reports whether some pile holds three or four cards of one rank.
func patienceStranded(d patience.Deal) bool {
	for _, pile := range d {
		var n [patience.Ranks]int
		for _, c := range pile {
			if n[c.Rank]++; n[c.Rank] >= 3 {
				return true
			}
		}
	}
	return false
}

func patienceMatchesFraction(d patience.Deal, p float64) error {
	r, err := exact.WinProbabilityRat(d)
	if err != nil {
		return err
	}
	if f, _ := r.Float64(); math.Abs(f-p) > PatienceFractionSlack {
		return fmt.Errorf("float %.15f, fraction %s = %.15f", p, shortRat(r), f)
	}
	return nil
}

func shortRat(r *big.Rat) string {
	s := r.String()
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// PatienceSymmetries is the rapid property "p is unchanged by any
// permutation of the piles, any permutation of the suits, and any renaming
// of the ranks by a bijection", each drawn by rapid and checked on its own,
// for the analyst solve.
func PatienceSymmetries(solve PatienceAnswer) func(*rapid.T) {
	return func(t *rapid.T) {
		d := generators.Patience().Draw(t, "deal")
		p, err := solve(d)
		if err != nil {
			t.Fatalf("patience: solve: %v", err)
		}
		var piles [patience.Piles]int
		copy(piles[:], rapid.Permutation([]int{0, 1, 2, 3, 4, 5, 6, 7, 8}).Draw(t, "pile permutation"))
		var suits [patience.Suits]patience.Suit
		copy(suits[:], rapid.Permutation(patienceSameSuits[:]).Draw(t, "suit permutation"))
		var ranks [patience.Ranks]patience.Rank
		copy(ranks[:], rapid.Permutation(patienceSameRanks[:]).Draw(t, "rank bijection"))
		checks := []struct {
			name  string
			image patience.Deal
		}{
			{"permute-piles", PermutePiles(d, piles)},
			{"permute-suits", RenameCards(d, suits, patienceSameRanks)},
			{"rename-ranks", RenameCards(d, patienceSameSuits, ranks)},
		}
		for _, c := range checks {
			if err := patienceSymmetry(solve, d, c.image, p); err != nil {
				t.Fatalf("patience: %s: %v", c.name, err)
			}
		}
	}
}

// PatienceBounds is the rapid property "0 ≤ p ≤ 1, and p = 0 when no two
// tops share a rank or a pile holds three cards of one rank" for the
// analyst solve.
func PatienceBounds(solve PatienceAnswer) func(*rapid.T) {
	return func(t *rapid.T) {
		d := generators.Patience().Draw(t, "deal")
		p, err := solve(d)
		if err != nil {
			t.Fatalf("patience: solve: %v", err)
		}
		if !(p >= 0 && p <= 1) {
			t.Fatalf("patience: p = %v outside [0, 1]", p)
		}
		if d.InitialMoves() == 0 && p != 0 {
			t.Fatalf("patience: no first move, yet p = %v", p)
		}
		if patienceStranded(d) && p != 0 {
			t.Fatalf("patience: a pile holds three cards of one rank, yet p = %v", p)
		}
	}
}

// PatienceFloatMatchesFraction is the rapid property "the float analyst
// solve agrees with the exact fraction to 1e-9".
func PatienceFloatMatchesFraction(solve PatienceAnswer) func(*rapid.T) {
	return func(t *rapid.T) {
		d := generators.Patience().Draw(t, "deal")
		p, err := solve(d)
		if err != nil {
			t.Fatalf("patience: solve: %v", err)
		}
		if err := patienceMatchesFraction(d, p); err != nil {
			t.Fatalf("patience: float-matches-fraction: %v", err)
		}
	}
}
