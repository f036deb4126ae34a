package props

import (
	"context"
	"io"

	"math/big"
	"math/rand/v2"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/montecarlo/estimate"

	"github.com/chancecheck/chancecheck/montecarlo"
	"pgregory.net/rapid"
)

// Spec defines a game over its own board type B: what Define needs to give
// the game every command, property, report and check the built-in games
// have. Name, Parse, Write, Generator, Solve and one of Play or Referee are
// required; every other field is optional, and its zero value says what the
// default is. A game with choices (an optimal policy the referee must play)
// gives Solve and the referee in a Choices instead (DefineWithPolicy).
//
// The harness calls every part from several goroutines at once (reports
// solve boards in parallel, the referee plays on every worker), always with
// boards it does not change: a part must not change the board it is given
// either (copy before shuffling a slice of it), nor keep state between calls
// that changes what it returns. Every part must be deterministic: the same
// board gives the same answer and the same bytes, the same rapid choices the
// same board, and a referee's outcomes depend only on the *rand.Rand it is
// given (no clock, no map order, no global source). That is what makes the
// same seed give the same report whatever the number of workers.
//
// docs/own-game.md walks through every field; examples/bagofmice is a whole
// game written against it.
type Spec[B any] struct {
	// Name is the game's name on the command line: lower case, no spaces.
	Name string
	// Title names the game and the published problem it comes from; it
	// defaults to Name.
	Title string

	// Parse reads a file in the problem's original input format and
	// validates every board in it. Its errors should name file and line
	// (a *textio.Error does).
	Parse func(r io.Reader, file string) ([]B, error)
	// ParseRelaxed, when set, reads inputs beyond the statement's limits
	// (more cases, larger boards) for `--relax-limits`; every rule of the
	// game is still checked. Nil: the game has no relaxed limits.
	ParseRelaxed func(r io.Reader, file string) ([]B, error)
	// Write writes boards in the original input format. It is only ever
	// given between 1 and MaxBoardsPerInput boards: the harness splits
	// more boards over several inputs.
	Write func(w io.Writer, boards []B) error
	// MaxBoardsPerInput is how many boards one input may hold; 0 means 1,
	// the one-case formats.
	MaxBoardsPerInput int

	// Generator draws random valid boards. Build boards constructively
	// (never with Filter) and give it a near-the-limits style beside small
	// boards: rapid favours small values (docs/own-game.md). A game with
	// Params gives GeneratorWith instead.
	Generator *rapid.Generator[B]
	// Params are the generator's integer parameters a user may set from the
	// command line (`--gen cols=30`), each with a range and a default;
	// GeneratorWith draws boards under given values, one for every Param.
	// Set both or neither.
	Params        []Param
	GeneratorWith func(values map[string]int) *rapid.Generator[B]
	// Presets are named sets of parameter values (`--limits official`).
	Presets []Preset
	// Coverage declares the share of generated boards each named class
	// must reach; check and report test it (a class that never occurs is a
	// failure, never a silent pass). CoverageWith, for a game with Params,
	// gives the goals under other parameter values instead (a user who
	// asks for only the largest boards cannot meet a goal on small ones);
	// Coverage is then ignored.
	Coverage     []ClassGoal
	CoverageWith func(values map[string]int) []ClassGoal
	// Classify names the coverage class of a board ("dense-jumps"); nil
	// puts every board in one class, "all".
	Classify func(b B) string
	// Samples are the published samples with the outputs an accepted
	// solution prints; a game's conformance test (gametest.Run) and every
	// solver check start with them.
	Samples []Sample

	// Solve is the analyst: the exact answer. A win/loss game (Outcome
	// WinLoss) may leave Solution.PMF nil; the harness fills in
	// [1−p, p]. A count game must give the outcome distribution in PMF
	// (and PMFTail when it is cut). Solution.Policy must stay nil: a game
	// with choices uses Choices.
	Solve func(b B) (Solution, error)
	// Answer, when set, is a cheaper route to Solution.Value alone, for the
	// commands that print answers only (solve, check). It must agree with
	// Solve bit for bit. Nil: Solve.
	Answer func(b B) (Solution, error)
	// AnswerValid, when set, is Answer of a board Parse or ParseRelaxed
	// returned, which they have validated: it may skip the validation
	// Answer does again (solve uses it). Nil: Answer.
	AnswerValid func(b B) (Solution, error)
	// Fraction, when set, is the exact answer as a fraction, by a route
	// that does not share the float analyst's arithmetic. Nil, and
	// Solve's Solution.Fraction nil: the game has no exact fraction, and
	// reports say so.
	Fraction func(b B) (*big.Rat, error)

	// Outcome says what one play's outcome is: WinLoss (1 a win, 0 a
	// loss; the zero value means WinLoss) or Count (a number of throws,
	// moves, ...).
	Outcome OutcomeKind
	// Play is the referee: it plays b once by the literal rules with the
	// randomness of rng and returns the outcome. It must not call the
	// analyst. Required unless Referee is set.
	Play func(b B, rng *rand.Rand) (int, error)
	// Referee, when set instead of Play, makes one montecarlo.Player per
	// worker, so that a player can keep scratch space between plays.
	Referee func(b B) (func() montecarlo.Player, error)

	// Invariants are exact properties every valid board satisfies.
	Invariants []Invariant[B]
	// Simplifiers each list boards one step simpler than b (one part
	// fewer, one colour fewer, a smaller count); each candidate must be
	// smaller by a measure that cannot fall forever. Candidates that are
	// not valid (Write then Parse fails) or are b itself are dropped, so a
	// simplifier may propose freely. After rapid's shrinking, a failure is
	// taken one step simpler while some candidate still fails, every
	// simplifier's candidates tried in order: a greedy search, so offer
	// several ways to simplify.
	Simplifiers []func(b B) []B

	// Digits is how many decimals answers are printed with, and the
	// default of `solve --digits`; 0 means 9.
	Digits int
	// WriteAnswers, when set, prints answers in the original output format
	// with the given number of decimals ("Case 1: 3.5"). Nil: one number a
	// line, "%.*f".
	WriteAnswers func(w io.Writer, sols []Solution, digits int) error
	// ParseAnswers, when set, reads a solver's n answers in the original
	// output format; anything else is a *FormatError (ParseAnswerLines
	// does the line handling). Nil: one number a line.
	ParseAnswers func(out []byte, n int) ([]float64, error)
	// Tolerance is the judge's rule; the zero value is 1e-6 absolute or
	// relative, the most common.
	Tolerance Tolerance
	// AnswerKind is the kind of answer the problem asks for: a float
	// within Tolerance (the zero value), or an exact integer, a fraction
	// p/q or a residue modulo the prime Modulus, which a solver prints one
	// a line and the judge compares exactly with the game's exact fraction
	// (Solution.Fraction or Fraction, required then). An exact kind leaves
	// Tolerance, Agrees, ParseAnswers and WriteAnswers unset: the answer
	// package reads and prints them. A board whose fraction has no residue
	// (the modulus divides its denominator) cannot be judged
	// (ErrCannotJudge), never a crash nor a pass.
	AnswerKind answer.Kind
	// Modulus is the prime of a Residue AnswerKind (998244353,
	// 1000000007); zero for every other kind.
	Modulus int64
	// Agrees, when set, replaces Tolerance: whether theirs is an accepted
	// answer for a board whose exact solution is ours. fullPrecision asks
	// for the strict rule of a solver that prints all its digits (a Go
	// function), for games whose statement asks for few digits.
	Agrees func(ours Solution, theirs float64, fullPrecision bool) bool
	// JudgeRule says the judge's rule in a few words, for help texts
	// ("±0.0005 on the exact value"); "" says Tolerance's rule, or "the
	// game's own rule" when Agrees is set.
	JudgeRule string
	// WrongAnswerNote, when set, is said under every wrong answer a check
	// of the game finds: the assumption such a verdict rests on (a game
	// defined by programs without a validator: that its inputs are not
	// validated, and how to add one).
	WrongAnswerNote string

	// solveContext and answerContext, set by FromRules and its kin, are
	// Solve and Answer that stop when their context is done (the rules
	// engine looks at it): Game.SolveContext and AnswerContext call them
	// where set, and Solve and Answer, which take no context, otherwise.
	solveContext, answerContext contextSolve[B]
}

