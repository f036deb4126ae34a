package generators

import (
	"slices"

	"github.com/chancecheck/chancecheck/games/patience"
	"pgregory.net/rapid"
)

// patienceStyles are the kinds of deal Patience draws, in the order rapid
// shrinks toward (the first is the simplest to read).
var patienceStyles = []string{"shuffle", "built-from-pairs", "near-dead"}

// Patience draws valid Double Patience deals of three styles:
//
//   - "shuffle": a uniform shuffle of the deck (rapid.Permutation), the
//     distribution of the judge's random tests. Most such deals are easy
//     wins or sure losses;
//   - "built-from-pairs": the table is built backwards from empty by laying
//     two cards of one rank on top of two different piles, eighteen times.
//     Taking the pairs off in the reverse order clears the table, so every
//     such deal is winnable (p > 0);
//   - "near-dead": the nine top cards hold exactly k pairs of equal rank, k
//     in 0..3, so George has k first moves (C(2,2) each), and the other 27
//     cards are shuffled below them: the region of small, non-trivial p.
//
// Every draw is a permutation of the deck by construction (no filtering).
// Deals shrink toward the sorted deck (6S 6C 6D 6H on the first pile, …),
// which has no move.
func Patience() *rapid.Generator[patience.Deal] {
	return rapid.Custom(func(t *rapid.T) patience.Deal {
		switch rapid.SampledFrom(patienceStyles).Draw(t, "style") {
		case "built-from-pairs":
			return patienceBuilt(t)
		case "near-dead":
			return patienceNearDead(t)
		}
		return patienceShuffle(t)
	})
}

func patienceDeck() []patience.Card {
	deck := make([]patience.Card, patience.Cards)
	for i := range deck {
		deck[i] = patience.CardAt(i)
	}
	return deck
}

// patienceShuffle lays a uniformly shuffled deck out pile by pile, bottom first.
func patienceShuffle(t *rapid.T) patience.Deal {
	deck := rapid.Permutation(patienceDeck()).Draw(t, "deck")
	var d patience.Deal
	for i, c := range deck {
		d[i/patience.PileCards][i%patience.PileCards] = c
	}
	return d
}

// patienceBuilt lays 18 same-rank pairs on top of the table, last pair
// first removable. The rank order is a permutation of the 18 pairs (each rank
// gives two); each pair goes onto two distinct piles chosen among those that
// keep the rest of the build possible: a pile may take the next pair only if
// afterwards no pile needs more than half the cards still to be laid (else
// some pair would have to go twice onto one pile).
func patienceBuilt(t *rapid.T) patience.Deal {
	pairRanks := make([]patience.Rank, 0, patience.Cards/2)
	for r := range patience.Ranks {
		pairRanks = append(pairRanks, patience.Rank(r), patience.Rank(r))
	}
	pairRanks = rapid.Permutation(pairRanks).Draw(t, "pair ranks")

	var (
		d       patience.Deal
		height  [patience.Piles]int
		nextSut [patience.Ranks]int
		choices [][2]int
	)
	left := patience.Cards // cards still to lay
	for _, r := range pairRanks {
		choices = choices[:0]
		for p := range patience.Piles {
			for q := p + 1; q < patience.Piles; q++ {
				if height[p] < patience.PileCards && height[q] < patience.PileCards && patienceBuildable(height, p, q, left-2) {
					choices = append(choices, [2]int{p, q})
				}
			}
		}
		pick := choices[rapid.IntRange(0, len(choices)-1).Draw(t, "piles")]
		for _, p := range pick {
			d[p][height[p]] = patience.Card{Rank: r, Suit: patience.Suit(nextSut[r])}
			height[p]++
			nextSut[r]++
		}
		left -= 2
	}
	// The build laid the bottom cards first, so d already reads bottom to top.
	return d
}

// patienceBuildable reports whether, after one card more on piles p and q,
// the remaining room (left cards) can still be filled by pairs on distinct
// piles: that holds exactly when no pile has more room than all others together.
func patienceBuildable(height [patience.Piles]int, p, q, left int) bool {
	height[p]++
	height[q]++
	for _, h := range height {
		if room := patience.PileCards - h; 2*room > left {
			return false
		}
	}
	return true
}

// patienceNearDead draws k in 0..3 pairs of equal ranks among the nine top
// cards, the other tops of distinct ranks, and shuffles the remaining 27
// cards below.
func patienceNearDead(t *rapid.T) patience.Deal {
	k := rapid.IntRange(0, 3).Draw(t, "top pairs")
	ranks := make([]patience.Rank, patience.Ranks)
	for i := range ranks {
		ranks[i] = patience.Rank(i)
	}
	ranks = rapid.Permutation(ranks).Draw(t, "top ranks")
	// tops: ranks[0..k) twice, ranks[k..9-k) once: 2k + 9-2k = 9 cards.
	var tops []patience.Card
	for i, r := range ranks[:patience.Piles-k] {
		tops = append(tops, patience.Card{Rank: r, Suit: 0})
		if i < k {
			tops = append(tops, patience.Card{Rank: r, Suit: 1})
		}
	}
	tops = rapid.Permutation(tops).Draw(t, "top order")
	var rest []patience.Card
	for _, c := range patienceDeck() {
		if !slices.Contains(tops, c) {
			rest = append(rest, c)
		}
	}
	rest = rapid.Permutation(rest).Draw(t, "rest")
	var d patience.Deal
	for p := range patience.Piles {
		copy(d[p][:patience.PileCards-1], rest[p*(patience.PileCards-1):])
		d[p][patience.PileCards-1] = tops[p]
	}
	return d
}

// PatienceClass names the coverage class of a deal by its shape:
// "no-move" (no two tops share a rank: p = 0), "few-moves" (one or two
// first moves), "stranded" (some pile holds three or four cards of one
// rank: they can never all pair off, so p = 0 however many first moves
// there are), "many-moves" (five or more first moves), or "open".
func PatienceClass(d patience.Deal) string {
	moves := d.InitialMoves()
	switch {
	case moves == 0:
		return "no-move"
	case moves <= 2:
		return "few-moves"
	}
	for p := range patience.Piles {
		var count [patience.Ranks]int
		for _, c := range d[p] {
			if count[c.Rank]++; count[c.Rank] >= 3 {
				return "stranded"
			}
		}
	}
	if moves >= 5 {
		return "many-moves"
	}
	return "open"
}
