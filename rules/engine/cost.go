package engine

import (
	"math"
	"math/bits"
)

// DefaultExactCost is Options.ExactCost's default: about a second of
// big.Rat arithmetic on one 2-core machine of 2026. Measured on the
// one-player game of issue 28 (traps back to the start, a die of M
// faces): a cycle of 585 states and M = 6 was predicted 2.8e5 and took
// 0.61 s, one of 1,179 states 1.1e6 and 3.1 s (2.2 to 2.7 µs a unit);
// M = 2 and M = 10 took 0.3 to 0.5 µs a unit, so the model errs on the
// side of floats.
const DefaultExactCost = 3e5

// exactCost predicts the work of solving the cycle comp exactly, in units
// of one step of the elimination on one 64-bit word of its numbers: the
// steps of its cheapest elimination order (symbolicWork, every move of
// every state counted, so that any policy's elimination costs at most
// that), times the words of the numbers the elimination meets, which grow
// with the cycle: by Hadamard's bound the determinant of W(I − P), which
// bounds every denominator, has at most Σ_i log₂(2·W_i) bits, W_i the
// largest total weight of a move of state i (64 bits for a move of float
// probabilities, read as the rationals they are). A cycle no order
// eliminates within its budget costs +Inf. The prediction depends on the
// graph alone, never on time, so that the method chosen, and the answer,
// are the same on every run.
func (s *solver[S]) exactCost(comp []int32) float64 {
	g := s.g
	for l, v := range comp {
		s.local[v] = int32(l)
	}
	defer func() {
		for _, v := range comp {
			s.local[v] = -1
		}
	}()
	edges, bitsSum := 0, 0
	for _, v := range comp {
		lo, hi := g.edgeRange(v)
		edges += int(hi - lo)
		most := 1
		mlo, mhi := g.moves(v)
		for m := mlo; m < mhi; m++ {
			b := 64
			if !g.floatMove(m) {
				b = bits.Len64(uint64(g.totalWeight(m))) + 1
			}
			most = max(most, b)
		}
		bitsSum += most
	}
	best := math.Inf(1)
	for _, order := range s.exactOrders(comp) {
		if work, ok := s.symbolicWork(comp, order, nil, eliminationBudget(edges)); ok {
			best = min(best, float64(work))
		}
	}
	return best * altered(s.faults.words, 1+float64(bitsSum)/64)
}
