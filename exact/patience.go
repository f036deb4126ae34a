package exact

import (
	"fmt"

	"github.com/chancecheck/chancecheck/games/patience"
)

// The patience analyst. A position is fully described by the nine pile
// heights (0..4 each), because the cards still on the table are exactly the
// bottom h_p cards of each pile. With m = the number of pairs of piles whose
// top cards share a rank, George's win probability satisfies
//
//	P(empty table) = 1,  P(h) = 0 when m = 0,
//	P(h) = (1/m) Σ_{pairs {p,q}} P(h − e_p − e_q)   otherwise,
//
// the first-step equation of his uniform choice. Every move removes two
// cards, so the recursion ends; memoising over the 5^9 = 1,953,125 height
// vectors makes it polynomial. Only positions reachable from the full deal
// are ever visited, and the memo is a small open-addressing hash table (see
// patienceMemo) so a deal costs what it reaches and nothing more.

// patiencePow5 holds 5^p: a position's key is Σ h_p·5^p, so removing the tops of
// piles p and q subtracts patiencePow5[p] + patiencePow5[q].
var patiencePow5 = [patience.Piles + 1]uint32{1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125}

// patienceFullKey is the key of the full table (every height 4).
const patienceFullKey = 4 * (1 + 5 + 25 + 125 + 625 + 3125 + 15625 + 78125 + 390625)

// WinProbability returns George's probability of clearing the table from
// deal d, playing uniformly at random among the pairs of equal-rank tops. It
// returns the deal's validation error when d is not a permutation of the deck.
func WinProbability(d patience.Deal) (float64, error) {
	var s PatienceSolver
	return s.WinProbability(d)
}

// PatienceSolver computes win probabilities of many deals with one reusable
// memo. The zero value is ready to use; a solver is not safe for concurrent
// use (give each goroutine its own).
type PatienceSolver struct {
	ranks [patience.Piles][patience.PileCards + 1]uint8 // ranks[p][h]: rank of pile p's top at height h; h = 0 never matches
	memo  patienceMemo
	h     [patience.Piles]uint8 // current heights during the search
}

// WinProbability is the package function WinProbability with this solver's memo.
func (s *PatienceSolver) WinProbability(d patience.Deal) (float64, error) {
	if err := d.Validate(); err != nil {
		return 0, fmt.Errorf("patience: %w", err)
	}
	s.load(d)
	s.memo.reset()
	return s.win(patienceFullKey), nil
}

// States is the number of positions the last WinProbability call evaluated.
func (s *PatienceSolver) States() int { return s.memo.n }

func (s *PatienceSolver) load(d patience.Deal) {
	for p := range patience.Piles {
		// an empty pile gets a rank of its own, above every real rank, so it pairs with nothing
		s.ranks[p][0] = uint8(patience.Ranks + p)
		for h := 1; h <= patience.PileCards; h++ {
			s.ranks[p][h] = uint8(d[p][h-1].Rank)
		}
		s.h[p] = patience.PileCards
	}
}

// win returns P(win) from the position with heights s.h and key key.
func (s *PatienceSolver) win(key uint32) float64 {
	if key == 0 {
		return 1
	}
	slot, ok := s.memo.find(key)
	if ok {
		return s.memo.vals[slot]
	}
	// byRank[r] is the set of piles (bit p) whose top has rank r.
	var byRank [patience.Ranks + patience.Piles]uint16
	for p := range patience.Piles {
		byRank[s.ranks[p][s.h[p]]] |= 1 << p
	}
	sum, m := 0.0, 0
	for r := range patience.Ranks {
		set := byRank[r]
		for set&(set-1) != 0 { // two or more piles left in set
			p := patienceLowest(set)
			set &= set - 1
			for rest := set; rest != 0; rest &= rest - 1 {
				q := patienceLowest(rest)
				s.h[p]--
				s.h[q]--
				sum += s.win(key - patiencePow5[p] - patiencePow5[q])
				s.h[p]++
				s.h[q]++
				m++
			}
		}
	}
	v := 0.0
	if m > 0 {
		v = sum / float64(m)
	}
	// The recursion may have grown the table; insert anew.
	s.memo.put(key, v)
	return v
}
