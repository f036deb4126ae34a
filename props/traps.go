package props

import (
	"fmt"
	"io"
	"math/big"
	"slices"
	"strings"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/montecarlo"
	"pgregory.net/rapid"
)

// Traps is the trap maze (SDOI 2011 "迷宫探险", BZOJ 2246, Luogu P2489) as
// the harness sees it, drawing mazes within c's limits.
func Traps(c TrapsConfig) Game {
	spec, choices := c.Spec()
	return DefineWithPolicy(spec, choices)
}

// TrapsConfig configures the trap maze. The zero value draws mazes up to
// the full limits.
type TrapsConfig struct {
	Limits generators.TrapsOptions // zero: generators.DefaultTrapsOptions()

	// solve is the analyst; nil means exact.SolveTraps. Tests plant bugs here,
	// and the invariants call it, so a planted bug reaches them too.
	solve func(*traps.Maze) (exact.TrapSolution, error)
}

// Spec is the definition of the trap maze under c: a game with choices, the
// policy being the analyst's table of moves.
func (g TrapsConfig) Spec() (Spec[*traps.Maze], Choices[*traps.Maze, traps.Table]) {
	return Spec[*traps.Maze]{
			Name:       "traps",
			Title:      "Trap maze (SDOI 2011 迷宫探险, BZOJ 2246, Luogu P2489): optimal probability of reaching an exit alive",
			Parse:      parseOneMaze,
			Write:      writeOneMaze,
			Generator:  g.generator(),
			Classify:   generators.TrapsClass,
			Samples:    traps.Samples(),
			Answer:     g.answer,
			Outcome:    WinLoss,
			Invariants: g.invariants(),
			Simplifiers: []func(*traps.Maze) []*traps.Maze{
				trapsWithoutALine, trapsWithATrapCleared, trapsWithALifeFewer,
			},
			Digits:       3,
			WriteAnswers: writeTrapsAnswers,
			Agrees:       trapsAgrees,
			JudgeRule:    "±0.0005 on the exact value, 1e-6 with --full-precision",
		}, Choices[*traps.Maze, traps.Table]{
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

func (g TrapsConfig) generator() *rapid.Generator[*traps.Maze] {
	o := g.Limits
	if o == (generators.TrapsOptions{}) {
		o = generators.DefaultTrapsOptions()
	}
	return generators.TrapsWith(o)
}

// solveMaze is the optimal survival probability, exactly, and the policy as
// a table; the referee's outcomes are then [1−p, p].
func (g TrapsConfig) solveMaze(z *traps.Maze) (Solution, traps.Table, error) {
	sol, err := g.solver()(z)
	if err != nil {
		return Solution{}, nil, err
	}
	return Solution{Value: sol.Value, Fraction: sol.Exact}, sol.Policy, nil
}

func (g TrapsConfig) solver() func(*traps.Maze) (exact.TrapSolution, error) {
	if g.solve != nil {
		return g.solve
	}
	return exact.SolveTraps
}

// answer is the exact answer without building the policy table, for
// callers that only print answers.
func (g TrapsConfig) answer(z *traps.Maze) (Solution, error) {
	if g.solve != nil { // a planted analyst answers through its own Solve
		sol, _, err := g.solveMaze(z)
		if err == nil {
			sol.PMF = []float64{1 - sol.Value, sol.Value}
		}
		return sol, err
	}
	p, _, err := exact.TrapSurvivalRat(z)
	if err != nil {
		return Solution{}, err
	}
	f, _ := p.Float64()
	return Solution{Value: f, Fraction: p, PMF: []float64{1 - f, f}}, nil
}

// trapsReferee hides a joint trap state drawn from the prior and lets the
// analyst's policy walk.
func trapsReferee(z *traps.Maze, table traps.Table) (func() montecarlo.Player, error) {
	return montecarlo.TrapsReferee(z, func() traps.Policy { return table })
}

// writeTrapsAnswers prints the probability with digits decimals (the
// statement's 3), rounded half up on the exact fraction as the statement
// asks, one line per maze.
func writeTrapsAnswers(w io.Writer, sols []Solution, digits int) error {
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
