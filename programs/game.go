package programs

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/props"
)

// GameSpec is a game defined by programs as props sees a game, for
// chancecheck's other commands: check judges a solver against the brute
// force (the analyst) on inputs from the generator, report tests the
// referee against the brute force, solve runs the brute force, simulate
// the referee, gen the generator. Stress is built on it.
type GameSpec struct {
	Name      string // the game's name; "" is "programs"
	Quantity  Quantity
	Generator Program
	Referee   Program
	Brute     Program // the analyst: the exact answer
	// Validator, optional, reads an input on stdin and exits 0 when it is
	// valid: every input read from a file (solve, simulate, validate)
	// and every generated one must pass it (RoleValidator).
	Validator Program
	// Params are the generator's parameter space (none: only SEED
	// varies); each becomes a props.Param whose value in force (default
	// Hi) is the largest the generator is given, drawn from Lo up to it,
	// so that rapid shrinks toward Lo.
	Params    []Param
	Tolerance props.Tolerance // a float answer's rule
	// Answer is the kind of answer (the zero Rule: a float within
	// Tolerance). For an exact kind (an integer, a fraction or a residue
	// modulo a prime) the brute force prints p/q or an integer, compared
	// exactly (answers.go); for a residue, an integer in [0, P) is the
	// residue itself, and the fraction behind it is unknown: check compares
	// it exactly, and the commands that need the value (report, simulate)
	// cannot judge that input. In stress, a residue with no brute force is
	// read back as the one fraction within Stress.MaxDenominator
	// (answer.Bounds) for the referee to judge; one that reads back as
	// none is not judged (Result.NotJudged).
	Answer answer.Rule
	// BruteDistribution, for an expectation, says that the brute force
	// prints its distribution of outcomes after its answer ("outcome
	// probability" lines, as a solver does with Stress.SolverDistribution):
	// an expectation's analyst then gives the distribution a count's
	// report tests (Solution.PMF), and stress tests the referee against it
	// (DKW), which needs no range of outcomes. An input the brute force
	// runs out of time on is judged against the stated range, or, with
	// none, not judged.
	BruteDistribution bool
	// Classes are coverage classes by a parameter's value (classes.go): a
	// rare shape, such as one column, that the generator must draw at
	// least a share of. None: every input is in the class "all".
	Classes []Class
	// Tests is how many cases one input to the solver and the brute force
	// holds at most. 0 or 1: one case an input, as the generator printed
	// it. Above 1: the generator prints one case, and up to Tests of them
	// are packed under a count line (t, then the cases) for one run of the
	// solver and one of the brute force, which print one answer line a
	// case; the referee and the validator read each case alone. check
	// packs up to Tests boards an input, and the brute force reads each
	// board under a count line of 1.
	Tests int
}

// Input is one input of a game defined by programs: Text, the bytes the
// generator printed, which is all a program reads; and Args, the
// generator's arguments that printed it ("SEED name=value ...", "" for an
// input read from a file), which a coverage class reads (Class).
type Input struct {
	Text string
	Args string
}

// checkTolerance refuses a tolerance that is not a float answer's rule,
// saying what is wrong with the value given: each error must be 0 (no such
// rule; both 0: the default) or positive and finite, and an exact kind of
// answer, compared exactly, has none.
func checkTolerance(t props.Tolerance, rule answer.Rule) error {
	if rule.Kind.Exact() && t != (props.Tolerance{}) {
		return fmt.Errorf("programs: tolerance (absolute %v, relative %v): %s is compared exactly, with no tolerance", t.Abs, t.Rel, rule)
	}
	for _, e := range []struct {
		name string
		v    float64
	}{{"absolute", t.Abs}, {"relative", t.Rel}} {
		switch {
		case math.IsNaN(e.v):
			return fmt.Errorf("programs: tolerance (absolute %v, relative %v): the %s error allowed is not a number", t.Abs, t.Rel, e.name)
		case math.IsInf(e.v, 1):
			return fmt.Errorf("programs: tolerance (absolute %v, relative %v): the %s error allowed must be finite (an infinite one accepts every answer)", t.Abs, t.Rel, e.name)
		case e.v < 0:
			return fmt.Errorf("programs: tolerance (absolute %v, relative %v): the %s error allowed must not be negative (0: no %s rule)", t.Abs, t.Rel, e.name, e.name)
		}
	}
	return nil
}

// Game makes g a props.Game. A referee's outcomes must be integers in
// 0..montecarlo.MaxOutcome (a probability's 0 and 1). An expectation's
// brute force gives its answer only, not the outcome distribution that
// report's and simulate's tests of a count need: they say so on every
// input (the CLI refuses them), and check, solve and gen work. A program's
// fault in the middle of a command is the command's error, naming the
// program; a brute force out of time cannot judge the input
// (props.ErrCannotJudge).
func Game(g GameSpec) (props.Game, error) {
	return GameContext(context.Background(), g)
}

