package props

import (
	"sync"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/montecarlo"
)

// PatienceMaxDeals caps the deals in one generated input file; UVa 1637
// reads deals until end of file and states no bound.
const PatienceMaxDeals = 1000

// Patience is Double Patience (UVa 1637) as the harness sees it. Its
// analyst keeps a pool of solvers, so that solving many deals reuses their
// memo tables instead of allocating one per deal.
func Patience() Game { return Define(PatienceSpec()) }

// PatienceSpec is the definition of Patience; a test may change a part
// (plant a bug in Solve, say) and Define the result.
func PatienceSpec() Spec[patience.Deal] {
	solvers := &sync.Pool{New: func() any { return new(exact.PatienceSolver) }}
	return Spec[patience.Deal]{
		Name:              "patience",
		Title:             "Double Patience (UVa 1637, NEERC 2005 D): George's probability of clearing the table",
		Parse:             patience.Parse,
		Write:             patience.Write,
		MaxBoardsPerInput: PatienceMaxDeals,
		Generator:         generators.Patience(),
		Classify:          generators.PatienceClass,
		Samples:           patience.Samples(),
		// The win probability in float64. Fraction stays nil so that
		// solving a file of deals costs the float recursion only; the
		// exact fraction (exact.WinProbabilityRat) is about ten times
		// slower.
		Solve: func(d patience.Deal) (Solution, error) {
			s := solvers.Get().(*exact.PatienceSolver)
			p, err := s.WinProbability(d)
			solvers.Put(s)
			return Solution{Value: p}, err
		},
		Fraction: exact.WinProbabilityRat,
		Outcome:  WinLoss,
		// George's uniform choices are the rule: patience has no policy.
		Referee:    montecarlo.PatienceReferee,
		Invariants: patienceInvariants(exact.WinProbability),
		Digits:     6,
		Tolerance:  Tolerance{Abs: 1e-6},
	}
}
