package exact

import (
	"fmt"
	"math/bits"

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
	memo patienceMemo
	// ranks[p][h] is the rank of pile p's top at height h; an empty pile
	// (h = 0) gets a rank of its own above the real ones, so it pairs with nothing.
	ranks  [patience.Piles][patience.PileCards + 1]uint8
	h      [patience.Piles]uint8                   // current heights during the search
	byRank [patience.Ranks + patience.Piles]uint16 // byRank[r]: the piles (bit p) whose top has rank r
	left   [patience.Ranks]uint8                   // cards of each rank still on the table: 4, 2 or 0
	// nth[p][h] numbers the card on top of pile p at height h among the four
	// cards of its rank (0..3, in deal order).
	nth [patience.Piles][patience.PileCards + 1]uint8
	// strands[r] has bit m set when taking away the two cards of rank r
	// numbered by the bits of m leaves the other two in one pile.
	strands [patience.Ranks]uint16
}

// WinProbability is the package function WinProbability with this solver's memo.
func (s *PatienceSolver) WinProbability(d patience.Deal) (float64, error) {
	if err := d.Validate(); err != nil {
		return 0, fmt.Errorf("patience: %w", err)
	}
	s.memo.reset()
	if patienceStranded(d) {
		return 0, nil
	}
	s.load(d)
	return s.win(patienceFullKey), nil
}

// States is the number of positions the last WinProbability call evaluated.
func (s *PatienceSolver) States() int { return s.memo.n }

func (s *PatienceSolver) load(d patience.Deal) {
	var (
		seen   [patience.Ranks]uint8
		pileOf [patience.Ranks][patience.Suits]int
	)
	s.byRank = [len(s.byRank)]uint16{}
	for p := range patience.Piles {
		s.ranks[p][0] = uint8(patience.Ranks + p)
		for k, c := range d[p] {
			s.ranks[p][k+1] = uint8(c.Rank)
			s.nth[p][k+1] = seen[c.Rank]
			pileOf[c.Rank][seen[c.Rank]] = p
			seen[c.Rank]++
		}
		s.h[p] = patience.PileCards
		s.byRank[s.ranks[p][patience.PileCards]] |= 1 << p
	}
	for r := range patience.Ranks {
		s.left[r] = patience.Suits
		s.strands[r] = 0
		for i := range patience.Suits {
			for j := i + 1; j < patience.Suits; j++ {
				k, l := patienceOthers(i, j)
				if pileOf[r][k] == pileOf[r][l] {
					s.strands[r] |= 1 << (1<<i | 1<<j)
				}
			}
		}
	}
}

// Every removal takes two cards of one rank from two different piles, so a
// rank whose cards left on the table lie more than half in one pile can
// never be cleared: the position is lost. The full deal is checked for every
// rank by patienceStranded; after that only the rank a move removes can become
// stranded (the other ranks' cards do not move), and only on its first
// removal (with two left, they strand exactly when they share a pile; with
// none left, never). The search looks that up in the strands table and cuts
// the lost subtree off at its root: without the cut, most positions a deal
// reaches are lost ones.

// patienceStranded reports whether some rank of the full deal has three or four of
// its cards in one pile.
func patienceStranded(d patience.Deal) bool {
	for p := range patience.Piles {
		var n [patience.Ranks]int
		for _, c := range d[p] {
			if n[c.Rank]++; n[c.Rank] > 2 {
				return true
			}
		}
	}
	return false
}

// patienceOthers returns the two numbers of 0..3 other than i and j.
func patienceOthers(i, j int) (int, int) {
	var rest [2]int
	n := 0
	for k := range patience.Suits {
		if k != i && k != j {
			rest[n] = k
			n++
		}
	}
	return rest[0], rest[1]
}

// win returns P(win) from the position with heights s.h and key key (not
// the empty table), which the memo does not hold yet. s.byRank and s.left
// are kept in step with s.h: a move changes the tops of two piles only.
func (s *PatienceSolver) win(key uint32) float64 {
	sum, m := 0.0, 0
	// The ranks on two or more tops, found without a branch per rank: which
	// ranks pair follows no pattern a branch predictor could learn. A move
	// below restores every top before the next rank is read, so the tops
	// are those of this position throughout.
	var paired uint16
	for r := range patience.Ranks {
		var two uint16
		if set := s.byRank[r]; set&(set-1) != 0 {
			two = 1
		}
		paired |= two << r
	}
	for ; paired != 0; paired &= paired - 1 {
		r := bits.TrailingZeros16(paired)
		set := s.byRank[r]
		for set&(set-1) != 0 { // two or more piles left in set
			p := patienceLowest(set)
			set &= set - 1
			for rest := set; rest != 0; rest &= rest - 1 {
				q := patienceLowest(rest)
				m++
				next := key - patiencePow5[p] - patiencePow5[q]
				if next == 0 {
					sum++
					continue
				}
				if s.left[r] == patience.Suits && s.strands[r]>>(1<<s.nth[p][s.h[p]]|1<<s.nth[q][s.h[q]])&1 != 0 {
					continue // a lost position: adds 0
				}
				if slot, ok := s.memo.find(next); ok {
					sum += s.memo.vals[slot]
					continue
				}
				s.remove(p, q, r)
				sum += s.win(next)
				s.restore(p, q, r)
			}
		}
	}
	v := 0.0
	if m > 0 {
		v = sum / float64(m)
	}
	s.memo.put(key, v) // the recursion may have grown the table, so probe again
	return v
}

// remove takes the tops (of rank r) off piles p and q.
func (s *PatienceSolver) remove(p, q, r int) {
	hp, hq := s.h[p]-1, s.h[q]-1 // in registers: the tops below are read from them
	s.h[p], s.h[q] = hp, hq
	s.byRank[r] &^= 1<<p | 1<<q
	s.left[r] -= 2
	s.byRank[s.ranks[p][hp]] |= 1 << p
	s.byRank[s.ranks[q][hq]] |= 1 << q
}

// restore undoes remove(p, q, r).
func (s *PatienceSolver) restore(p, q, r int) {
	hp, hq := s.h[p], s.h[q]
	s.byRank[s.ranks[p][hp]] &^= 1 << p
	s.byRank[s.ranks[q][hq]] &^= 1 << q
	s.h[p], s.h[q] = hp+1, hq+1
	s.left[r] += 2
	s.byRank[r] |= 1<<p | 1<<q
}
