package props

import (
	"context"
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
// the harness sees it. The zero value draws mazes up to the full limits;
// Limits bounds them (the tests use small mazes).
type Traps struct {
	Limits generators.TrapsOptions // zero: generators.DefaultTrapsOptions()
	// Digits is how many decimals WriteAnswers prints; 0 means 3, the
	// statement's. More digits make a cross-check against a solution that
	// prints them far stronger.
	Digits int

	// solve is the analyst; nil means exact.SolveTraps. Tests plant bugs here,
	// and the invariants call it, so a planted bug reaches them too.
	solve func(*traps.Maze) (exact.TrapSolution, error)
}

// Name implements Game.
func (Traps) Name() string { return "traps" }

// Title implements Game.
func (Traps) Title() string {
	return "Trap maze (SDOI 2011 迷宫探险, BZOJ 2246, Luogu P2489): optimal probability of reaching an exit alive"
}

// Parse implements Game: one maze per file.
func (Traps) Parse(r io.Reader, file string) ([]Board, error) {
	z, err := traps.Parse(r, file)
	if err != nil {
		return nil, err
	}
	return []Board{z}, nil
}

// WriteInput implements Game.
func (Traps) WriteInput(w io.Writer, boards []Board) error {
	zs, err := boardsAs[*traps.Maze](boards)
	if err != nil {
		return err
	}
	if len(zs) != 1 {
		return fmt.Errorf("traps: an input file holds one maze, not %d", len(zs))
	}
	return traps.Write(w, zs[0])
}

// MaxBoardsPerInput implements Game: the format holds one maze.
func (Traps) MaxBoardsPerInput() int { return 1 }

// Generator implements Game.
func (g Traps) Generator() *rapid.Generator[Board] {
	o := g.Limits
	if o == (generators.TrapsOptions{}) {
		o = generators.DefaultTrapsOptions()
	}
	return rapid.Map(generators.TrapsWith(o), func(z *traps.Maze) Board { return z })
}

// Classify implements Game.
func (Traps) Classify(b Board) string { return generators.ClassifyTraps(b.(*traps.Maze)) }

// Samples implements Game.
func (Traps) Samples() []Sample { return mustSamples("traps") }

// Solve implements Game: the optimal survival probability, exactly, the
// outcome distribution [1−p, p] of the referee playing the optimal policy,
// and that policy as a table.
func (g Traps) Solve(b Board) (Solution, error) {
	z, ok := b.(*traps.Maze)
	if !ok {
		return Solution{}, fmt.Errorf("traps: board of type %T", b)
	}
	sol, err := g.solver()(z)
	if err != nil {
		return Solution{}, err
	}
	p := sol.Value
	return Solution{Value: p, Fraction: sol.Exact, PMF: []float64{1 - p, p}, Policy: sol.Policy}, nil
}

func (g Traps) solver() func(*traps.Maze) (exact.TrapSolution, error) {
	if g.solve != nil {
		return g.solve
	}
	return exact.SolveTraps
}

// WriteAnswers implements Game: the probability with three decimals (or
// Digits), rounded half up on the exact fraction as the statement asks, one
// line per maze.
func (g Traps) WriteAnswers(w io.Writer, sols []Solution) error {
	digits := g.Digits
	if digits <= 0 {
		digits = 3
	}
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

// Simulate implements Game: the referee hides a joint trap state drawn from
// the prior and lets the analyst's policy (sol.Policy, a traps.Table) walk.
func (Traps) Simulate(ctx context.Context, b Board, sol Solution, cfg montecarlo.Config) (montecarlo.Histogram, error) {
	z := b.(*traps.Maze)
	table, ok := sol.Policy.(traps.Table)
	if !ok {
		return montecarlo.Histogram{}, fmt.Errorf("traps: solution policy is a %T, want a traps.Table", sol.Policy)
	}
	play, err := montecarlo.TrapsReferee(z, func() traps.Policy { return table })
	if err != nil {
		return montecarlo.Histogram{}, err
	}
	return montecarlo.Run(ctx, cfg, play)
}

// Answer implements Answerer: the exact answer without building the policy
// table, for callers that only print answers.
func (g Traps) Answer(b Board) (Solution, error) {
	z, ok := b.(*traps.Maze)
	if !ok {
		return Solution{}, fmt.Errorf("traps: board of type %T", b)
	}
	if g.solve != nil { // a planted analyst answers through its own Solve
		return g.Solve(b)
	}
	p, _, err := exact.TrapSurvivalExact(z)
	if err != nil {
		return Solution{}, err
	}
	f, _ := p.Float64()
	return Solution{Value: f, Fraction: p, PMF: []float64{1 - f, f}}, nil
}

// DigitsSetter is implemented by games that print answers with a fixed
// number of decimals which `chancecheck solve GAME --digits N` may change.
type DigitsSetter interface {
	WithDigits(n int) Game
}

// WithDigits implements DigitsSetter: the same game printing n decimals.
func (g Traps) WithDigits(n int) Game {
	g.Digits = n
	return g
}

// WritePolicy implements PolicyWriter: one line per situation the optimal
// policy can reach, "row col lives known move", rows and columns from 1,
// known one character per kind ('?' unknown, '-' harmless, '+' harmful),
// sorted.
func (g Traps) WritePolicy(w io.Writer, b Board) error {
	z, ok := b.(*traps.Maze)
	if !ok {
		return fmt.Errorf("traps: board of type %T", b)
	}
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
