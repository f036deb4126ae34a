package props

import (
	"context"
	"fmt"
	"io"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/montecarlo"
	"pgregory.net/rapid"
)

// JengaPMFTail is where the exact throw distribution is cut: the mass left
// out is below it, and the agreement test adds it to its threshold.
const JengaPMFTail = 1e-12

// Jenga is Colored Jenga (Codeforces 424E) as the harness sees it. The zero
// value draws towers up to the statement's 6 levels; MaxLevels lowers that
// (the tests use smaller towers to stay fast).
type Jenga struct {
	MaxLevels int // generated towers have 2..MaxLevels levels; 0 means 6

	// solve is the analyst; nil means exact.SolveJenga. Tests plant bugs here.
	solve func(jenga.Tower) (JengaAnalysis, error)
}

// JengaAnalysis is what the Jenga adapter needs of an analyst: the value,
// the distribution of throws under its policy, and that policy.
type JengaAnalysis struct {
	Expected float64
	PMF      []float64
	Tail     float64
	Policy   JengaPolicy
}

// JengaPolicy is the analyst's policy as the referee receives it: a function
// of the real tower and the colour thrown, built from the analyst's solved
// values (exact.JengaSolution.Move). The referee checks every move it makes.
type JengaPolicy = montecarlo.JengaPolicyFunc

// SolveJengaExactly is the real analyst: exact.SolveJenga, its PMF and its policy.
func SolveJengaExactly(t jenga.Tower) (JengaAnalysis, error) {
	sol, err := exact.SolveJenga(t)
	if err != nil {
		return JengaAnalysis{}, err
	}
	pmf, tail, err := sol.PMF(JengaPMFTail)
	if err != nil {
		return JengaAnalysis{}, err
	}
	return JengaAnalysis{Expected: sol.Expected, PMF: pmf, Tail: tail, Policy: sol.Move}, nil
}

func (g Jenga) analyst() func(jenga.Tower) (JengaAnalysis, error) {
	if g.solve != nil {
		return g.solve
	}
	return SolveJengaExactly
}

// Name implements Game.
func (Jenga) Name() string { return "jenga" }

// Title implements Game.
func (Jenga) Title() string {
	return "Colored Jenga (Codeforces 424E): minimal expected number of throws"
}

// Parse implements Game: one tower per file.
func (Jenga) Parse(r io.Reader, file string) ([]Board, error) {
	t, err := jenga.Parse(r, file)
	if err != nil {
		return nil, err
	}
	return []Board{t}, nil
}

// WriteInput implements Game.
func (Jenga) WriteInput(w io.Writer, boards []Board) error {
	ts, err := boardsAs[jenga.Tower](boards)
	if err != nil {
		return err
	}
	if len(ts) != 1 {
		return fmt.Errorf("jenga: an input file holds one tower, not %d", len(ts))
	}
	return jenga.Write(w, ts[0])
}

// MaxBoardsPerInput implements Game: the format holds one tower.
func (Jenga) MaxBoardsPerInput() int { return 1 }

// Generator implements Game.
func (g Jenga) Generator() *rapid.Generator[Board] {
	n := g.MaxLevels
	if n <= 0 {
		n = jenga.MaxLevels
	}
	return rapid.Map(generators.JengaUpTo(n), func(t jenga.Tower) Board { return t })
}

// Classify implements Game.
func (Jenga) Classify(b Board) string { return generators.JengaClass(b.(jenga.Tower)) }

// Samples implements Game.
func (Jenga) Samples() []Sample { return mustSamples("jenga") }

// Solve implements Game: the minimal expected number of throws, the exact
// distribution of throws under the optimal policy, and that policy (a
// JengaPolicy) for the referee.
func (g Jenga) Solve(b Board) (Solution, error) {
	t, ok := b.(jenga.Tower)
	if !ok {
		return Solution{}, fmt.Errorf("jenga: board of type %T", b)
	}
	a, err := g.analyst()(t)
	if err != nil {
		return Solution{}, err
	}
	return Solution{Value: a.Expected, PMF: a.PMF, PMFTail: a.Tail, Policy: a.Policy}, nil
}

// WriteAnswers implements Game: one number with 12 decimals per tower, as a
// common accepted solution prints it.
func (Jenga) WriteAnswers(w io.Writer, sols []Solution) error {
	for _, s := range sols {
		if err := jenga.WriteAnswer(w, s.Value); err != nil {
			return err
		}
	}
	return nil
}

// Simulate implements Game: the referee plays the real tower, asking the
// analyst's policy (sol.Policy) for each move and checking it.
func (Jenga) Simulate(ctx context.Context, b Board, sol Solution, cfg montecarlo.Config) (montecarlo.Histogram, error) {
	pol, ok := sol.Policy.(JengaPolicy)
	if !ok {
		return montecarlo.Histogram{}, fmt.Errorf("jenga: solution policy is a %T, want a props.JengaPolicy", sol.Policy)
	}
	return SimulateJenga(ctx, b.(jenga.Tower), pol, cfg)
}

// SimulateJenga runs the referee on tower t under any policy.
func SimulateJenga(ctx context.Context, t jenga.Tower, pol montecarlo.JengaPolicy, cfg montecarlo.Config) (montecarlo.Histogram, error) {
	play, err := montecarlo.JengaReferee(t, func() montecarlo.JengaPolicy { return pol })
	if err != nil {
		return montecarlo.Histogram{}, err
	}
	return montecarlo.Run(ctx, cfg, play)
}

// WritePolicy implements PolicyWriter: for every state the optimal policy
// reaches from the tower, a real tower of that state (levels bottom to top),
// its expected number of throws, and the move for each colour.
func (Jenga) WritePolicy(w io.Writer, b Board) error {
	t, ok := b.(jenga.Tower)
	if !ok {
		return fmt.Errorf("jenga: board of type %T", b)
	}
	sol, err := exact.SolveJenga(t)
	if err != nil {
		return err
	}
	return sol.WritePolicy(w)
}

// Answer implements Answerer: the expected number of throws alone, without
// the distribution and the policy, for callers that print answers only.
func (g Jenga) Answer(b Board) (Solution, error) {
	t, ok := b.(jenga.Tower)
	if !ok {
		return Solution{}, fmt.Errorf("jenga: board of type %T", b)
	}
	if g.solve != nil {
		return g.Solve(b)
	}
	sol, err := exact.SolveJenga(t)
	if err != nil {
		return Solution{}, err
	}
	return Solution{Value: sol.Expected}, nil
}