// WithContext returns s with an analyst that stops when its context is
// done: solve and answer (answer may be nil: Solve answers) are Solve and
// Answer given the context of the board's judging, which ends with the run
// (--time, Ctrl-C) and with the board's own budget (CrossCheck.BoardTime).
// An analyst that runs processes (a brute force) kills them there, rather
// than leaving them to run on unseen beside the next boards. Solve and
// Answer are set from them, under a context that never ends.
func (s Spec[B]) WithContext(solve, answer func(ctx context.Context, b B) (Solution, error)) Spec[B] {
	s.solveContext = solve
	s.Solve = s.solveContext.background()
	s.answerContext, s.Answer = nil, nil
	if answer != nil {
		s.answerContext = answer
		s.Answer = s.answerContext.background()
	}
	return s
}

// contextSolve is an analyst's route that stops, with the context's error,
// when its context is done.
type contextSolve[B any] func(ctx context.Context, b B) (Solution, error)

// withoutContext makes a route of an analyst that takes no context: it
// runs to its end whatever ctx says.
func withoutContext[B any](solve func(B) (Solution, error)) contextSolve[B] {
	return func(_ context.Context, b B) (Solution, error) { return solve(b) }
}

// background is solve under a context that never ends.
func (solve contextSolve[B]) background() func(B) (Solution, error) {
	return func(b B) (Solution, error) { return solve(context.Background(), b) }
}

