package props

import (
	"context"
	"errors"
	"io"
	"math/big"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/games/textio"
	"github.com/chancecheck/chancecheck/montecarlo"
	"pgregory.net/rapid"
)

// Board is one board (deal, tower, maze) of some game as the harness carries
// it. Only the Game that made it knows its concrete type; the harness passes
// it back to that Game. A game's author never handles a Board: Define
// converts at the boundary.
type Board any

// Solution is what the analyst says about a board.
type Solution struct {
	// Value is the answer the original problem asks for (expected throws,
	// win or survival probability), as float64.
	Value float64
	// Fraction is the same answer as an exact fraction, where the game has
	// one that is cheap at this size; nil otherwise (see Game.Fraction).
	Fraction *big.Rat
	// PMF is the exact distribution of the referee's outcome under the policy
	// the referee plays: PMF[k] = P(outcome = k). For win/loss games it is
	// [P(loss), P(win)]. Its tail beyond len(PMF) has mass at most PMFTail.
	PMF []float64
	// PMFTail bounds the probability mass left out of PMF (truncation).
	PMFTail float64
	// Policy is the analyst's optimal policy, carried by the harness from
	// Solve to Simulate for games with choices (Choices); nil otherwise. A
	// game's author never sets it: DefineWithPolicy does.
	Policy any
	// Oracle names what gave this answer, for check's output; "" is the
	// game's own analyst. FromRules sets it (props/rules.go).
	Oracle string
	// Proof is what the rules engine did to give or check this answer
	// (solve --explain): nil without the engine.
	Proof *Proof
	// Exact, for a game whose answer is of an exact kind (AnswerRule), is
	// the answer as a correct solver prints it: the harness fills it in
	// from Fraction (a residue, an integer, the fraction itself); an
	// analyst that knows only the residue (a brute force printing one) sets
	// it itself. Zero for a float answer.
	Exact answer.Value
	// Endless: no play can end on this board, and Value (and Fraction) is
	// the answer the game declares for it (rules.Rules.Endless, the
	// judges' "print -1"), proved by the rules engine. There is no
	// distribution, and the referee is not asked (Simulate says so,
	// wrapping ErrCannotJudge); a solver's answer is judged as any other.
	Endless bool
}

// OwnAnalyst is OracleOf's name for an answer of the game's own analyst.
const OwnAnalyst = "the game's analyst"

// OracleOf names what gave this answer: Oracle, or OwnAnalyst when empty.
func (s Solution) OracleOf() string {
	if s.Oracle == "" {
		return OwnAnalyst
	}
	return s.Oracle
}

// ValidAnswerer is a Game with a route to the answer of a board its own
// Parse or ParseRelaxed returned, which skips validating it again
// (Spec.AnswerValid). Every Game Define makes is one.
type ValidAnswerer interface {
	AnswerValid(b Board) (Solution, error)
	// AnswerValidContext is AnswerValid that stops when ctx is done, as
	// Game.SolveContext.
	AnswerValidContext(ctx context.Context, b Board) (Solution, error)
}

// Sample is a published sample: an input file and the output an accepted
// solution prints. Each game package under games/ embeds its own (Samples).
type Sample = textio.Sample

// ErrUnsupported is wrapped by the errors of the parts a game does not
// define (relaxed limits, a policy to print): the commands that need them
// treat it as a usage error.
var ErrUnsupported = errors.New("not defined for this game")

