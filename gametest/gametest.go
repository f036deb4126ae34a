package gametest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// DefaultRuns is the number of games the referee plays per agreement check
// unless Runs says otherwise. At α = props.TestAlpha the exact binomial test
// then detects a shift of a win probability near 1/2 by about 0.022 half of
// the time (6.1 standard errors), and the DKW band on a count's distribution
// function is ε = √(ln(2/α)/2n) ≈ 0.023.
const DefaultRuns = 20000

// The checks Run runs, as subtests of these names, in this order.
const (
	CheckSamples     = "samples"                // published samples parse and answer as published
	CheckValid       = "valid"                  // every generated board writes and parses; Parse never panics on a cut input
	CheckRoundTrip   = "round-trip"             // write then parse gives the boards back
	CheckParams      = "params"                 // boards drawn at every parameter's ends and under every preset are valid
	CheckAnswer      = "answer-matches-solve"   // Answer's value is Solve's, bit for bit
	CheckFraction    = "fraction-matches-value" // the exact fraction's value is accepted against the float answer
	CheckInvariants  = "invariants"             // every invariant holds on samples and generated boards
	CheckAgreement   = "agreement"              // the analyst and the referee agree
	CheckClasses     = "classes"                // every board has a class, the same on every call
	CheckCoverage    = "coverage"               // the generator meets its coverage goals
	CheckSimplifiers = "simplifiers"            // simpler boards are valid, differ, and run out
)

// check is one of Run's subtests. Each takes a rapid.TB so that the kit's
// own tests can drive it with a Recorder; after a failure it returns at
// once, as a Recorder's Fatalf does not stop it.
type check struct {
	name string
	run  func(t rapid.TB, g props.Game, o options)
}

// checks are Run's checks in order: the cheap ones about the input format
// first, so that a broken Parse or Write is reported before the analyst's
// checks fail for it.
func checks() []check {
	return []check{
		{CheckSamples, checkSamples},
		{CheckValid, checkValid},
		{CheckRoundTrip, checkRoundTrip},
		{CheckParams, checkParams},
		{CheckAnswer, checkAnswer},
		{CheckFraction, checkFraction},
		{CheckInvariants, checkInvariants},
		{CheckAgreement, checkAgreement},
		{CheckClasses, checkClasses},
		{CheckCoverage, checkCoverage},
		{CheckSimplifiers, checkSimplifiers},
	}
}

// An Option changes what Run checks or how hard.
type Option func(*options)

type options struct {
	runs     int64
	alpha    float64
	exact    bool
	skip     []string
	maxSteps int // the simplifiers check's bound, MaxSimplifySteps; the kit's tests lower it
}

// Runs sets the number of games per agreement check (default DefaultRuns).
// Fewer make the check faster and blind to smaller disagreements.
func Runs(n int64) Option { return func(o *options) { o.runs = n } }

// Alpha sets the false-alarm level of the agreement test on one board
// (default props.TestAlpha, 1e-9: a correct game fails the check's 100
// boards about once in ten million runs).
func Alpha(a float64) Option { return func(o *options) { o.alpha = a } }

// ExactSamples makes the samples check demand that the game prints each
// sample's published output byte for byte, beyond the judge accepting it:
// for games whose output is defined exactly (a rounding rule on the exact
// value, a fixed number of decimals the sample shows).
func ExactSamples() Option { return func(o *options) { o.exact = true } }

// Skip leaves out the named checks (CheckAgreement, ...): their subtests
// are skipped, saying so. Naming a check that does not exist fails Run.
func Skip(names ...string) Option {
	return func(o *options) { o.skip = append(o.skip, names...) }
}

