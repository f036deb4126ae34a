package specs

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/chancecheck/chancecheck/montecarlo/referees"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// SnakesPMFTail is where the exact throw distribution is cut: the mass left
// out is below it, and the agreement test adds it to its threshold.
const SnakesPMFTail = 1e-13

// Snakes is Snakes and Ladders (LightOJ 1151) as the harness sees it.
func Snakes() props.Game { return props.Define(SnakesSpec()) }

// SnakesSpec is the definition of Snakes; a test may change a part (plant
// a bug in Solve, say) and Define the result.
func SnakesSpec() props.Spec[snakes.Board] {
	return props.Spec[snakes.Board]{
		Name:              "snakes",
		Title:             "Snakes and Ladders (LightOJ 1151): expected number of throws",
		Parse:             snakes.Parse,
		ParseRelaxed:      parseSnakesRelaxed,
		Write:             snakes.Write,
		MaxBoardsPerInput: snakes.MaxCases, // T ≤ 105
		Params:            snakesParams(),
		GeneratorWith:     snakesGenerator,
		Coverage:          snakesCoverage(generators.DefaultSnakesOptions()),
		CoverageWith:      func(v map[string]int) []props.ClassGoal { return snakesCoverage(snakesOptions(v)) },
		Classify:          generators.SnakesClass,
		Samples:           snakes.Samples(),
		Solve:             solveSnakes,
		Answer:            answerSnakes,
		AnswerValid:       answerValidSnakes,
		Fraction:          exact.ExpectedThrowsRat,
		Outcome:           props.Count,
		Referee:           referees.SnakesReferee,
		Invariants:        snakesInvariants(),
		Simplifiers:       []func(snakes.Board) []snakes.Board{snakesWithoutAJump},
		Digits:            10,
		WriteAnswers:      writeSnakesAnswers,
		ParseAnswers:      parseSnakesAnswers,
	}
}

// snakesParams are the generator's parameters: the range of the number of
// jumps (generators.SnakesOptions).
func snakesParams() []props.Param {
	return []props.Param{
		{Name: "jumps", Doc: "the most jumps (snakes and ladders) on a board", Default: generators.SnakesMaxJumps, Min: 0, Max: generators.SnakesMaxJumps},
		{Name: "min-jumps", Doc: "the fewest jumps on a board; above the most, it raises the most", Default: 0, Min: 0, Max: generators.SnakesMaxJumps},
	}
}

// snakesGenerator draws boards under the parameter values v.
func snakesGenerator(v map[string]int) *rapid.Generator[snakes.Board] {
	return generators.SnakesWith(snakesOptions(v))
}

// snakesOptions are the generator options the parameter values v set.
func snakesOptions(v map[string]int) generators.SnakesOptions {
	return generators.SnakesOptions{MinJumps: v["min-jumps"], MaxJumps: v["jumps"]}
}

// snakesCoverage are the goals of generators.SnakesWith's mix under options
// o (6/16 dense, 6/16 walls, 4/16 small), each well below its designed
// share. A goal o rules out is left out: dense below 40 jumps, small from
// 16 jumps on, walls from 40 jumps on (dense, which comes first, takes
// those boards). The Spec declares the goals at the defaults; a game
// drawing under other parameter values v has snakesCoverage(snakesOptions(v)).
func snakesCoverage(o generators.SnakesOptions) []props.ClassGoal {
	o = o.Clamped()
	var goals []props.ClassGoal
	if o.MaxJumps >= generators.SnakesDenseJumps {
		goals = append(goals, props.ClassGoal{Class: "dense", MinShare: 0.25})
	}
	if o.MaxJumps >= 5 && o.MinJumps < generators.SnakesDenseJumps {
		goals = append(goals, props.ClassGoal{Class: "walls", MinShare: 0.20})
	}
	if o.MinJumps < generators.SnakesSmallJumps {
		goals = append(goals, props.ClassGoal{Class: "small", MinShare: 0.12})
	}
	return goals
}