// Game is one game as the harness sees it: the CLI, the agreement report and
// the solver checker handle every game through it, and only Define and
// DefineWithPolicy make one, from a typed Spec. Its methods are the Spec's
// parts with their defaults filled in.
type Game interface {
	// Name is the game's short name on the command line: "snakes".
	Name() string
	// Title names the game and the published problem it comes from.
	Title() string
	// Outcome says whether the referee's outcomes are win/loss or counts.
	Outcome() OutcomeKind

	// Parse reads a file in the game's original input format and validates
	// every board in it.
	Parse(r io.Reader, file string) ([]Board, error)
	// ParseRelaxed reads inputs beyond the statement's limits; an error
	// wrapping ErrUnsupported when the game has none.
	ParseRelaxed(r io.Reader, file string) ([]Board, error)
	// WriteInput writes 1..MaxBoardsPerInput boards in the original input
	// format; more is an error.
	WriteInput(w io.Writer, boards []Board) error
	// MaxBoardsPerInput is how many boards one input file may hold.
	MaxBoardsPerInput() int

	// Generator draws random valid boards, shrinking toward small ones,
	// under the parameter values in force (ParamValues).
	Generator() *rapid.Generator[Board]
	// Params are the generator's parameters, Presets its named sets of
	// values; none for a game without them.
	Params() []Param
	Presets() []Preset
	// ParamValues are the values in force, one for every Param.
	ParamValues() map[string]int
	// WithParams is the same game drawing boards under values (names of
	// Params; the others keep the values in force); an error names an
	// unknown parameter or a value out of range.
	WithParams(values map[string]int) (Game, error)
	// Coverage is the game's coverage goals.
	Coverage() []ClassGoal
	// Classify names the coverage class of a board.
	Classify(b Board) string
	// Samples are the published samples with their expected outputs.
	Samples() []Sample

	// Solve is the analyst: the exact answer, its outcome distribution and,
	// for games with choices, its policy.
	Solve(b Board) (Solution, error)
	// Answer is Solution.Value alone (and what else is free), for callers
	// that print answers only.
	Answer(b Board) (Solution, error)
	// SolveContext and AnswerContext are Solve and Answer that stop, with
	// an error wrapping ctx's, when ctx is done, where the analyst can: a
	// game defined by rules (FromRules and its kin), whose engine looks at
	// ctx often. A hand-written analyst, which takes no context, runs to
	// its end: a caller that must not wait for it uses SolveWithin.
	SolveContext(ctx context.Context, b Board) (Solution, error)
	AnswerContext(ctx context.Context, b Board) (Solution, error)
	// Fraction is the exact fraction of b's answer: sol.Fraction when Solve
	// filled it in, else the game's own route to it; nil, nil when the game
	// has none.
	Fraction(b Board, sol Solution) (*big.Rat, error)
	// Simulate is the referee: it plays b cfg.Runs times (under sol.Policy
	// for games with choices) and returns the outcomes.
	Simulate(ctx context.Context, b Board, sol Solution, cfg montecarlo.Config) (montecarlo.Histogram, error)
	// Invariants lists the exact properties every board satisfies.
	Invariants() []Invariant[Board]
	// Simpler lists boards one step simpler than b, from every simplifier
	// in order; none when the game has no simplifiers.
	Simpler(b Board) []Board

	// Digits is how many decimals WriteAnswers prints.
	Digits() int
	// WithDigits is the same game printing n decimals; n ≤ 0 keeps the
	// game's own.
	WithDigits(n int) Game
	// WriteAnswers prints answers in the original output format.
	WriteAnswers(w io.Writer, sols []Solution) error
	// ParseAnswers reads the n answers of one run's stdout in the game's
	// original output format, each of the game's kind (AnswerRule): a
	// float, or an exact integer, fraction or residue. Anything but exactly
	// n well-formed answers is a *FormatError.
	ParseAnswers(out []byte, n int) ([]answer.Value, error)
	// Agrees reports whether theirs is an accepted answer for a board whose
	// exact solution is ours: within the judge's rule for a float, the
	// exact answer itself for an exact kind (a float given for one, as a Go
	// solver returns it, when it is that answer's nearest float64);
	// fullPrecision asks for the strict rule of a solver that prints all
	// its digits.
	Agrees(ours Solution, theirs answer.Value, fullPrecision bool) bool
	// JudgeRule says the judge's rule in a few words, for help texts.
	JudgeRule() string
	// AnswerRule is the kind of answer the problem asks for (Spec.AnswerKind
	// and Modulus): the zero Rule, a float, for a game that says nothing.
	AnswerRule() answer.Rule

	// HasPolicy reports whether the game has choices and can print its
	// optimal policy (Choices.WritePolicy).
	HasPolicy() bool
	// HasRelaxedLimits reports whether the game reads inputs beyond its
	// statement's limits (Spec.ParseRelaxed).
	HasRelaxedLimits() bool
	// WritePolicy solves b and prints its optimal policy readably; an error
	// wrapping ErrUnsupported when the game has none to print.
	WritePolicy(w io.Writer, b Board) error

	// answerJudge is the game's judge, picked once by Define.
	answerJudge() answerJudge
	// defined seals the interface: a Game comes from Define.
	defined()
}
