package belief

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/chancecheck/chancecheck/games/traps"
)

// ErrZeroMass is returned when asked about a knowledge no joint state with
// positive weight agrees with: such a knowledge can never be reached.
var ErrZeroMass = errors.New("belief: knowledge has zero prior mass")

// Prior is the joint prior of a maze's trap kinds, with the mass of every
// knowledge precomputed (3^K integers).
type Prior struct {
	kinds   int
	weights []int64
	mass    []int64 // mass[k] = Σ weights of joint states consistent with k
}

// NewPrior builds the prior of kinds kinds from 2^kinds non-negative weights.
func NewPrior(kinds int, weights []int) (*Prior, error) {
	if kinds < 0 || kinds > traps.MaxKinds {
		return nil, fmt.Errorf("belief: %d kinds, want 0..%d", kinds, traps.MaxKinds)
	}
	if len(weights) != 1<<kinds {
		return nil, fmt.Errorf("belief: %d weights for %d kinds, want %d", len(weights), kinds, 1<<kinds)
	}
	p := &Prior{kinds: kinds, weights: make([]int64, len(weights)), mass: make([]int64, Count(kinds))}
	for i, w := range weights {
		if w < 0 {
			return nil, fmt.Errorf("belief: weight p_%d = %d is negative", i, w)
		}
		p.weights[i] = int64(w)
	}
	p.fillMasses()
	if p.mass[0] == 0 {
		return nil, fmt.Errorf("belief: every weight is 0")
	}
	return p, nil
}

// fillMasses sets mass[k] for every knowledge k from the weights. A
// knowledge that knows every kind is one joint state, its weight. Otherwise,
// with t the first kind k does not know, k's states are those of k with t
// harmless and those of k with t harmful, two disjoint sets, so mass[k] is
// the sum of theirs; both have a larger code than k (digit t goes from 0 to
// 1 or 2), so one pass down from the largest code finds them filled in. The
// sums are of integers, so this is exactly the sum over consistent states.
func (p *Prior) fillMasses() {
	for k := len(p.mass) - 1; k >= 0; k-- {
		combo, unknown, rest := 0, -1, k
		for t := range p.kinds {
			switch traps.Reveal(rest % 3) {
			case traps.Unknown:
				unknown = t
			case traps.Harmful:
				combo |= 1 << t
			}
			rest /= 3
			if unknown >= 0 {
				break
			}
		}
		if unknown < 0 {
			p.mass[k] = p.weights[combo]
			continue
		}
		kk := Knowledge(k)
		p.mass[k] = p.mass[kk.With(unknown, traps.Harmless)] + p.mass[kk.With(unknown, traps.Harmful)]
	}
}

// Kinds is K.
func (p *Prior) Kinds() int { return p.kinds }

// Mass is the total weight of the joint states consistent with k.
func (p *Prior) Mass(k Knowledge) int64 { return p.mass[k] }

// Reachable reports whether k has positive prior mass.
func (p *Prior) Reachable(k Knowledge) bool { return p.mass[k] > 0 }

// Posterior is P(joint state i | k) for every i, as exact fractions.
func (p *Prior) Posterior(k Knowledge) ([]*big.Rat, error) {
	m := p.mass[k]
	if m == 0 {
		return nil, ErrZeroMass
	}
	post := make([]*big.Rat, len(p.weights))
	for i, w := range p.weights {
		if !k.Consistent(i, p.kinds) {
			w = 0
		}
		post[i] = big.NewRat(w, m)
	}
	return post, nil
}

// Split returns the weights behind a reveal of kind t at knowledge k: the
// mass of k with t harmless, with t harmful, and of k itself (their sum when
// t is unknown). P(t harmful | k) = harmful/total.
func (p *Prior) Split(k Knowledge, t int) (harmless, harmful, total int64) {
	total = p.mass[k]
	switch k.Of(t) {
	case traps.Harmless:
		return total, 0, total
	case traps.Harmful:
		return 0, total, total
	}
	return p.mass[k.With(t, traps.Harmless)], p.mass[k.With(t, traps.Harmful)], total
}

// PHarmful is P(kind t harmful | k) as an exact fraction.
func (p *Prior) PHarmful(k Knowledge, t int) (*big.Rat, error) {
	_, bad, total := p.Split(k, t)
	if total == 0 {
		return nil, ErrZeroMass
	}
	return big.NewRat(bad, total), nil
}
