package props

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/big"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/montecarlo"
	"pgregory.net/rapid"
)

// SnakesPMFTail is where the exact throw distribution is cut: the mass left
// out is below it, and the agreement test adds it to its threshold.
const SnakesPMFTail = 1e-13

// Snakes is Snakes and Ladders (LightOJ 1151) as the harness sees it.
type Snakes struct{}

// Name implements Game.
func (Snakes) Name() string { return "snakes" }

// Title implements Game.
func (Snakes) Title() string { return "Snakes and Ladders (LightOJ 1151): expected number of throws" }

// Parse implements Game.
func (Snakes) Parse(r io.Reader, file string) ([]Board, error) {
	boards, err := snakes.Parse(r, file)
	if err != nil {
		return nil, err
	}
	out := make([]Board, len(boards))
	for i, b := range boards {
		out[i] = b
	}
	return out, nil
}

// ParseRelaxed implements RelaxedParser: T up to snakes.RelaxedMaxCases.
func (Snakes) ParseRelaxed(r io.Reader, file string) ([]Board, error) {
	boards, err := snakes.ParseLimit(r, file, snakes.RelaxedMaxCases)
	if err != nil {
		return nil, err
	}
	out := make([]Board, len(boards))
	for i, b := range boards {
		out[i] = b
	}
	return out, nil
}

// WriteInput implements Game.
func (Snakes) WriteInput(w io.Writer, boards []Board) error {
	bs, err := boardsAs[snakes.Board](boards)
	if err != nil {
		return err
	}
	return snakes.Write(w, bs)
}

// MaxBoardsPerInput implements Game: T ≤ 105.
func (Snakes) MaxBoardsPerInput() int { return snakes.MaxCases }

// Generator implements Game.
func (Snakes) Generator() *rapid.Generator[Board] {
	return rapid.Map(generators.Snakes(), func(b snakes.Board) Board { return b })
}

// Classify implements Game.
func (Snakes) Classify(b Board) string { return generators.SnakesClass(b.(snakes.Board)) }

// Samples implements Game.
func (Snakes) Samples() []Sample { return mustSamples("snakes") }

// Solve implements Game: expected throws in float64 and the distribution of
// the number of throws. The fraction comes from SolveFraction.
func (Snakes) Solve(b Board) (Solution, error) {
	sb, ok := b.(snakes.Board)
	if !ok {
		return Solution{}, fmt.Errorf("snakes: board of type %T", b)
	}
	e, err := exact.ExpectedThrows(sb)
	if err != nil {
		return Solution{}, err
	}
	pmf, tail, err := exact.ThrowDistribution(sb, SnakesPMFTail)
	if err != nil {
		return Solution{}, err
	}
	return Solution{Value: e, PMF: pmf, PMFTail: tail}, nil
}

// Answer implements Answerer: the expected throws alone.
func (Snakes) Answer(b Board) (Solution, error) {
	sb, ok := b.(snakes.Board)
	if !ok {
		return Solution{}, fmt.Errorf("snakes: board of type %T", b)
	}
	e, err := exact.ExpectedThrows(sb)
	return Solution{Value: e}, err
}

// SolveFraction implements FractionSolver: the expected throws as an exact
// fraction, by a rational elimination independent of the float solver.
func (Snakes) SolveFraction(b Board) (*big.Rat, error) {
	return exact.ExpectedThrowsRat(b.(snakes.Board))
}

// WriteAnswers implements Game: "Case i: x".
func (Snakes) WriteAnswers(w io.Writer, sols []Solution) error {
	values := make([]float64, len(sols))
	for i, s := range sols {
		values[i] = s.Value
	}
	return snakes.WriteAnswers(w, values)
}

// Simulate implements Game: the referee throws a real die.
func (Snakes) Simulate(ctx context.Context, b Board, _ Solution, cfg montecarlo.Config) (montecarlo.Histogram, error) {
	return montecarlo.Run(ctx, cfg, montecarlo.SnakesReferee(b.(snakes.Board)))
}

// Invariants implements Game.
func (Snakes) Invariants() []Invariant {
	return []Invariant{
		{
			Name: "float-matches-fraction",
			Doc:  "the structured float64 solver agrees with the exact rational elimination to 1e-9 relative",
			Check: func(b Board, sol Solution) error {
				r, err := Snakes{}.SolveFraction(b)
				if err != nil {
					return err
				}
				f, _ := r.Float64()
				if math.Abs(f-sol.Value) > 1e-9*math.Abs(f) {
					return fmt.Errorf("float %.15g, fraction %.15g", sol.Value, f)
				}
				return nil
			},
		},
		distributionInvariant("the throw distribution has total mass 1 and mean E (up to the cut tail)"),
		{
			Name: "at-least-fewest-throws",
			Doc:  "E is at least the fewest throws that can reach 100 (a shortest path)",
			Check: func(b Board, sol Solution) error {
				if d := fewestThrows(b.(snakes.Board)); sol.Value < float64(d)-1e-9 {
					return fmt.Errorf("expected %.9g throws, below the %d of the shortest path", sol.Value, d)
				}
				return nil
			},
		},
		{
			Name: "first-step-equations",
			Doc:  "the values of all cells satisfy every first-step equation (residual below 1e-9)",
			Check: func(b Board, _ Solution) error {
				return firstStepResidual(b.(snakes.Board))
			},
		},
	}
}

// fewestThrows is a breadth-first search over throws; written here, apart
// from both solvers, from the rules.
func fewestThrows(b snakes.Board) int {
	land := b.Targets()
	dist := make([]int, snakes.Cells+1)
	for i := range dist {
		dist[i] = -1
	}
	dist[1] = 0
	queue := []int{1}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for d := 1; d <= 6 && c+d <= snakes.Cells; d++ {
			if n := land[c+d]; dist[n] < 0 {
				dist[n] = dist[c] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist[snakes.Cells]
}

func firstStepResidual(b snakes.Board) error {
	e, err := exact.ExpectedThrowsFrom(b)
	if err != nil {
		return err
	}
	land := b.Targets()
	for x := 1; x < snakes.Cells; x++ {
		if land[x] != x {
			continue
		}
		k := min(6, snakes.Cells-x)
		sum := 0.0
		for d := 1; d <= k; d++ {
			sum += e[land[x+d]]
		}
		if r := float64(k)*e[x] - sum - 6; math.Abs(r) > 1e-9*math.Max(1, e[x]) {
			return fmt.Errorf("cell %d: residual %g", x, r)
		}
	}
	return nil
}

// boardsAs converts harness boards back to one game's board type.
func boardsAs[B any](boards []Board) ([]B, error) {
	out := make([]B, len(boards))
	for i, b := range boards {
		v, ok := b.(B)
		if !ok {
			var want B
			return nil, fmt.Errorf("board %d is a %T, want %T", i+1, b, want)
		}
		out[i] = v
	}
	return out, nil
}
