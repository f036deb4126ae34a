package referees

import (
	"math/rand/v2"

	"github.com/chancecheck/chancecheck/montecarlo"
)

func newTestRand(seed uint64) *rand.Rand { return rand.New(montecarlo.StreamSource(seed, 0)) }
