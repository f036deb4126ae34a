package specs

import (
	"sync"

	"github.com/chancecheck/chancecheck/montecarlo/referees"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/props"
)

// PatienceMaxDeals caps the deals in one generated input file; UVa 1637
// reads deals until end of file and states no bound.
const PatienceMaxDeals = 1000

// Patience is Double Patience (UVa 1637) as the harness sees it. Its
// analyst keeps a pool of solvers, so that solving many deals reuses their
// memo tables instead of allocating one per deal.
func Patience() props.Game { return props.Define(PatienceSpec()) }

// PatienceSpec is the definition of Patience; a test may change a part
// (plant a bug in Solve, say) and Define the result.
func PatienceSpec() props.Spec[patience.Deal] {
	solvers := &sync.Pool{New: func() any { return new(exact.PatienceSolver) }}
	return props.Spec[patience.Deal]{
		Name:              "patience",
		Title:             "Double Patience (UVa 1637, NEERC 2005 D): George's probability of clearing the table",
		Parse:             patience.Parse,
		Write:             patience.Write,
		MaxBoardsPerInput: PatienceMaxDeals,
		Generator:         generators.Patience(),
		Coverage:          patienceCoverage(),
		Classify:          generators.PatienceClass,
		Samples:           patience.Samples(),
		// The win probability in float64, without Solution.Fraction: the
		// exact fraction (Spec.Fraction, exact.WinProbabilityRat) does the
		// same recursion in big.Rat, asked for only where it is wanted.
		Solve: func(d patience.Deal) (props.Solution, error) {
			s := solvers.Get().(*exact.PatienceSolver)
			p, err := s.WinProbability(d)
			solvers.Put(s)
			return props.Solution{Value: p}, err
		},
		Fraction: exact.WinProbabilityRat,
		Outcome:  props.WinLoss,
		// George's uniform choices are the rule: patience has no policy.
		Referee:    referees.PatienceReferee,
		Invariants: patienceInvariants(exact.WinProbability),
		Digits:     6,
		Tolerance:  props.Tolerance{Abs: 1e-6},
	}
}

// patienceCoverage are the goals of the mix of generators.Patience, which
// draws about 56–59% rich deals, 26–28% open and 13–14% lost (over 500 and
// 2,000 deals; BENCHMARKS.md, "generated boards"), each goal well below its
// share. Deals have no size, so the game has no generator parameters.
func patienceCoverage() []props.ClassGoal {
	return []props.ClassGoal{{Class: "rich", MinShare: 0.40}, {Class: "open", MinShare: 0.15}, {Class: "lost", MinShare: 0.06}}
}
