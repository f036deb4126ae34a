package generators

import (
	"slices"

	"github.com/chancecheck/chancecheck/games/patience"
	"pgregory.net/rapid"
)

// patienceMix is the documented mix of Patience, simplest first.
var patienceMix = []mixStyle{{"shuffle", 4}, {"near-dead", 2}, {"built-from-pairs", 4}, {"rich", 6}}

// Patience draws valid Double Patience deals in a mix of four styles
// (weights out of 16):
//
//   - 4 "shuffle": a uniform shuffle of the deck (rapid.Permutation), the
//     distribution of the judge's random tests; about a third have p = 0;
//   - 2 "near-dead": the nine top cards hold exactly k pairs of equal rank, k
//     in 0..3, so George has k first moves (C(2,2) each), and the other 27
//     cards are shuffled below them: the region of p = 0 and small p;
//   - 4 "built-from-pairs" (informative): the table is built backwards from
//     empty by laying two cards of one rank on top of two different piles,
//     eighteen times. Taking the pairs off in the reverse order clears the
//     table, so every such deal is winnable (p > 0), and nearly all can also
//     be lost;
//   - 6 "rich" (informative, and the near-the-limits deals of a game without
//     sizes: the most positions, so the largest memo tables): built from
//     pairs too, the two pairs of a rank laid one after the other and always
//     onto the lowest piles, so that the table comes apart in layers with
//     four cards of a rank often on top together; about four times the
//     positions of a shuffle (a median of 4,400 reachable against 900),
//     0 < p < 1, and p = 1 one time in twenty.
//
// Every draw is a permutation of the deck by construction (no filtering).
// Deals shrink toward the sorted deck (6S 6C 6D 6H on the first pile, …),
// which has no move. A game without sizes has no options: the most deals
// an input holds is the harness's matter.
func Patience() *rapid.Generator[patience.Deal] {
	return rapid.Custom(func(t *rapid.T) patience.Deal {
		switch drawStyle(t, patienceMix) {
		case "near-dead":
			return patienceNearDead(t)
		case "built-from-pairs":
			return patienceBuilt(t)
		case "rich":
			return patienceRich(t)
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
	return patienceBuild(t, rapid.Permutation(pairRanks).Draw(t, "pair ranks"), false)
}

// patienceRich is patienceBuilt with the two pairs of each rank laid one
// after the other (the ranks in a drawn order) and each pair onto piles at
// most one card above the lowest, where the build allows.
func patienceRich(t *rapid.T) patience.Deal {
	ranks := make([]patience.Rank, patience.Ranks)
	for i := range ranks {
		ranks[i] = patience.Rank(i)
	}
	var pairRanks []patience.Rank
	for _, r := range rapid.Permutation(ranks).Draw(t, "rank order") {
		pairRanks = append(pairRanks, r, r)
	}
	return patienceBuild(t, pairRanks, true)
}

// patienceBuild lays pairs of the ranks pairRanks, in order, bottom first;
// level keeps the piles level (see patienceRich).
func patienceBuild(t *rapid.T, pairRanks []patience.Rank, level bool) patience.Deal {
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
		if level {
			low := slices.Min(height[:])
			if lowest := slices.DeleteFunc(slices.Clone(choices), func(c [2]int) bool {
				return height[c[0]] > low+1 || height[c[1]] > low+1
			}); len(lowest) > 0 {
				choices = lowest
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
