package props

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"sync"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/montecarlo"
	"pgregory.net/rapid"
)

// PatienceMaxDeals caps the deals in one generated input file; UVa 1637
// reads deals until end of file and states no bound.
const PatienceMaxDeals = 1000

// Patience is Double Patience (UVa 1637) as the harness sees it. The zero
// value works; NewPatience adds a pool of solvers so that solving many deals
// reuses their memo tables instead of allocating one per deal.
type Patience struct {
	solvers *sync.Pool // of *exact.PatienceSolver; nil: a new solver per deal
}

// NewPatience returns Patience with a pool of reusable solvers.
func NewPatience() Patience {
	return Patience{solvers: &sync.Pool{New: func() any { return new(exact.PatienceSolver) }}}
}

// Name implements Game.
func (Patience) Name() string { return "patience" }

// Title implements Game.
func (Patience) Title() string {
	return "Double Patience (UVa 1637, NEERC 2005 D): George's probability of clearing the table"
}

// Parse implements Game.
func (Patience) Parse(r io.Reader, file string) ([]Board, error) {
	deals, err := patience.Parse(r, file)
	if err != nil {
		return nil, err
	}
	out := make([]Board, len(deals))
	for i, d := range deals {
		out[i] = d
	}
	return out, nil
}

// WriteInput implements Game.
func (Patience) WriteInput(w io.Writer, boards []Board) error {
	deals, err := boardsAs[patience.Deal](boards)
	if err != nil {
		return err
	}
	return patience.Write(w, deals)
}

// MaxBoardsPerInput implements Game.
func (Patience) MaxBoardsPerInput() int { return PatienceMaxDeals }

// Generator implements Game.
func (Patience) Generator() *rapid.Generator[Board] {
	return rapid.Map(generators.Patience(), func(d patience.Deal) Board { return d })
}

// Classify implements Game.
func (Patience) Classify(b Board) string { return generators.PatienceClass(b.(patience.Deal)) }

// Samples implements Game.
func (Patience) Samples() []Sample { return mustSamples("patience") }

// Solve implements Game: the win probability in float64 and its win/loss
// distribution [1−p, p]. Fraction is left nil so that solving a file of
// deals costs the float recursion only; SolveFraction gives the exact
// fraction (exact.WinProbabilityRat, about ten times slower).
func (g Patience) Solve(b Board) (Solution, error) {
	d, ok := b.(patience.Deal)
	if !ok {
		return Solution{}, fmt.Errorf("patience: board of type %T", b)
	}
	var (
		p   float64
		err error
	)
	if g.solvers == nil {
		p, err = exact.WinProbability(d)
	} else {
		s := g.solvers.Get().(*exact.PatienceSolver)
		p, err = s.WinProbability(d)
		g.solvers.Put(s)
	}
	if err != nil {
		return Solution{}, err
	}
	return Solution{Value: p, PMF: []float64{1 - p, p}}, nil
}

// SolveFraction implements FractionSolver: the exact win probability.
func (Patience) SolveFraction(b Board) (*big.Rat, error) {
	d, ok := b.(patience.Deal)
	if !ok {
		return nil, fmt.Errorf("patience: board of type %T", b)
	}
	return exact.WinProbabilityRat(d)
}

// WriteAnswers implements Game: one probability a line, "%.6f".
func (Patience) WriteAnswers(w io.Writer, sols []Solution) error {
	ps := make([]float64, len(sols))
	for i, s := range sols {
		ps[i] = s.Value
	}
	return patience.WriteProbabilities(w, ps)
}

// Simulate implements Game: the referee plays George's uniform choices.
// Patience has no policy: George's random play is the rule.
func (Patience) Simulate(ctx context.Context, b Board, _ Solution, cfg montecarlo.Config) (montecarlo.Histogram, error) {
	return montecarlo.Run(ctx, cfg, montecarlo.PatienceReferee(b.(patience.Deal)))
}

// Invariants implements Game: see patienceInvariants.
func (Patience) Invariants() []Invariant { return patienceInvariants(exact.WinProbability) }
