package exact

import (
	"fmt"
	"math/big"

	"github.com/chancecheck/chancecheck/games/patience"
)

// WinProbabilityRat returns George's win probability from deal d as an exact
// fraction. It runs the other way round from WinProbability, so the two
// check each other: it pushes the probability of reaching each position
// forward, move by move, from the full table (probability 1) to the empty
// one, instead of pulling win probabilities back from the end.
//
// Every move removes two cards, so after t moves all positions lie in layer
// t, and the empty table is layer 18. A position with m moves passes 1/m of
// its mass to each successor. At most 12 pairs of tops ever exist (nine tops,
// at most four of a rank: 4+4+1 tops give 6+6 pairs), so every m divides
// L = lcm(1..12) = 27720, and the mass of a position in layer t is an
// integer multiple of 1/L^t. Keeping those integers (math/big.Int, no
// greatest common divisors) and dividing once at the end makes the exact
// version cost a few times the float one.
func WinProbabilityRat(d patience.Deal) (*big.Rat, error) {
	if err := d.Validate(); err != nil {
		return nil, fmt.Errorf("patience: %w", err)
	}
	const layers = patience.Cards / 2
	const lcm = 27720 // lcm(1..12)
	var ranks [patience.Piles][patience.PileCards]patience.Rank
	for p := range patience.Piles {
		for k := range patience.PileCards {
			ranks[p][k] = d[p][k].Rank
		}
	}
	cur := map[uint32]*big.Int{patienceFullKey: big.NewInt(1)}
	var (
		share big.Int
		pairs [][2]int
	)
	for range layers {
		next := make(map[uint32]*big.Int, len(cur))
		for key, mass := range cur {
			var h [patience.Piles]int
			for p, k := 0, key; p < patience.Piles; p, k = p+1, k/5 {
				h[p] = int(k % 5)
			}
			pairs = pairs[:0]
			for p := range patience.Piles {
				for q := p + 1; q < patience.Piles; q++ {
					if h[p] > 0 && h[q] > 0 && ranks[p][h[p]-1] == ranks[q][h[q]-1] {
						pairs = append(pairs, [2]int{p, q})
					}
				}
			}
			if len(pairs) == 0 {
				continue // a dead end: its mass is lost
			}
			if lcm%len(pairs) != 0 {
				return nil, fmt.Errorf("patience: %d pairs of equal tops, more than 12 cannot happen", len(pairs))
			}
			share.Mul(mass, big.NewInt(int64(lcm/len(pairs))))
			for _, pq := range pairs {
				k := key - patiencePow5[pq[0]] - patiencePow5[pq[1]]
				if n, ok := next[k]; ok {
					n.Add(n, &share)
				} else {
					next[k] = new(big.Int).Set(&share)
				}
			}
		}
		cur = next
	}
	won, ok := cur[0]
	if !ok {
		return new(big.Rat), nil
	}
	den := new(big.Int).Exp(big.NewInt(lcm), big.NewInt(layers), nil)
	return new(big.Rat).SetFrac(won, den), nil
}
