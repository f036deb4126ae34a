package specs

import (
	"context"
	"io"

	"github.com/chancecheck/chancecheck/montecarlo/referees"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// JengaPMFTail is where the exact throw distribution is cut: the mass left
// out is below it, and the agreement test adds it to its threshold.
const JengaPMFTail = 1e-12

// Jenga is Colored Jenga (Codeforces 424E) as the harness sees it, drawing
// towers within c's limits.
func Jenga(c JengaConfig) props.Game {
	spec, choices := JengaSpec(c)
	return props.DefineWithPolicy(spec, choices)
}

// JengaConfig configures Colored Jenga. The zero value draws towers up to
// the statement's 6 levels; MaxLevels lowers that (the tests use smaller
// towers to stay fast).
type JengaConfig struct {
	// MaxLevels is the default of the generator's levels parameter:
	// generated towers have 2..MaxLevels levels; 0 means 6.
	MaxLevels int

	// solve is the analyst; nil means exact.SolveJenga. Tests plant bugs here.
	solve func(jenga.Tower) (JengaAnalysis, error)
}

// JengaSpec is the definition of Colored Jenga under g: a game with choices, the
// policy being the analyst's move for each state and colour.
func JengaSpec(g JengaConfig) (props.Spec[jenga.Tower], props.Choices[jenga.Tower, referees.JengaPolicyFunc]) {
	return props.Spec[jenga.Tower]{
			Name:          "jenga",
			Title:         "Colored Jenga (Codeforces 424E): minimal expected number of throws",
			Parse:         parseOneTower,
			Write:         func(w io.Writer, ts []jenga.Tower) error { return jenga.Write(w, ts[0]) },
			Params:        g.params(),
			GeneratorWith: jengaGenerator,
			Coverage:      jengaCoverage(g.limits()),
			CoverageWith:  func(v map[string]int) []props.ClassGoal { return jengaCoverage(jengaOptions(v)) },
			Classify:      generators.JengaClass,
			Samples:       jenga.Samples(),
			Answer:        g.answer,
			Outcome:       props.Count,
			Invariants:    jengaInvariants(g.analyst()),
			Simplifiers:   []func(jenga.Tower) []jenga.Tower{jengaWithoutALevel, jengaWithAColourPainted},
			// 12 decimals, as a common accepted solution prints; the judge
			// accepts 1e-6 absolute or relative.
			Digits: 12,
		}, props.Choices[jenga.Tower, referees.JengaPolicyFunc]{
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
	// Policy is the analyst's policy as the referee receives it: a function
	// of the real tower and the colour thrown, built from the analyst's
	// solved values (exact.JengaSolution.Move), which the referee takes as
	// a referees.JengaPolicy and checks every move of. It is the
	// policy type P of Jenga's Choices.
	Policy referees.JengaPolicyFunc
}

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

// maxLevels is the config's most levels, the levels parameter's default.
func (g JengaConfig) maxLevels() int {
	if g.MaxLevels <= 0 {
		return jenga.MaxLevels
	}
	return min(max(g.MaxLevels, jenga.MinLevels), jenga.MaxLevels)
}

// params are the generator's parameters: the range of the number of levels
// (generators.JengaOptions), the most defaulting to the config's.
func (g JengaConfig) params() []props.Param {
	return []props.Param{
		{Name: "levels", Doc: "the most levels (n) of a tower", Default: g.maxLevels(), Min: jenga.MinLevels, Max: jenga.MaxLevels},
		{Name: "min-levels", Doc: "the fewest levels (min-levels=6: only n = 6 towers); above the most, it raises the most",
			Default: jenga.MinLevels, Min: jenga.MinLevels, Max: jenga.MaxLevels},
	}
}

// jengaGenerator draws towers under the parameter values v.
func jengaGenerator(v map[string]int) *rapid.Generator[jenga.Tower] {
	return generators.JengaWith(jengaOptions(v))
}

// jengaOptions are the generator options the parameter values v set.
func jengaOptions(v map[string]int) generators.JengaOptions {
	return generators.JengaOptions{MinLevels: v["min-levels"], MaxLevels: v["levels"]}
}

// limits are the generator options the config's parameters default to.
func (g JengaConfig) limits() generators.JengaOptions {
	return generators.JengaOptions{MinLevels: jenga.MinLevels, MaxLevels: g.maxLevels()}
}

// generator draws towers at the config's limits (the parameters' defaults).
func (g JengaConfig) generator() *rapid.Generator[jenga.Tower] {
	return generators.JengaWith(g.limits())
}

// jengaCoverage are the goals of generators.JengaWith's mix under options
// o: half the towers mixed at the most levels, a quarter small, each goal
// well below its designed share. The mixed towers' class is tall-mixed at
// 6 levels, mixed at 4 or 5 and small below; the small goal is left out
// when no tower may have 3 levels or fewer. The Spec declares the goals at
// the config's limits; a game drawing under other parameter values v has
// jengaCoverage(jengaOptions(v)).
func jengaCoverage(o generators.JengaOptions) []props.ClassGoal {
	o = o.Clamped()
	var goals []props.ClassGoal
	if o.MinLevels <= 3 {
		goals = append(goals, props.ClassGoal{Class: "small", MinShare: 0.15})
	}
	switch {
	case o.MaxLevels == jenga.MaxLevels:
		goals = append(goals, props.ClassGoal{Class: "tall-mixed", MinShare: 0.30})
	case o.MaxLevels > 3:
		goals = append(goals, props.ClassGoal{Class: "mixed", MinShare: 0.30})
	}
	return goals
}

// solveTower is the minimal expected number of throws, the exact
// distribution of throws under the optimal policy, and that policy for the
// referee.
func (g JengaConfig) solveTower(t jenga.Tower) (props.Solution, referees.JengaPolicyFunc, error) {
	a, err := g.analyst()(t)
	if err != nil {
		return props.Solution{}, nil, err
	}
	return props.Solution{Value: a.Expected, PMF: a.PMF, PMFTail: a.Tail}, a.Policy, nil
}

// jengaReferee plays the real tower, asking the analyst's policy for each
// move and checking it.
func jengaReferee(t jenga.Tower, pol referees.JengaPolicyFunc) (func() montecarlo.Player, error) {
	return referees.JengaReferee(t, func() referees.JengaPolicy { return pol })
}

// SimulateJenga runs the referee on tower t under any policy.
func SimulateJenga(ctx context.Context, t jenga.Tower, pol referees.JengaPolicy, cfg montecarlo.Config) (montecarlo.Histogram, error) {
	play, err := referees.JengaReferee(t, func() referees.JengaPolicy { return pol })
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
func (g JengaConfig) answer(t jenga.Tower) (props.Solution, error) {
	if g.solve != nil {
		sol, _, err := g.solveTower(t)
		return sol, err
	}
	sol, err := exact.SolveJenga(t)
	if err != nil {
		return props.Solution{}, err
	}
	return props.Solution{Value: sol.Expected}, nil
}
