package props

import (
	"context"
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

// Jenga is Colored Jenga (Codeforces 424E) as the harness sees it, drawing
// towers within c's limits.
func Jenga(c JengaConfig) Game {
	spec, choices := c.Spec()
	return DefineWithPolicy(spec, choices)
}

// JengaConfig configures Colored Jenga. The zero value draws towers up to
// the statement's 6 levels; MaxLevels lowers that (the tests use smaller
// towers to stay fast).
type JengaConfig struct {
	MaxLevels int // generated towers have 2..MaxLevels levels; 0 means 6

	// solve is the analyst; nil means exact.SolveJenga. Tests plant bugs here.
	solve func(jenga.Tower) (JengaAnalysis, error)
}

// Spec is the definition of Colored Jenga under c: a game with choices, the
// policy being the analyst's move for each state and colour.
func (g JengaConfig) Spec() (Spec[jenga.Tower], Choices[jenga.Tower, JengaPolicy]) {
	return Spec[jenga.Tower]{
			Name:        "jenga",
			Title:       "Colored Jenga (Codeforces 424E): minimal expected number of throws",
			Parse:       parseOneTower,
			Write:       func(w io.Writer, ts []jenga.Tower) error { return jenga.Write(w, ts[0]) },
			Generator:   g.generator(),
			Classify:    generators.JengaClass,
			Samples:     jenga.Samples(),
			Answer:      g.answer,
			Outcome:     Count,
			Invariants:  jengaInvariants(g.analyst()),
			Simplifiers: []func(jenga.Tower) []jenga.Tower{jengaWithoutALevel, jengaWithAColourPainted},
			// 12 decimals, as a common accepted solution prints; the judge
			// accepts 1e-6 absolute or relative.
			Digits: 12,
		}, Choices[jenga.Tower, JengaPolicy]{
			Solve:       g.solveTower,
			Referee:     jengaReferee,
			WritePolicy: writeJengaPolicy,
		}
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

func (g JengaConfig) analyst() func(jenga.Tower) (JengaAnalysis, error) {
	if g.solve != nil {
		return g.solve
	}
	return SolveJengaExactly
}

func parseOneTower(r io.Reader, file string) ([]jenga.Tower, error) {
	t, err := jenga.Parse(r, file)
	if err != nil {
		return nil, err
	}
	return []jenga.Tower{t}, nil
}

func (g JengaConfig) generator() *rapid.Generator[jenga.Tower] {
	n := g.MaxLevels
	if n <= 0 {
		n = jenga.MaxLevels
	}
	return generators.JengaUpTo(n)
}

// solveTower is the minimal expected number of throws, the exact
// distribution of throws under the optimal policy, and that policy for the
// referee.
func (g JengaConfig) solveTower(t jenga.Tower) (Solution, JengaPolicy, error) {
	a, err := g.analyst()(t)
	if err != nil {
		return Solution{}, nil, err
	}
	return Solution{Value: a.Expected, PMF: a.PMF, PMFTail: a.Tail}, a.Policy, nil
}

// jengaReferee plays the real tower, asking the analyst's policy for each
// move and checking it.
func jengaReferee(t jenga.Tower, pol JengaPolicy) (func() montecarlo.Player, error) {
	return montecarlo.JengaReferee(t, func() montecarlo.JengaPolicy { return pol })
}

// SimulateJenga runs the referee on tower t under any policy.
func SimulateJenga(ctx context.Context, t jenga.Tower, pol montecarlo.JengaPolicy, cfg montecarlo.Config) (montecarlo.Histogram, error) {
	play, err := montecarlo.JengaReferee(t, func() montecarlo.JengaPolicy { return pol })
	if err != nil {
		return montecarlo.Histogram{}, err
	}
	return montecarlo.Run(ctx, cfg, play)
}

// writeJengaPolicy prints, for every state the optimal policy reaches from
// the tower, a real tower of that state (levels bottom to top), its
// expected number of throws, and the move for each colour.
func writeJengaPolicy(w io.Writer, t jenga.Tower) error {
	sol, err := exact.SolveJenga(t)
	if err != nil {
		return err
	}
	return sol.WritePolicy(w)
}

// answer is the expected number of throws alone, without the distribution
// and the policy, for callers that print answers only.
func (g JengaConfig) answer(t jenga.Tower) (Solution, error) {
	if g.solve != nil {
		sol, _, err := g.solveTower(t)
		return sol, err
	}
	sol, err := exact.SolveJenga(t)
	if err != nil {
		return Solution{}, err
	}
	return Solution{Value: sol.Expected}, nil
}