// Choices is the part of a game with choices: an analyst that also returns
// its optimal policy P, and a referee that plays under a policy given as
// data, so that the referee can check the value of the analyst's own
// policy without sharing its arithmetic.
type Choices[B, P any] struct {
	// Solve is the analyst: the exact answer and the optimal policy.
	Solve func(b B) (Solution, P, error)
	// Referee makes one montecarlo.Player per worker that plays b under
	// policy.
	Referee func(b B, policy P) (func() montecarlo.Player, error)
	// WritePolicy, when set, prints b's optimal policy readably for
	// `solve --policy`.
	WritePolicy func(w io.Writer, b B) error

	// solveContext, set by FromRulesWithChoices and FromRulesAndChoices,
	// is Solve that stops when its context is done (Spec.solveContext).
	solveContext func(ctx context.Context, b B) (Solution, P, error)
}

// Invariant is a property that holds for every valid board of type B,
// checked exactly (no randomness): a symmetry, a bound, a closed form, a
// normalisation. The harness sees every game's as Invariant[Board].
type Invariant[B any] struct {
	Name string // short, stable identifier: "mirror-level", "posterior-sums-to-one"
	Doc  string // one sentence: what holds and why
	// Check returns nil when the invariant holds for board b with solution sol.
	Check func(b B, sol Solution) error
	// CheckContext, when set, is Check under a context, for a check that
	// may run long (the rules engine's, OptimalInvariant): it stops with
	// an error wrapping ctx's when ctx ends, and the harness calls it in
	// place of Check (CheckIn).
	CheckContext func(ctx context.Context, b B, sol Solution) error
}

// CheckIn is CheckContext where the invariant has one, else Check.
func (inv Invariant[B]) CheckIn(ctx context.Context, b B, sol Solution) error {
	if inv.CheckContext != nil {
		return inv.CheckContext(ctx, b, sol)
	}
	return inv.Check(b, sol)
}

// OutcomeKind is what one play of a game's referee returns: the module's
// one kind of outcome, estimate.OutcomeKind, under the name a game's Spec
// uses.
type OutcomeKind = estimate.OutcomeKind

const (
	// WinLoss outcomes are 1 for a win and 0 for a loss; the answer is the
	// win probability, and the agreement test is the exact binomial test.
	WinLoss = estimate.WinLoss
	// Count outcomes are non-negative integers (throws, moves); the answer
	// is their mean, the analyst gives their distribution, and the
	// agreement test is DKW on it.
	Count = estimate.Count
)

// Param is one integer parameter of a game's generator, settable from the
// command line: `--gen cols=30`.
type Param struct {
	Name     string // one word: "cols"
	Doc      string // what it sets: "the most columns of a generated maze"
	Default  int
	Min, Max int // the values allowed, inclusive
}

// Preset is a named set of generator parameter values: `--limits official`.
// Parameters it does not name keep their defaults.
type Preset struct {
	Name   string
	Doc    string
	Values map[string]int
}

// ClassGoal is a coverage goal: at least MinShare of the generated boards
// fall in Class (a name Classify returns).
type ClassGoal struct {
	Class    string
	MinShare float64 // in (0, 1]
}
