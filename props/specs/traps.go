package specs

import (
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"

	"github.com/chancecheck/chancecheck/montecarlo/referees"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// Traps is the trap maze (SDOI 2011 "迷宫探险", BZOJ 2246, Luogu P2489) as
// the harness sees it, drawing mazes within c's limits.
func Traps(c TrapsConfig) props.Game {
	spec, choices := TrapsSpec(c)
	return props.DefineWithPolicy(spec, choices)
}

// TrapsConfig configures the trap maze. The zero value draws mazes up to
// the full limits.
type TrapsConfig struct {
	// Limits are the defaults of the generator's parameters (rows, cols,
	// kinds, life and their minima); zero: generators.DefaultTrapsOptions().
	Limits generators.TrapsOptions

	// solve is the analyst; nil means exact.SolveTraps. Tests plant bugs here,
	// and the invariants call it, so a planted bug reaches them too.
	solve func(*traps.Maze) (exact.TrapSolution, error)
}

// TrapsSpec is the definition of the trap maze under g: a game with choices, the
// policy being the analyst's table of moves.
func TrapsSpec(g TrapsConfig) (props.Spec[*traps.Maze], props.Choices[*traps.Maze, traps.Table]) {
	return props.Spec[*traps.Maze]{
			Name:          "traps",
			Title:         "Trap maze (SDOI 2011 迷宫探险, BZOJ 2246, Luogu P2489): optimal probability of reaching an exit alive",
			Parse:         parseOneMaze,
			Write:         writeOneMaze,
			Params:        g.params(),
			GeneratorWith: trapsGenerator,
			Presets:       trapsPresets(),
			Coverage:      trapsCoverage(g.limits()),
			CoverageWith:  func(v map[string]int) []props.ClassGoal { return trapsCoverage(trapsOptions(v)) },
			Classify:      generators.TrapsClass,
			Samples:       traps.Samples(),
			Answer:        g.answer,
			Outcome:       props.WinLoss,
			Invariants:    g.invariants(),
			Simplifiers: []func(*traps.Maze) []*traps.Maze{
				trapsWithoutALine, trapsWithATrapCleared, trapsWithoutAKind, trapsWithALifeFewer,
			},
			Digits:       3,
			WriteAnswers: writeTrapsAnswers,
			Agrees:       trapsAgrees,
			JudgeRule:    "±0.0005 on the exact value, 1e-6 with --full-precision",
		}, props.Choices[*traps.Maze, traps.Table]{
			Solve:       g.solveMaze,
			Referee:     trapsReferee,
			WritePolicy: g.writePolicy,
		}
}

func parseOneMaze(r io.Reader, file string) ([]*traps.Maze, error) {
	z, err := traps.Parse(r, file)
	if err != nil {
		return nil, err
	}
	return []*traps.Maze{z}, nil
}

func writeOneMaze(w io.Writer, zs []*traps.Maze) error { return traps.Write(w, zs[0]) }

// limits are the generator options the config's parameters default to.
func (g TrapsConfig) limits() generators.TrapsOptions {
	o := g.Limits
	if o == (generators.TrapsOptions{}) {
		o = generators.DefaultTrapsOptions()
	}
	return o.Clamped()
}

// generator draws mazes at the config's limits (the parameters' defaults).
func (g TrapsConfig) generator() *rapid.Generator[*traps.Maze] {
	return generators.TrapsWith(g.limits())
}

// params are the generator's parameters, one for each bound of
// generators.TrapsOptions, defaulting to the config's limits.
func (g TrapsConfig) params() []props.Param {
	o := g.limits()
	const raises = "; above the most, it raises the most"
	return []props.Param{
		{Name: "rows", Doc: "the most rows (m) of a maze", Default: o.MaxRows, Min: 1, Max: traps.MaxRows},
		{Name: "cols", Doc: "the most columns (n) of a maze: the statement says n ≤ 29, official tests 3–5 have n = 30", Default: o.MaxCols, Min: 1, Max: traps.MaxCols},
		{Name: "kinds", Doc: "the most trap kinds (K)", Default: o.MaxKinds, Min: 0, Max: traps.MaxKinds},
		{Name: "life", Doc: "the most lives (H)", Default: o.MaxLife, Min: 1, Max: traps.MaxLife},
		{Name: "min-rows", Doc: "the fewest rows" + raises, Default: o.MinRows, Min: 1, Max: traps.MaxRows},
		{Name: "min-cols", Doc: "the fewest columns" + raises, Default: o.MinCols, Min: 1, Max: traps.MaxCols},
		{Name: "min-kinds", Doc: "the fewest trap kinds (min-kinds=5: only K = 5)" + raises, Default: o.MinKinds, Min: 0, Max: traps.MaxKinds},
		{Name: "min-life", Doc: "the fewest lives" + raises, Default: o.MinLife, Min: 1, Max: traps.MaxLife},
	}
}

// trapsGenerator draws mazes under the parameter values v.
func trapsGenerator(v map[string]int) *rapid.Generator[*traps.Maze] {
	return generators.TrapsWith(trapsOptions(v))
}

// trapsOptions are the generator options the parameter values v set.
func trapsOptions(v map[string]int) generators.TrapsOptions {
	return generators.TrapsOptions{
		MaxRows: v["rows"], MaxCols: v["cols"], MaxKinds: v["kinds"], MaxLife: v["life"],
		MinRows: v["min-rows"], MinCols: v["min-cols"], MinKinds: v["min-kinds"], MinLife: v["min-life"],
	}
}

// trapsPresets are the limits of the statement and of the official tests.
func trapsPresets() []props.Preset {
	return []props.Preset{
		{Name: "statement", Doc: "the statement's limits, the default: m ≤ 30, n ≤ 29, K ≤ 5, H ≤ 5",
			Values: map[string]int{"rows": traps.MaxRows, "cols": generators.TrapsStatementCols, "kinds": traps.MaxKinds, "life": traps.MaxLife}},
		{Name: "official", Doc: "what the official tests use: n up to 30 (tests 3–5), against the statement's 29",
			Values: map[string]int{"rows": traps.MaxRows, "cols": traps.MaxCols, "kinds": traps.MaxKinds, "life": traps.MaxLife}},
	}
}

// trapsCoverage are the goals of generators.TrapsWith's mix under options
// o: about half the mazes informative, a quarter at the limits, a quarter
// small, each goal well below its designed share. A goal o rules out is
// left out: the limits class below the largest maze, the small class above
// 6 × 6, the informative class without kinds, or when every maze is the
// largest (the limits class, which comes first, takes them all). The Spec
// declares the goals at the config's limits; a game drawing under other
// parameter values v has trapsCoverage(trapsOptions(v)).
func trapsCoverage(o generators.TrapsOptions) []props.ClassGoal {
	o = o.Clamped()
	var goals []props.ClassGoal
	allLargest := o.MinRows >= traps.MaxRows && o.MinCols >= generators.TrapsStatementCols && o.MinKinds == traps.MaxKinds && o.MinLife == traps.MaxLife
	if o.MaxKinds > 0 && o.MaxRows*o.MaxCols >= 9 && !allLargest {
		goals = append(goals, props.ClassGoal{Class: "informative", MinShare: 0.30})
	}
	if o.MaxRows >= traps.MaxRows && o.MaxCols >= generators.TrapsStatementCols && o.MaxKinds == traps.MaxKinds && o.MaxLife == traps.MaxLife {
		goals = append(goals, props.ClassGoal{Class: "limits", MinShare: 0.15})
	}
	if o.MinRows <= generators.TrapsSmallSide && o.MinCols <= generators.TrapsSmallSide {
		goals = append(goals, props.ClassGoal{Class: "small", MinShare: 0.10})
	}
	return goals
}

// solveMaze is the optimal survival probability, exactly, and the policy as
// a table; the referee's outcomes are then [1−p, p].
func (g TrapsConfig) solveMaze(z *traps.Maze) (props.Solution, traps.Table, error) {
	sol, err := g.solver()(z)
	if err != nil {
		return props.Solution{}, nil, err
	}
	return props.Solution{Value: sol.Value, Fraction: sol.Exact}, sol.Policy, nil
}

func (g TrapsConfig) solver() func(*traps.Maze) (exact.TrapSolution, error) {
	if g.solve != nil {
		return g.solve
	}
	return exact.SolveTraps
}

// answer is the exact answer without building the policy table, for
// callers that only print answers (solve without --policy, check, gen). It
// is the value-only route and exact at the same time: the analyst counts
// surviving prior mass in integers (exact.TrapSurvivalRat), as fast as it
// would in float64, so the answer printed is the exact fraction rounded as
// the statement asks, with no float error to bound (it is 0) and no rounding
// boundary to fall back from.
func (g TrapsConfig) answer(z *traps.Maze) (props.Solution, error) {
	if g.solve != nil { // a planted analyst answers through its own Solve
		sol, _, err := g.solveMaze(z)
		if err == nil {
			sol.PMF = []float64{1 - sol.Value, sol.Value}
		}
		return sol, err
	}
	p, _, err := exact.TrapSurvivalRat(z)
	if err != nil {
		return props.Solution{}, err
	}
	f, _ := p.Float64()
	return props.Solution{Value: f, Fraction: p, PMF: []float64{1 - f, f}}, nil
}

// trapsReferee hides a joint trap state drawn from the prior and lets the
// analyst's policy walk.
func trapsReferee(z *traps.Maze, table traps.Table) (func() montecarlo.Player, error) {
	return referees.TrapsReferee(z, func() traps.Policy { return table })
}

// writeTrapsAnswers prints the probability with digits decimals (the
// statement's 3), rounded half up on the exact fraction as the statement
// asks, one line per maze.
func writeTrapsAnswers(w io.Writer, sols []props.Solution, digits int) error {
	for _, s := range sols {
		p := s.Fraction
		if p == nil {
			p = new(big.Rat)
			p.SetFloat64(s.Value)
		}
		if _, err := fmt.Fprintln(w, traps.FormatProbability(p, digits)); err != nil {
			return err
		}
	}
	return nil
}

// writePolicy prints the optimal policy of z: one line per situation the optimal
// policy can reach, "row col lives known move", rows and columns from 1,
// known one character per kind ('?' unknown, '-' harmless, '+' harmful),
// sorted.
func (g TrapsConfig) writePolicy(w io.Writer, z *traps.Maze) error {
	sol, err := g.solver()(z)
	if err != nil {
		return err
	}
	lines := make([]string, 0, len(sol.Policy))
	for s, d := range sol.Policy {
		known := make([]byte, z.Kinds)
		for t := range known {
			known[t] = "?-+"[s.Known[t]]
		}
		lines = append(lines, fmt.Sprintf("%02d %02d %d %s %s", s.Row+1, s.Col+1, s.Life, known, d))
	}
	slices.Sort(lines)
	_, err = fmt.Fprintf(w, "# row col lives known move (%d situations; known: ? unknown, - harmless, + harmful)\n%s\n",
		len(lines), strings.Join(lines, "\n"))
	return err
}
