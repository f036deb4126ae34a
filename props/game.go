package props

import (
	"context"
	"io"
	"math/big"

	"github.com/chancecheck/chancecheck/montecarlo"
	"pgregory.net/rapid"
)

// Board is one board (deal, tower, maze) of some game. Only the Game that made
// it knows its concrete type; the harness passes it back to that Game.
type Board any

// Solution is what the analyst says about a board.
type Solution struct {
	// Value is the answer the original problem asks for (expected throws,
	// win or survival probability), as float64.
	Value float64
	// Fraction is the same answer as an exact fraction, where the game has
	// one that is cheap at this size; nil otherwise (see FractionSolver).
	Fraction *big.Rat
	// PMF is the exact distribution of the referee's outcome under the policy
	// the referee plays: PMF[k] = P(outcome = k). For win/loss games it is
	// [P(loss), P(win)]. Its tail beyond len(PMF) has mass at most PMFTail.
	PMF []float64
	// PMFTail bounds the probability mass left out of PMF (truncation).
	PMFTail float64
	// Policy is the analyst's optimal policy as data, handed to the referee by
	// Simulate; nil for games without choices. Opaque to the harness.
	Policy any
}

// Invariant is a property that holds for every valid board, checked exactly
// (no randomness): a symmetry, a bound, a closed form, a normalisation.
type Invariant struct {
	Name string // short, stable identifier: "mirror-level", "posterior-sums-to-one"
	Doc  string // one sentence: what holds and why
	// Check returns nil when the invariant holds for board b with solution sol.
	Check func(b Board, sol Solution) error
}

// Sample is a published sample: an input file and the output an accepted solution prints.
type Sample struct {
	Name   string
	Input  string
	Output string
}

// Game is one game as the harness sees it. The CLI, the agreement report and
// the solver checker handle every game through this interface; what differs
// between games stays behind it.
type Game interface {
	// Name is the game's short name on the command line: "snakes".
	Name() string
	// Title names the game and the published problem it comes from.
	Title() string
	// Parse reads a file in the game's original input format and validates
	// every board in it. Errors are *textio.Error values naming file and line.
	Parse(r io.Reader, file string) ([]Board, error)
	// WriteInput writes boards in the original input format.
	WriteInput(w io.Writer, boards []Board) error
	// MaxBoardsPerInput is how many boards one input file may hold (1 for
	// games whose format has a single case).
	MaxBoardsPerInput() int
	// Generator draws random valid boards, shrinking toward small ones.
	Generator() *rapid.Generator[Board]
	// Classify names the coverage class of a generated board ("dense-jumps").
	Classify(b Board) string
	// Samples are the published samples with their expected outputs.
	Samples() []Sample
	// Solve is the analyst: the exact answer, its outcome distribution and policy.
	Solve(b Board) (Solution, error)
	// WriteAnswers prints answers in the original output format, like an accepted solution.
	WriteAnswers(w io.Writer, sols []Solution) error
	// Simulate is the referee: it plays the board cfg.Runs times under
	// sol.Policy (the analyst's policy as data) and returns the outcomes.
	Simulate(ctx context.Context, b Board, sol Solution, cfg montecarlo.Config) (montecarlo.Histogram, error)
	// Invariants lists the exact properties every board satisfies.
	Invariants() []Invariant
}

// FractionSolver is implemented by games whose exact fraction costs much more
// than the float answer (snakes: a rational elimination with 70-digit
// denominators), so Solve leaves Solution.Fraction nil and callers that want
// the fraction ask for it.
type FractionSolver interface {
	SolveFraction(b Board) (*big.Rat, error)
}

// FractionOf returns the exact fraction of b's answer: sol.Fraction when
// Solve filled it in, else g's SolveFraction when g has one, else nil.
func FractionOf(g Game, b Board, sol Solution) (*big.Rat, error) {
	if sol.Fraction != nil {
		return sol.Fraction, nil
	}
	if fs, ok := g.(FractionSolver); ok {
		return fs.SolveFraction(b)
	}
	return nil, nil
}

// RelaxedParser is implemented by games that can read inputs beyond the
// statement's limits (more cases, larger boards) when asked, for benchmarks
// and experiments. Every rule of the game is still checked.
type RelaxedParser interface {
	ParseRelaxed(r io.Reader, file string) ([]Board, error)
}

// Answerer is implemented by games whose Solve does more than the answer
// alone costs (snakes: the whole throw distribution, ~100× the expectation).
// Answer fills in Solution.Value (and what else is free), for callers that
// print answers only: solve, and the solver checker.
type Answerer interface {
	Answer(b Board) (Solution, error)
}

// AnswerOf is g's Answer when it has one, else its Solve.
func AnswerOf(g Game, b Board) (Solution, error) {
	if a, ok := g.(Answerer); ok {
		return a.Answer(b)
	}
	return g.Solve(b)
}
