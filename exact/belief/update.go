package belief

import (
	"math/big"
)

// Update is Bayes' rule for a reveal: given the posterior post over the 2^K
// joint states, it returns the posterior after learning that kind t is
// harmful (or harmless): the states that disagree get 0, the rest are divided
// by the probability of the observation. It returns ErrZeroMass when the
// observation had probability 0.
func Update(post []*big.Rat, t int, harmful bool) ([]*big.Rat, error) {
	evidence := new(big.Rat)
	for i, q := range post {
		if (i>>t&1 == 1) == harmful {
			evidence.Add(evidence, q)
		}
	}
	if evidence.Sign() == 0 {
		return nil, ErrZeroMass
	}
	out := make([]*big.Rat, len(post))
	for i, q := range post {
		out[i] = new(big.Rat)
		if (i>>t&1 == 1) == harmful {
			out[i].Quo(q, evidence)
		}
	}
	return out, nil
}