// GameContext is Game whose programs run under ctx: once ctx ends (Ctrl-C),
// a program in progress is killed and the call that ran it (Solve, a
// referee's block of Simulate, a draw) returns ctx's error. props.Game's
// methods take no context, so the game keeps this one for its lifetime.
func GameContext(ctx context.Context, g GameSpec) (props.Game, error) {
	pg, err := newProgramGame(ctx, g)
	if err != nil {
		return nil, err
	}
	return props.Define(pg.spec()), nil
}

// programGame is a game defined by programs, with what its draws remember;
// its methods are the props.Spec's functions (spec).
type programGame struct {
	GameSpec
	ctx    context.Context // every program of the game runs under it (GameContext)
	name   string          // the game's name, "programs" for none
	params []props.Param   // the generator's parameters, as props sees them
	// faults holds each drawn input whose generator run went wrong, with
	// what went wrong: the input the validator rejected, or a stand-in
	// (faultInput) when the generator failed or printed nothing. The draw
	// hands it out rather than panicking, for rapid would draw again
	// without a word; the analyst's answer, the referee and Write then
	// refuse it with the fault, so a command meets it on its board, in the
	// boards' order, whatever the number of jobs, and shrinking drops it.
	faults sync.Map
	// rapid's shrinking draws the same arguments again and again; each
	// generator run is a process, so its output is kept by arguments
	// (memo), and so is the case of the arguments (cases), for shrinking.
	// The first draw runs the generator twice (checked): the same arguments
	// must print the same bytes, as stress checks.
	memo, cases sync.Map
	checked     atomic.Bool
}

// newProgramGame checks g and makes it a programGame whose programs run
// under ctx.
func newProgramGame(ctx context.Context, g GameSpec) (*programGame, error) {
	switch {
	case g.Generator == nil || g.Referee == nil || g.Brute == nil:
		return nil, fmt.Errorf("programs: a game needs a generator, a referee and a brute force (the analyst)")
	case g.Quantity != Probability && g.Quantity != Expectation:
		return nil, fmt.Errorf("programs: the kind must be Probability or Expectation")
	}
	name := g.Name
	if name == "" {
		name = "programs"
	}
	if !validName(name) {
		return nil, fmt.Errorf("programs: the game's name %q: one word of letters, digits, '-' and '_' (it names files and --gen NAME.param)", name)
	}
	if err := checkTolerance(g.Tolerance, g.Answer); err != nil {
		return nil, err
	}
	var params []props.Param
	for _, p := range g.Params {
		if p.Lo < math.MinInt32 || p.Hi > math.MaxInt32 {
			return nil, fmt.Errorf("programs: parameter %s: the range %d..%d must lie within 32 bits", p.Name, p.Lo, p.Hi)
		}
		params = append(params, props.Param{Name: p.Name, Doc: fmt.Sprintf("the largest %s the generator is given (from %d)", p.Name, p.Lo),
			Default: int(p.Hi), Min: int(p.Lo), Max: int(p.Hi)})
	}
	if err := checkClasses(g.Classes, g.Params); err != nil {
		return nil, fmt.Errorf("programs: %w", err)
	}
	if err := g.Answer.Validate(); err != nil {
		return nil, fmt.Errorf("programs: %w", err)
	}
	return &programGame{GameSpec: g, ctx: ctx, name: name, params: params}, nil
}

// spec is the game as props defines one, from g's methods.
func (g *programGame) spec() props.Spec[Input] {
	outcome := props.WinLoss
	if g.Quantity == Expectation {
		outcome = props.Count
	}
	spec := props.Spec[Input]{
		Name:       g.name,
		Title:      "a game defined by programs: generator " + g.Generator.String() + ", referee " + g.Referee.String() + ", brute force " + g.Brute.String(),
		Parse:      g.parse,
		Write:      g.write,
		Outcome:    outcome,
		Referee:    g.referee,
		AnswerKind: g.Answer.Kind, Modulus: g.Answer.Modulus,
		// After rapid, whose shrinking keeps SEED while it lowers a
		// parameter (and a generator draws another input at a lower
		// bound), a failure is shrunk as stress shrinks one (shrink.go).
		Simplifiers: []func(Input) []Input{g.simpler},
		// A count line, then up to Tests cases (1: one case an input).
		MaxBoardsPerInput: max(g.Tests, 1),
	}
	// The brute force runs under each board's context: killed at the
	// board's budget (--board-time), not left running unseen.
	spec = spec.WithContext(g.solve, g.answer)
	if g.Validator == nil {
		spec.WrongAnswerNote = UnvalidatedNote
	}
	spec.Tolerance = g.Tolerance // zero for an exact kind (checkTolerance)
	if len(g.Classes) > 0 {
		spec.Classify = g.classOf
		spec.CoverageWith = g.coverageWith
		spec.Coverage = coverageWith(g.Classes, g.Params, nil)
	}
	if len(g.params) > 0 {
		spec.Params, spec.GeneratorWith = g.params, g.generator
	} else {
		spec.Generator = g.generator(nil)
	}
	return spec
}

// validName reports whether name can name a game: one word of letters,
// digits, '-' and '_'.
func validName(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