// Run is the conformance test of a game: it checks that g keeps the
// contract of props.Spec, each part in a subtest of t that -run can select
// (TestGame/round-trip):
//
//   - samples: every published sample parses, its published output parses
//     with g.ParseAnswers, and the game's answers (g.Answer, printed by
//     g.WriteAnswers) parse back and are, like the published output,
//     accepted by the game's own judge (g.Agrees). A game without samples
//     skips the check, saying that samples are recommended: they are the
//     first thing every solver check runs.
//   - valid: every generated board is written by g.WriteInput and parsed by
//     g.Parse without error, the board in the message when it is not; and
//     g.Parse returns, never panics, on every prefix of its input.
//   - round-trip: writing generated boards and parsing the input gives them
//     back, one board to an input, groups of up to g.MaxBoardsPerInput()
//     boards, and one input of exactly that many. Equal is reflect.DeepEqual,
//     except that a nil slice or map equals an empty one.
//   - params: boards drawn with each generator parameter at its Min and at
//     its Max (the others at their defaults), and under each preset, are
//     valid (written and parsed back without error). A game without
//     parameters skips the check.
//   - answer-matches-solve: g.Answer's value equals g.Solve's bit for bit
//     (and their fractions, where both have one), on the samples and on
//     generated boards.
//   - fraction-matches-value: where the game has an exact fraction
//     (g.Fraction), the game's own judge, at full precision, accepts the
//     float answer against it, on the samples and on generated boards: the
//     independent exact route is worth nothing unless it is compared. A
//     game with no fraction for any board skips the check.
//   - invariants: every invariant holds on the samples' boards, then on
//     generated boards (props.InvariantsHold).
//   - agreement: the analyst and the referee agree on generated boards
//     (props.Agreement).
//   - classes: g.Classify names a non-empty class for every generated
//     board, the same on every call; the classes of 100 boards are logged.
//   - coverage: over at least 200 generated boards (more when a goal's
//     share needs them), no class's share is significantly below its
//     coverage goal, by the one-sided exact binomial test at the kit's α; a
//     class that never occurs fails. A game without goals skips the check.
//   - simplifiers: every board g.Simpler offers is valid and differs from
//     the board it simplifies, and simplifying again and again ends within
//     MaxSimplifySteps steps, never revisiting a board. A game that offers
//     no simpler board skips the check.
//
// A game with its rules beside its analyst (props.FromRules,
// props.FromRulesAndChoices) is checked three-way: Run has the rules
// engine check the analyst on every board it solves
// (props.EngineLimits.CheckEvery), where solve and check only call on it
// to confirm a disagreement.
//
// The rapid checks draw fresh boards on every run (rapid's -rapid.checks,
// -rapid.seed and RAPID_SEED apply), as every property test's do.
func Run(t *testing.T, g props.Game, opts ...Option) {
	t.Helper()
	if g == nil {
		t.Fatal("gametest: a nil Game")
	}
	o, err := newOptions(opts)
	if err != nil {
		t.Fatalf("gametest: %v", err)
	}
	if g, err = checkingEvery(g); err != nil {
		t.Fatalf("gametest: %v", err)
	}
	for _, c := range checks() {
		t.Run(c.name, func(t *testing.T) {
			if slices.Contains(o.skip, c.name) {
				t.Skipf("skipped by gametest.Skip")
			}
			c.run(t, g, o)
		})
	}
}

// newOptions are the defaults changed by opts, checked.
func newOptions(opts []Option) (options, error) {
	o := options{runs: DefaultRuns, alpha: props.TestAlpha, maxSteps: MaxSimplifySteps}
	for _, opt := range opts {
		opt(&o)
	}
	return o, o.validate()
}

func (o options) validate() error {
	if o.runs <= 0 {
		return fmt.Errorf("Runs(%d): the agreement check needs at least one game", o.runs)
	}
	if !(o.alpha > 0 && o.alpha < 1) {
		return fmt.Errorf("Alpha(%g): a false-alarm level is in (0, 1)", o.alpha)
	}
	var names []string
	for _, c := range checks() {
		names = append(names, c.name)
	}
	for _, s := range o.skip {
		if !slices.Contains(names, s) {
			return fmt.Errorf("Skip(%q): no such check; the checks are %s", s, strings.Join(names, ", "))
		}
	}
	return nil
}

// checkingEvery is g with the rules engine checking its analyst on every
// board, where g is defined with its rules; g itself otherwise.
func checkingEvery(g props.Game) (props.Game, error) {
	re, ok := g.(props.RulesEngineGame)
	if !ok {
		return g, nil
	}
	l, ok := re.EngineLimits()
	if !ok || l.CheckEvery {
		return g, nil
	}
	l.CheckEvery = true
	return re.WithEngineLimits(l)
}
