package gamerules

import (
	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/rules"
)

// PatienceState is how many cards are left on each of the nine piles of a
// deal (the cards left are the bottom ones, in deal order), each 0..4.
type PatienceState [patience.Piles]int8

// Patience are the rules of Double Patience (UVa 1637) on deal d: George
// picks uniformly among all pairs of piles whose top cards share a rank
// (weight 1 each) and removes both tops. An empty table is a win (1); cards
// left and no pair is a loss (0).
func Patience(d patience.Deal) rules.Rules[PatienceState] {
	var start PatienceState
	for p := range start {
		start[p] = patience.PileCards
	}
	pairs := func(s PatienceState, visit func(p, q int)) {
		for p := range s {
			for q := p + 1; q < len(s); q++ {
				if s[p] > 0 && s[q] > 0 && d[p][s[p]-1].Rank == d[q][s[q]-1].Rank {
					visit(p, q)
				}
			}
		}
	}
	return rules.Rules[PatienceState]{
		Start: start,
		End: func(s PatienceState) (int, bool) {
			if s == (PatienceState{}) {
				return 1, true
			}
			any := false
			pairs(s, func(int, int) { any = true })
			return 0, !any
		},
		Chance: func(s PatienceState) []rules.Branch[PatienceState] {
			var outs []rules.Branch[PatienceState]
			pairs(s, func(p, q int) {
				next := s
				next[p]--
				next[q]--
				outs = append(outs, rules.Branch[PatienceState]{Weight: 1, Next: next})
			})
			return outs
		},
	}
}