// parseSnakesRelaxed reads T up to snakes.RelaxedMaxCases.
func parseSnakesRelaxed(r io.Reader, file string) ([]snakes.Board, error) {
	return snakes.ParseUpTo(r, file, snakes.RelaxedMaxCases)
}

// solveSnakes is the expected number of throws in float64 and their
// distribution. The fraction comes from exact.ExpectedThrowsRat.
func solveSnakes(b snakes.Board) (props.Solution, error) {
	e, err := exact.ExpectedThrows(b)
	if err != nil {
		return props.Solution{}, err
	}
	pmf, tail, err := exact.ThrowDistribution(b, SnakesPMFTail)
	if err != nil {
		return props.Solution{}, err
	}
	return props.Solution{Value: e, PMF: pmf, PMFTail: tail}, nil
}

// answerSnakes is the expected throws alone, without the distribution of
// throws, which takes a sweep per throw count (BENCHMARKS.md, snakes).
func answerSnakes(b snakes.Board) (props.Solution, error) {
	e, err := exact.ExpectedThrows(b)
	return props.Solution{Value: e}, err
}

// answerValidSnakes is answerSnakes of a board Parse validated.
func answerValidSnakes(b snakes.Board) (props.Solution, error) {
	e, err := exact.ExpectedThrowsOfValid(b)
	return props.Solution{Value: e}, err
}

// writeSnakesAnswers prints "Case i: x" with digits decimals. It appends
// with strconv, whose 'f' format is the bytes fmt's %.*f prints (fmt calls
// it), without fmt's reflection on every line.
func writeSnakesAnswers(w io.Writer, sols []props.Solution, digits int) error {
	bw := bufio.NewWriter(w)
	var line []byte
	for i, s := range sols {
		line = append(line[:0], "Case "...)
		line = strconv.AppendInt(line, int64(i+1), 10)
		line = append(line, ": "...)
		line = strconv.AppendFloat(line, s.Value, 'f', digits, 64)
		line = append(line, '\n')
		bw.Write(line)
	}
	return bw.Flush()
}

// parseSnakesAnswers reads "Case i: x" lines.
func parseSnakesAnswers(out []byte, n int) ([]float64, error) {
	return props.ParseAnswerLines(out, n, func(i int, f []string) (string, string) {
		want := "Case " + strconv.Itoa(i+1) + ":"
		if len(f) != 3 || f[0] != "Case" || f[1] != strconv.Itoa(i+1)+":" {
			return "", fmt.Sprintf("want %q followed by the expected number of throws", want)
		}
		return f[2], ""
	})
}

// snakesWithoutAJump lists b without each one of its jumps.
func snakesWithoutAJump(b snakes.Board) []snakes.Board {
	var out []snakes.Board
	for i := range b.Jumps {
		less := snakes.Board{Jumps: slices.Delete(slices.Clone(b.Jumps), i, i+1)}
		if less.Validate() == nil {
			out = append(out, less)
		}
	}
	return out
}

func snakesInvariants() []props.Invariant[snakes.Board] {
	return []props.Invariant[snakes.Board]{
		{
			Name: "float-matches-fraction",
			Doc:  "the structured float64 solver agrees with the exact rational elimination to 1e-9 relative",
			Check: func(b snakes.Board, sol props.Solution) error {
				r, err := exact.ExpectedThrowsRat(b)
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
		{
			Name: "at-least-fewest-throws",
			Doc:  "E is at least the fewest throws that can reach 100 (a shortest path)",
			Check: func(b snakes.Board, sol props.Solution) error {
				if d := fewestThrows(b); sol.Value < float64(d)-1e-9 {
					return fmt.Errorf("expected %.9g throws, below the %d of the shortest path", sol.Value, d)
				}
				return nil
			},
		},
		{
			Name:  "first-step-equations",
			Doc:   "the values of all cells satisfy every first-step equation (residual below 1e-9)",
			Check: func(b snakes.Board, _ props.Solution) error { return firstStepResidual(b) },
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
