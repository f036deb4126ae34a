package programs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/internal/solverproc"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
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
	if g.Answer.Kind.Exact() {
		if err := g.Answer.Validate(); err != nil {
			return nil, fmt.Errorf("programs: %w", err)
		}
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
		Solve:      g.solve,
		Answer:     g.answer,
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
	if g.Validator == nil {
		spec.WrongAnswerNote = UnvalidatedNote
	}
	if !g.Answer.Kind.Exact() {
		spec.Tolerance = g.Tolerance
	}
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

// drawnFault is what went wrong drawing in, or nil (faults).
func (g *programGame) drawnFault(in Input) error {
	if err, ok := g.faults.Load(in); ok {
		return err.(error)
	}
	return nil
}

// answer is the analyst: the brute force's answer to in.
func (g *programGame) answer(in Input) (props.Solution, error) {
	if err := g.drawnFault(in); err != nil {
		return props.Solution{}, err
	}
	out, fault, err := run(g.ctx, RoleBrute, g.Brute, nil, g.packed([]Input{in}))
	if err != nil && g.ctx.Err() != nil {
		return props.Solution{}, fmt.Errorf("the brute force %s: %w", g.Brute, err) // an interruption is no verdict
	}
	if err == nil && saysNothing(fault) {
		// A brute force is for small inputs: out of time (or idle), or
		// saying it cannot judge this one (cannotjudge.go), it does not
		// judge it, which is nobody's fault (check skips it).
		return props.Solution{}, sayNothingError("the brute force "+g.Brute.String(), fault)
	}
	if err == nil && fault != nil {
		err = fault
	}
	var sol props.Solution
	if err == nil {
		sol, err = bruteSolution(g.GameSpec, out)
	}
	if err != nil && !errors.Is(err, props.ErrStart) && !errors.Is(err, props.ErrCannotJudge) {
		// Before the brute force is blamed: an input the referee
		// fails on too is one no program takes, the generator's.
		if blame := noProgramTakes(g.ctx, g.GameSpec, in, err); blame != nil {
			return props.Solution{}, blame
		}
	}
	if err != nil {
		return props.Solution{}, err
	}
	sol.Oracle = "the brute force " + g.Brute.String()
	return sol, nil
}

// solve is the answer, which for an exact kind must come with its
// fraction.
func (g *programGame) solve(in Input) (props.Solution, error) {
	sol, err := g.answer(in)
	if err == nil && g.Answer.Kind.Exact() && sol.Fraction == nil {
		err = fmt.Errorf("the brute force %s printed the residue %s, whose fraction is unknown: %w (have it print p/q)", g.Brute, sol.Exact, props.ErrCannotJudge)
	}
	return sol, err
}

// parse reads a file as one input.
func (g *programGame) parse(r io.Reader, file string) ([]Input, error) {
	return parseInput(g.ctx, r, file, g.Validator)
}

// write prints in's one input as the generator printed it, or with Tests
// above 1 a count line and each input.
func (g *programGame) write(w io.Writer, in []Input) error {
	for _, b := range in {
		if err := g.drawnFault(b); err != nil {
			return err
		}
	}
	_, err := w.Write(g.packed(in))
	return err
}

// packed is what the solver and the brute force read for in: its one
// input as printed, or with Tests above 1 a count line and each input.
func (g *programGame) packed(in []Input) []byte {
	if g.Tests <= 1 {
		return []byte(in[0].Text)
	}
	inputs := make([][]byte, len(in))
	for i, b := range in {
		inputs[i] = []byte(b.Text)
	}
	return packInput(inputs)
}

// referee plays in by the referee program.
func (g *programGame) referee(in Input) (func() montecarlo.Player, error) {
	if err := g.drawnFault(in); err != nil {
		return nil, err
	}
	return batchPlayers(g.ctx, g.Referee, in), nil
}

// classOf is in's coverage class.
func (g *programGame) classOf(in Input) string { return classify(g.Classes, in) }

// coverageWith is the coverage goals under the parameters' values.
func (g *programGame) coverageWith(values map[string]int) []props.ClassGoal {
	return coverageWith(g.Classes, g.Params, values)
}

// draw is the input the generator prints for c, run once per arguments
// (memo); a generator run that went wrong gives an input with its fault
// (faults).
func (g *programGame) draw(c Case) Input {
	args := c.Args(g.Params)
	key := strings.Join(args, " ")
	if in, ok := g.memo.Load(key); ok {
		return in.(Input)
	}
	input, fault, err := g.generate(g.ctx, c)
	if err == nil && fault == nil && g.checked.CompareAndSwap(false, true) {
		fault, err = g.deterministic(g.ctx, c, input)
	}
	if fault != nil && fault.Input != nil {
		input = fault.Input // the input the validator rejected
	}
	in := Input{Text: string(input), Args: key}
	g.cases.LoadOrStore(key, c)
	if err == nil && fault != nil {
		err = drawFault(commandLine(g.Generator, args), fault)
	}
	if err != nil {
		if input == nil {
			in = faultInput(key)
		}
		g.faults.Store(in, err)
	}
	g.memo.Store(key, in)
	return in
}

// generator draws inputs with each parameter up to its value in values.
func (g *programGame) generator(values map[string]int) *rapid.Generator[Input] {
	return rapid.Custom(func(t *rapid.T) Input {
		c := Case{Seed: int64(rapid.IntRange(1, maxSeed).Draw(t, "seed")), Values: make([]int64, len(g.Params))}
		// A class with a goal is drawn on purpose, often enough to
		// meet it (classes.go); a game without one draws as before.
		aim := aimedClass(g.Classes, g.Params, values, c.Seed)
		for i, p := range g.Params {
			lo, hi := p.Lo, int64(values[p.Name])
			if aim != nil && aim.Param == p.Name {
				lo, hi = max(lo, aim.Lo), min(hi, aim.Hi)
			}
			c.Values[i] = int64(rapid.IntRange(int(lo), int(hi)).Draw(t, p.Name))
		}
		return g.draw(c)
	})
}

// simpler lists inputs simpler than a drawn one: lower values of each
// parameter at several seeds, then other seeds (simplerInputs).
func (g *programGame) simpler(in Input) []Input {
	c, ok := g.cases.Load(in.Args)
	if !ok {
		return nil
	}
	return simplerInputs(g.Params, c.(Case), in, g.draw, g.drawnFault)
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

// noProgramTakes runs the referee on in, which the brute force failed on
// (bruteErr): when the referee fails on it too, no program takes the
// input, and the error returned blames the generator that printed it
// (its Args say with which arguments); nil when the
// referee plays it, and the brute force is to blame, or when it runs out
// of time (or idles) on it, which says nothing of the input (saysNothing),
// as in stress (inputOnTrial).
func noProgramTakes(ctx context.Context, g GameSpec, in Input, bruteErr error) error {
	args := []string{"1", "1"}
	out, fault, err := run(ctx, RoleReferee, g.Referee, args, []byte(in.Text))
	if err != nil || saysNothing(fault) { // out of time, the referee says nothing of the input
		return nil
	}
	why := ""
	switch {
	case fault != nil:
		why = fmt.Sprintf("the referee failed (%s): %s", fault.Verdict, strings.TrimSpace(fault.Detail))
	default:
		if _, perr := outcomeList(out, 1); perr != nil {
			why = "the referee " + perr.Error()
		}
	}
	if why == "" {
		return nil
	}
	gen := "the generator"
	if in.Args != "" {
		gen = commandLine(g.Generator, strings.Fields(in.Args))
	}
	return generatorFault{fmt.Errorf("the generator's fault: no program takes the input of %s: %v, and %s (run with %s); "+
		"its output is likely not a valid input (--validator checks each one)", gen, bruteErr, why, strings.Join(args, " "))}
}

// parseInput reads a whole file as one input; an empty one is an error,
// and so is one the validator, when given, rejects.
// MaxInput is the largest input a game defined by programs takes: the most
// of a program's output that is kept, so the most a generator can give.
const MaxInput = solverproc.MaxStdout

func parseInput(ctx context.Context, r io.Reader, file string, validator Program) ([]Input, error) {
	// Read no more than an input may be, and one byte to tell: a huge file
	// is refused, not held in memory several times over (issue 29: a 100 MB
	// input took 600 MB).
	b, err := io.ReadAll(io.LimitReader(r, MaxInput+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if len(b) > MaxInput {
		return nil, fmt.Errorf("%s: the input is over %s, the most a game defined by programs takes (the most of a generator's output that is kept)",
			file, solverproc.FormatSize(MaxInput))
	}
	if strings.TrimSpace(string(b)) == "" {
		return nil, fmt.Errorf("%s:1: empty input: a game defined by programs takes the generator's output", file)
	}
	if validator != nil {
		fault, err := validateInput(ctx, validator, "", b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		if fault != nil {
			return nil, rejection(file, fault)
		}
	}
	return []Input{{Text: string(b)}}, nil
}

// batchPlayers adapts a referee program to montecarlo's players, which
// play one game per call: a player runs the referee for a whole block of
// montecarlo.BlockRuns games at once, seeded by the block's stream, and
// hands the outcomes out in a random order drawn from the same stream.
// montecarlo.Run gives each
// worker's player whole blocks, BlockRuns games each but the last, which
// only the last block's player leaves unfinished; so the block's outcomes
// depend on the block's stream alone, whatever the number of workers.
func batchPlayers(ctx context.Context, referee Program, in Input) func() montecarlo.Player {
	return func() montecarlo.Player {
		var buf []int
		return func(rng *rand.Rand) (int, error) {
			if len(buf) == 0 {
				seed := int64(rng.Uint64()%maxSeed) + 1
				args := []string{strconv.FormatInt(seed, 10), strconv.Itoa(montecarlo.BlockRuns)}
				out, fault, err := run(ctx, RoleReferee, referee, args, []byte(in.Text))
				if err == nil && saysNothing(fault) {
					// Too big to simulate, or one the referee says it cannot
					// judge: the board is not played, which is nobody's
					// fault (as in stress).
					return 0, sayNothingError("the referee "+commandLine(referee, args), fault)
				}
				if err == nil && fault != nil {
					err = fault
				}
				if err != nil {
					return 0, err
				}
				if buf, err = outcomeList(out, montecarlo.BlockRuns); err != nil {
					return 0, fmt.Errorf("the referee %s: %w", commandLine(referee, args), err)
				}
				// The last block takes a prefix of the list, and a histogram
				// lists its outcomes in order: shuffled, a prefix of iid
				// outcomes is iid (they are exchangeable).
				rng.Shuffle(len(buf), func(i, j int) { buf[i], buf[j] = buf[j], buf[i] })
			}
			o := buf[0]
			buf = buf[1:]
			return o, nil
		}
	}
}

// outcomeList reads a referee's output as integer outcomes in the order
// printed, each "outcome count" line expanded; there must be runs of them.
func outcomeList(out []byte, runs int) ([]int, error) {
	list := make([]int, 0, runs)
	if _, err := integerOutcomes(out, int64(runs), "a count", func(x int, count int64) {
		for range count {
			list = append(list, x)
		}
	}); err != nil {
		return nil, err
	}
	return list, nil
}

// exactSolution reads an exact brute force's answer (p/q or an integer):
// the fraction, or for a residue printed as such, the residue alone.
func exactSolution(g GameSpec, out []byte) (props.Solution, error) {
	v, x, err := exactBruteAnswer(g.Answer, out)
	switch {
	case errors.Is(err, answer.ErrNoResidue):
		return props.Solution{}, fmt.Errorf("the brute force %s: %w: %w (the problem promises a denominator prime to the modulus)", g.Brute, props.ErrCannotJudge, err)
	case err != nil:
		return props.Solution{}, fmt.Errorf("the brute force %s: %w", g.Brute, err)
	case x == nil:
		return props.Solution{Exact: v}, nil
	}
	f, _ := x.Float64()
	return props.Solution{Value: f, Fraction: x, Exact: v}, nil
}

// distributionSolution reads a brute force's answer and distribution
// (GameSpec.BruteDistribution), as stress does.
func distributionSolution(g GameSpec, out []byte) (props.Solution, error) {
	b, d, fault := g.readBruteDistribution(out)
	if fault != nil {
		return props.Solution{}, fault
	}
	sol := props.Solution{Value: d.Answer, Fraction: b.frac, Exact: b.value, PMF: d.PMF, PMFTail: d.Tail}
	if !g.Answer.Kind.Exact() {
		sol.Exact = answer.Value{}
	}
	return sol, nil
}

// bruteSolution reads the brute force's output as the game's kind of
// answer: a decimal number, an exact answer (exactSolution), or either with
// its distribution (distributionSolution).
func bruteSolution(g GameSpec, out []byte) (props.Solution, error) {
	switch {
	case g.BruteDistribution:
		return distributionSolution(g, out)
	case g.Answer.Kind.Exact():
		return exactSolution(g, out)
	}
	v, err := props.ParseAnswerLines(out, 1, props.OneNumber)
	if err != nil {
		return props.Solution{}, fmt.Errorf("the brute force %s: %w", g.Brute, err)
	}
	return props.Solution{Value: v[0]}, nil
}
