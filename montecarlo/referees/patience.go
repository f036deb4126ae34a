package referees

import (
	"fmt"
	"math/rand/v2"

	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/montecarlo"
)

// PatienceReferee plays Double Patience as George does: at each turn it
// lists every pair of piles whose top cards share a rank (each unordered
// pair once), picks one uniformly at random with rng.IntN, and takes both
// top cards away. The outcome is 1 when the table is empty and 0 when cards
// remain and no pair exists.
//
// It refuses a deal that is not a permutation of the deck
// (patience.Deal.Validate). It plays on the cards themselves (nine stacks,
// compared by rank); it shares nothing with the analyst's position keys or
// move enumeration.
func PatienceReferee(d patience.Deal) (func() montecarlo.Player, error) {
	if err := d.Validate(); err != nil {
		return nil, fmt.Errorf("patience referee: %w", err)
	}
	return func() montecarlo.Player {
		var g patienceTable
		return func(rng *rand.Rand) (int, error) {
			g.deal(d)
			return g.play(rng), nil
		}
	}, nil
}

// patienceTable is the table during one game, kept between games to avoid
// allocating.
type patienceTable struct {
	piles [patience.Piles][]patience.Card // the last card of a slice is its top
	pairs [][2]int
}

func (g *patienceTable) deal(d patience.Deal) {
	for p := range g.piles {
		g.piles[p] = append(g.piles[p][:0], d[p][:]...)
	}
}

func (g *patienceTable) play(rng *rand.Rand) int {
	for {
		g.pairs = g.pairs[:0]
		cards := 0
		for i := range g.piles {
			cards += len(g.piles[i])
			for j := i + 1; j < len(g.piles); j++ {
				if len(g.piles[i]) > 0 && len(g.piles[j]) > 0 &&
					patienceTop(g.piles[i]).Rank == patienceTop(g.piles[j]).Rank {
					g.pairs = append(g.pairs, [2]int{i, j})
				}
			}
		}
		if cards == 0 {
			return 1
		}
		if len(g.pairs) == 0 {
			return 0
		}
		pick := g.pairs[rng.IntN(len(g.pairs))]
		for _, p := range pick {
			g.piles[p] = g.piles[p][:len(g.piles[p])-1]
		}
	}
}

func patienceTop(pile []patience.Card) patience.Card { return pile[len(pile)-1] }
