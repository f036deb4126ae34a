package generators

import (
	"math/bits"

	"github.com/chancecheck/chancecheck/games/patience"
)

// PatienceRichPositions is where the rich class starts: deals from which
// George can reach at least this many positions (pile heights).
const PatienceRichPositions = 1500

// PatienceClass names the coverage class of a deal by the plays it allows,
// found by a search over positions (pile heights) that only asks which
// moves exist, never how likely they are: "lost" (no play clears the
// table, so p = 0), "won" (every play clears it, p = 1), "rich" (some plays
// win and some lose, so 0 < p < 1, and at least PatienceRichPositions = 1500
// positions are reachable), else "open" (0 < p < 1, fewer positions).
// George picks every possible move with positive probability, so a play
// that can happen does with positive probability: the class decides 0, 1 or
// in between exactly.
func PatienceClass(d patience.Deal) string {
	r := patienceReach(d)
	switch {
	case !r.win:
		return "lost"
	case !r.loss:
		return "won"
	case r.positions >= PatienceRichPositions:
		return "rich"
	}
	return "open"
}

// patiencePlays is what a search over the positions of a deal found.
type patiencePlays struct {
	win, loss bool // some play clears the table; some play gets stuck
	positions int  // positions reachable from the deal, the deal included
}

// patienceReach searches every position reachable from d, depth first. A
// position is the nine pile heights, 0..4, three bits each: Σ h_p·8^p.
func patienceReach(d patience.Deal) patiencePlays {
	var rank [patience.Piles][patience.PileCards]patience.Rank
	start := uint32(0)
	for p := range patience.Piles {
		start |= patience.PileCards << (3 * p)
		for h := range patience.PileCards {
			rank[p][h] = d[p][h].Rank
		}
	}
	var r patiencePlays
	seen := newPatienceSeen()
	seen.add(start)
	stack := []uint32{start}
	for len(stack) > 0 {
		key := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r.positions++
		// piles[r] has bit p when pile p shows rank r on top.
		var piles [patience.Ranks]uint16
		empty, moved := true, false
		for p := range patience.Piles {
			if h := key >> (3 * p) & 7; h > 0 {
				empty = false
				piles[rank[p][h-1]] |= 1 << p
			}
		}
		for _, set := range piles {
			for ; set&(set-1) != 0; set &= set - 1 { // two piles or more left
				a := bits.TrailingZeros16(set)
				for rest := set & (set - 1); rest != 0; rest &= rest - 1 {
					moved = true
					if next := key - 1<<(3*a) - 1<<(3*bits.TrailingZeros16(rest)); seen.add(next) {
						stack = append(stack, next)
					}
				}
			}
		}
		switch {
		case empty:
			r.win = true
		case !moved:
			r.loss = true
		}
	}
	return r
}

// patienceSeen is a set of positions: an open-addressing hash table of
// position+1 (0 marks a free slot), kept at most half full.
type patienceSeen struct {
	slots []uint32
	n     int
}

func newPatienceSeen() *patienceSeen { return &patienceSeen{slots: make([]uint32, 1<<13)} }

// add puts key in the set and reports whether it was new.
func (s *patienceSeen) add(key uint32) bool {
	if 2*(s.n+1) > len(s.slots) {
		old := s.slots
		s.slots, s.n = make([]uint32, 2*len(old)), 0
		for _, v := range old {
			if v != 0 {
				s.add(v - 1)
			}
		}
	}
	mask := uint32(len(s.slots) - 1)
	// Fibonacci hashing: the top bits of the product are the well-mixed ones.
	for i := (key * 0x9e3779b1) >> (32 - bits.TrailingZeros(uint(len(s.slots)))); ; i = (i + 1) & mask {
		switch s.slots[i] {
		case 0:
			s.slots[i] = key + 1
			s.n++
			return true
		case key + 1:
			return false
		}
	}
}
