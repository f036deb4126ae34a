package exact

import (
	"fmt"
	"math/big"

	"github.com/chancecheck/chancecheck/games/patience"
)

// WinProbabilityRat returns George's win probability from deal d as an exact
// fraction: the same first-step recursion as WinProbability, in math/big
// arithmetic, memoised in a map over the reachable positions. It is much
// slower than the float version and exists to check it.
func WinProbabilityRat(d patience.Deal) (*big.Rat, error) {
	if err := d.Validate(); err != nil {
		return nil, fmt.Errorf("patience: %w", err)
	}
	var s patienceRat
	s.load(d)
	s.memo = make(map[uint32]*big.Rat)
	return new(big.Rat).Set(s.win(patienceFullKey)), nil
}

type patienceRat struct {
	PatienceSolver // for the rank table and the heights
	memo           map[uint32]*big.Rat
}

var (
	patienceRatZero = new(big.Rat)
	patienceRatOne  = big.NewRat(1, 1)
)

// win returns P(win) from heights s.h (key key); the result must not be modified.
func (s *patienceRat) win(key uint32) *big.Rat {
	if key == 0 {
		return patienceRatOne
	}
	if v, ok := s.memo[key]; ok {
		return v
	}
	var byRank [patience.Ranks + patience.Piles]uint16
	for p := range patience.Piles {
		byRank[s.ranks[p][s.h[p]]] |= 1 << p
	}
	sum, m := new(big.Rat), int64(0)
	for r := range patience.Ranks {
		set := byRank[r]
		for set&(set-1) != 0 {
			p := patienceLowest(set)
			set &= set - 1
			for rest := set; rest != 0; rest &= rest - 1 {
				q := patienceLowest(rest)
				s.h[p]--
				s.h[q]--
				sum.Add(sum, s.win(key-patiencePow5[p]-patiencePow5[q]))
				s.h[p]++
				s.h[q]++
				m++
			}
		}
	}
	v := patienceRatZero
	if m > 0 {
		v = sum.Quo(sum, big.NewRat(m, 1))
	}
	s.memo[key] = v
	return v
}
