package cli

import (
	"errors"
	"fmt"
	"math"
	"os/exec"
	"runtime"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/internal/safefile"
	"github.com/chancecheck/chancecheck/programs"
	"github.com/chancecheck/chancecheck/props"
	"github.com/spf13/cobra"
)

// stressOptions are the flags of `chancecheck stress`.
type stressOptions struct {
	roleFlags
	solver                   string
	cases                    int
	runs                     int64
	seed                     uint64
	alpha                    float64
	minOutcome, maxOutcome   float64
	tolerance                float64
	timeout, bruteTimeout    time.Duration
	idle                     time.Duration
	programTimeout           time.Duration
	memory                   string
	shrinkTries, shrinkSeeds int
	shrinkTime               time.Duration
	writesTests              bool
	json                     bool
	out                      string
	jobs                     int
	solverDistribution       bool
	bruteDistribution        bool
	minJudged                float64
	climb                    string
	failAbove                float64
	answer                   answerOptions
}

func (o stressOptions) closestLimits() closestLimits {
	return closestLimits{timeout: o.timeout, memory: o.memory, failAbove: o.failAbove}
}

// defaultStressAlpha is stress's false-alarm budget: a stress loop is run
// often, by hand, so 1e-3 a run; report and check's 1e-6 costs some power.
const defaultStressAlpha = 1e-3

func (app App) newStressCommand() *cobra.Command {
	var o stressOptions
	cmd := &cobra.Command{
		Use:   "stress --generator 'CMD' --referee 'CMD' [--brute 'CMD'] --solver 'CMD' --kind probability|expectation",
		Short: "Stress a solver against a game defined by programs in any language: a generator, a referee, a brute force",
		Long: `stress needs no Go: the game is defined by programs, in the testlib convention
(docs/programs.md has their protocol and templates in C++ and Python):

  --generator 'CMD'  run as CMD SEED name=value ...: prints one input; the
                   same arguments must print the same bytes (--gen, its
                   former name, still works)
  --referee 'CMD'  run as CMD SEED RUNS, the input on stdin: plays the literal
                   rules RUNS times and prints the outcomes, one a line, or
                   "outcome count" lines (a probability's outcomes: 1 yes, 0 no)
  --brute 'CMD'    optional, the input on stdin: prints the exact answer
  --validator 'CMD'  optional, the input on stdin: exits 0 when it is valid
                   (testlib's validators); an input it rejects stops the run
                   as the generator's fault
  --solver 'CMD'   the input on stdin: prints its answer

Each of --cases inputs comes from the generator with a SEED of its own and
each parameter of --params ('n=1..30 k=0..5': a range, or a value 'm=7')
drawn uniformly from its range. The solver is judged against the brute
force, where given, by the judge's rule (--tolerance, absolute or relative),
and against --runs runs of the referee statistically:

  probability   the exact two-sided binomial test (Clopper–Pearson) of the
                referee's wins against the solver's answer
  expectation   Hoeffding's and the empirical Bernstein bound (Maurer–Pontil)
                on the mean, each at half the check's share; they hold by a
                theorem for outcomes in [--min-outcome, --max-outcome], the
                assumption you state: a referee outcome outside it is the
                referee's fault

  --solver-distribution  for an expectation: the solver prints, after its
                answer, its distribution of the outcome ("outcome
                probability" lines, integer outcomes); the referee's outcomes
                are tested against that whole distribution by the DKW
                inequality (Massart's constant), which holds for any
                distribution: no range is needed, and the probability mass
                the solver leaves out is allowed for

The answer's kind (--answer): a float within --tolerance (the default), or
an exact integer, a fraction p/q, or a residue modulo a prime (--modulus P,
as "print p·q⁻¹ modulo 998244353" asks), compared exactly with the brute
force's, which prints p/q or an integer (a residue there is taken as is). A
relative tolerance never accepts two different integers. With no brute
force, a residue is read back as the one fraction p/q with q at most
--max-denominator (by default the largest that keeps the chance of a
coincidence at one in a million an input), which the referee then judges;
a residue that reads back as none is not judged (counted apart, never a
pass nor a failure). docs/programs.md says what such a verdict assumes.

Where a brute force answers, the referee is tested against it instead (but
against the solver's distribution with --solver-distribution): a
disagreement there blames the referee or the brute force, never the solver.
The hypothesis of each test is "the true value is within the tolerance of
the answer".

One false-alarm budget --alpha covers the run (Bonferroni): half over the
cases, one check each; half over re-confirming and shrinking, one share a
try (--shrink-tries + 1). The output states the split and the smallest
difference each check could see (detected with probability about 1/2).

--climb (default all): every other case from the 10th on may be drawn near
the best so far — its parameters moved toward their limits or neighbours —
toward a higher error score, more CPU time or a higher memory peak, as
check climbs; the output says which cases were climbed and which search
found a failure. --climb none draws uniform cases only.

--jobs cases are judged at once (one per CPU by default); the run stops at
the first failure, the lowest failing case whatever --jobs is. A
statistical failure is re-confirmed on fresh referee runs first; one that
does not reproduce is reported as such, not as a bug. Then the failure is
shrunk: each parameter in turn is lowered to the low end of its range,
lo+1, lo+2, lo+3 and points halfway closer (..., v−1), at the same SEED and
--shrink-seeds−1 others, then other seeds at the point reached; stress
moves to the first that still fails the same way with a smaller input
(shorter, or as long and first byte by byte) and starts again. An input seen before is not judged again, and each
statistical try runs the referee afresh. stress prints the input, the
answers, and one-line reproductions.

Time limits are CPU time, as for check: each program run is also stopped
at an idleness limit of wall-clock time (5 times its time limit, at least
10s more; the solver's is --idle-timeout), the idleness limit verdict.
Faults are classified as check does (time limit, idleness limit, crash,
output format, memory limit) and named for the program: a fault of the generator, the
referee or the brute force stops the run (exit 2) and is never the solver's.
A brute force out of time (--brute-timeout) is skipped on that input: it is
for small ones.

Before the solver is blamed for a crash, a limit or its output's format on
an input, and when no validator checked the input, the brute force and the
referee are run on it: when all of them fail on it too, no program takes
it, and the generator is blamed (its output is likely not a valid input).
A brute force that disagrees with the solver (or the referee) is run again
on the input: one that changes its answer is "inconsistent", its fault,
not the solver's. An interrupt (Ctrl-C, SIGTERM) is no verdict on anyone:
the run says it was interrupted, with what it had found.

Nothing passes that was not judged: a run that judged fewer than
--min-judged (0.5) of its --cases (by the brute force or the referee) ends
TOO FEW JUDGED ("judged 26 of 100: too few to pass"), exit 2, and names the
parameter values never judged ("no input with n ≥ 3 was judged").

--tests K (K ≥ 2): the solver and the brute force read a count line t,
then t cases, and print one answer line a case; up to K generated cases
are packed an input, and the referee plays each case alone. A case that
fails in a pack is judged again alone, under a count line of 1.
--generator-writes-tests takes a generator that prints t test cases
itself (a count line, then t cases of as many lines each): its output is
the solver's and the brute force's input, split by lines for the referee.
--out DIR writes the first failure's counterexample.in and .ans.
docs/contest-problems.md says more.

Closest calls: every run, a pass too, ends with the answers nearest to
failing — against the brute force as an error score (0.93 of the
tolerance; an exact answer's is 0 or ∞), or, where the referee judged the
answer itself, how far its test went toward rejecting (ln p / ln α) — and
the solver runs nearest to --timeout and --memory. --out DIR writes the
worst of each (closest.in, with the brute force's answer in closest.ans;
slowest.in; hungriest.in); --fail-above 0.5 fails a solver whose worst
answer is above half the tolerance.

Exit status: 0 every case agreed (or a failure did not reproduce), 1 a
failure of the solver was found, 2 bad options, a program that cannot be
started, a fault of the generator, the referee or the brute force (the
referee and the brute force disagreeing among them), or too few cases
judged, 130 interrupted.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			o.answer.toleranceSet = cmd.Flags().Changed("tolerance")
			return runStress(cmd, o)
		},
	}
	f := cmd.Flags()
	o.answer.register(f, true)
	o.roleFlags.register(f, stressRoleHelp)
	f.StringVar(&o.solver, "solver", "", "the solver's command line, the input on stdin")
	f.IntVar(&o.cases, "cases", 100, "inputs to judge")
	f.Int64Var(&o.runs, "runs", 20000, "referee runs per statistical check")
	f.Uint64Var(&o.seed, "seed", 1, "the run's seed: the same seed draws the same cases and referee seeds")
	f.Float64Var(&o.alpha, "alpha", defaultStressAlpha, "the run's false-alarm budget, split over every statistical check")
	f.Float64Var(&o.minOutcome, "min-outcome", 0, "expectation: the least outcome the referee can print (the test's stated assumption)")
	f.Float64Var(&o.maxOutcome, "max-outcome", 0, "expectation: the largest outcome the referee can print (required: the test's stated assumption)")
	f.Float64Var(&o.tolerance, "tolerance", props.DefaultTolerance, "the judge's rule: absolute or relative error allowed")
	f.DurationVar(&o.timeout, "timeout", 2*time.Second, "CPU time limit of one solver run (user and system time of it and every process it starts)")
	f.DurationVar(&o.idle, "idle-timeout", 0, "wall-clock limit of one solver run, for a solver that sleeps or waits (default: 5 × --timeout, at least --timeout + 10s)")
	f.DurationVar(&o.bruteTimeout, "brute-timeout", 10*time.Second, "CPU time limit of one brute-force run; past it the input is judged without it")
	f.DurationVar(&o.programTimeout, "program-timeout", time.Minute, "CPU time limit of one generator or referee run")
	f.StringVar(&o.memory, "memory", "", "memory limit of one solver run, as 256MB or 256MiB (Linux; the whole process tree where a cgroup's memory controller is delegated, else each process on its own; default: none)")
	f.IntVar(&o.shrinkTries, "shrink-tries", programs.DefaultShrinkTries, "inputs judged while shrinking at most (each statistical try has a share of the budget)")
	f.IntVar(&o.shrinkSeeds, "shrink-seeds", programs.DefaultShrinkSeeds, "generator seeds tried at each point of the parameter space while shrinking")
	f.BoolVar(&o.writesTests, "generator-writes-tests", false, "the generator prints a count line t, then t test cases of as many lines each: the solver and the brute force read its output whole and print one answer line a case; the referee and the validator read each case alone (not with --tests)")
	f.DurationVar(&o.shrinkTime, "shrink-time", programs.DefaultShrinkTime, "time for shrinking, counted as the CPU time of the programs it runs (a loaded machine does not starve it), and at most 10 times as much wall-clock time: no try starts after it")
	f.BoolVar(&o.solverDistribution, "solver-distribution", false, "expectation: the solver prints its distribution of outcomes after its answer (\"outcome probability\" lines); the referee is tested against it (DKW), with no range of outcomes needed")
	f.BoolVar(&o.bruteDistribution, "brute-distribution", false, "expectation: the brute force prints its distribution of outcomes after its answer (\"outcome probability\" lines); the referee is tested against it (DKW), with no range of outcomes needed")
	f.IntVar(&o.jobs, "jobs", runtime.NumCPU(), "cases judged at once (the output does not depend on it)")
	minJudgedFlag(f, &o.minJudged)
	f.StringVar(&o.climb, "climb", "", "targets part of the cases climb toward, drawn near the best so far with the generator's parameters moved: error, time, memory, size (joined by commas), all or none (uniform cases only); default: all, or none with --tests above 1 or --generator-writes-tests (one run holds several cases); see docs/programs.md")
	f.BoolVar(&o.json, "json", false, "print the outcome as JSON on stdout")
	f.Float64Var(&o.failAbove, "fail-above", 0, failAboveHelp)
	f.StringVar(&o.out, "out", "", "directory for the first failure's counterexample.in (the input as the solver read it) and counterexample.ans (the brute force's answer, where it gave one); default: none written")
	return cmd
}

// checkTolerance refuses a float answer's --tolerance that is not positive
// and finite, saying what is wrong with the value given (an exact answer
// is compared exactly, and has none: answerOptions.rule).
func checkTolerance(t float64) error {
	const exact = "an exact answer is compared exactly: --answer integer, fraction or residue"
	switch {
	case math.IsNaN(t):
		return usagef("--tolerance %v is not a number: a float answer is judged within a positive, finite tolerance", t)
	case math.IsInf(t, 1):
		return usagef("--tolerance %v must be finite: an infinite tolerance accepts every answer", t)
	case t <= 0:
		return usagef("--tolerance %v must be positive: a float answer is judged within it, and no float is exact (%s)", t, exact)
	}
	return nil
}

// stressSetup turns the options into a Stress.
func stressSetup(o stressOptions) (*programs.Stress, error) {
	var kind programs.Quantity
	switch o.kind {
	case "probability":
		kind = programs.Probability
	case "expectation":
		kind = programs.Expectation
	case "":
		return nil, usagef("--kind probability|expectation is required")
	default:
		return nil, usagef("--kind %q: want probability or expectation", o.kind)
	}
	switch {
	case strings.TrimSpace(o.generator) == "", strings.TrimSpace(o.referee) == "", strings.TrimSpace(o.solver) == "":
		return nil, usagef("--generator, --referee and --solver are required")
	case o.cases < 1, o.runs < 1:
		return nil, usagef("--cases and --runs must be at least 1")
	case !(o.alpha > 0 && o.alpha < 1):
		return nil, usagef("--alpha must be between 0 and 1")
	case o.timeout <= 0 || o.bruteTimeout <= 0 || o.programTimeout <= 0:
		return nil, usagef("--timeout, --brute-timeout and --program-timeout must be positive: a program with no time limit could run forever")
	case o.idle < 0 || o.shrinkTime < 0:
		return nil, usagef("--idle-timeout and --shrink-time must not be negative")
	case o.idle > 0 && o.idle < o.timeout:
		return nil, usagef("--idle-timeout (%v) must not be below --timeout (%v): a solver that works would be stopped as idle before it could use its CPU time", o.idle, o.timeout)
	case o.jobs < 1:
		return nil, usagef("--jobs must be at least 1")
	case o.tests < 1:
		return nil, usagef("--tests must be at least 1 (1: one case an input, with no count line)")
	case o.tests > 1 && o.writesTests:
		return nil, usagef("--tests %d packs the generator's cases, and --generator-writes-tests takes a generator that packs its own: give one of them", o.tests)
	case o.writesTests && (o.solverDistribution || o.bruteDistribution):
		return nil, usagef("--generator-writes-tests: a distribution takes several lines an answer, which one answer line a case cannot split: use a generator of one case with --solver-distribution or --brute-distribution")
	case o.tests > 1 && (o.solverDistribution || o.bruteDistribution):
		return nil, usagef("--tests %d: a distribution takes several lines an answer, which one answer line a case cannot split: use --tests 1 with --solver-distribution or --brute-distribution", o.tests)
	case o.shrinkTries < 0 || o.shrinkSeeds < 0:
		return nil, usagef("--shrink-tries and --shrink-seeds must not be negative")
	case o.solverDistribution && kind != programs.Expectation:
		return nil, usagef("--solver-distribution goes with --kind expectation")
	case o.bruteDistribution && (kind != programs.Expectation || strings.TrimSpace(o.brute) == "" || o.solverDistribution):
		return nil, usagef("--brute-distribution goes with --kind expectation and --brute, and not with --solver-distribution")
	case kind == programs.Expectation && !o.solverDistribution && !o.bruteDistribution && !(o.maxOutcome > o.minOutcome):
		return nil, usagef("--kind expectation needs --max-outcome B above --min-outcome (default 0): the range of the referee's outcomes is the assumption its test rests on (or --solver-distribution)")
	}
	if err := checkMinJudged(o.minJudged); err != nil {
		return nil, err
	}
	if err := failAboveUsage(o.failAbove); err != nil {
		return nil, err
	}
	rule, err := o.answer.rule()
	if err != nil {
		return nil, err
	}
	// --tolerance and --solver-distribution are a float answer's; an exact
	// kind is compared exactly, with no tolerance (programs.Game refuses one).
	var tolerance props.Tolerance
	switch {
	case !rule.Kind.Exact():
		if err := checkTolerance(o.tolerance); err != nil {
			return nil, err
		}
		tolerance = props.Tolerance{Abs: o.tolerance, Rel: o.tolerance}
	case o.solverDistribution:
		return nil, usagef("--solver-distribution goes with a float answer, not %s", rule)
	}
	params, err := programs.ParseParams(o.params)
	if err != nil {
		return nil, usagef("--%v", err)
	}
	climb, err := o.climbTargets()
	if err != nil {
		return nil, err
	}
	memory, err := memoryLimit(o.memory)
	if err != nil {
		return nil, err
	}
	command := func(flag, line string, timeout time.Duration) (*programs.Command, error) {
		c, err := programs.NewCommand(line, timeout)
		if err != nil {
			return nil, usagef("--%s: %v", flag, err)
		}
		// A program that cannot start is a usage error before any run, not
		// a fault found on some input.
		if _, err := exec.LookPath(c.Argv[0]); err != nil {
			return nil, usagef("--%s: a program %v: %v", flag, props.ErrStart, err)
		}
		return c, nil
	}
	s := &programs.Stress{GameSpec: programs.GameSpec{Quantity: kind, Params: params, Tolerance: tolerance,
		Tests: o.tests, BruteDistribution: o.bruteDistribution, Answer: rule}, Cases: o.cases, Runs: o.runs, Seed: o.seed, Alpha: o.alpha,
		MinOutcome: o.minOutcome, MaxOutcome: o.maxOutcome,
		ShrinkTries: o.shrinkTries, ShrinkSeeds: o.shrinkSeeds, ShrinkTime: o.shrinkTime, Jobs: o.jobs, GeneratorWritesTests: o.writesTests,
		SolverDistribution: o.solverDistribution, MaxDenominator: o.answer.maxDenominator,
		MinJudged: o.minJudged, Climb: climb}
	if rule.ReadsBack() && !(o.bruteDistribution && !(o.maxOutcome > o.minOutcome)) {
		if _, err := s.Bounds(); err != nil {
			flag := "--modulus"
			if o.answer.maxDenominator > 0 {
				flag = "--max-denominator"
			}
			return nil, usagef("%s: %v", flag, err)
		}
	}
	gen, err := command(generatorFlag, o.generator, o.programTimeout)
	if err != nil {
		return nil, err
	}
	ref, err := command("referee", o.referee, o.programTimeout)
	if err != nil {
		return nil, err
	}
	sol, err := command("solver", o.solver, o.timeout)
	if err != nil {
		return nil, err
	}
	sol.Memory, sol.Idle = memory, o.idle
	s.Generator, s.Referee, s.Solver = gen, ref, sol
	if strings.TrimSpace(o.brute) != "" {
		brute, err := command("brute", o.brute, o.bruteTimeout)
		if err != nil {
			return nil, err
		}
		s.Brute = brute
	}
	if strings.TrimSpace(o.validator) != "" {
		validator, err := command("validator", o.validator, o.programTimeout)
		if err != nil {
			return nil, err
		}
		s.Validator = validator
	}
	return s, nil
}

func runStress(cmd *cobra.Command, o stressOptions) error {
	s, err := stressSetup(o)
	if err != nil {
		return err
	}
	if o.out != "" {
		if err := safefile.CheckDir("--out", o.out); err != nil {
			return usageError{err} // before the run, not after it
		}
	}
	stop := func() {}
	if !o.json {
		var progress func(string, int, int)
		progress, stop = newReportProgress(cmd.ErrOrStderr())
		if progress != nil {
			s.Progress = func(done, cases int) { progress("stress", done, cases) }
		}
	}
	outcome, err := s.Run(cmd.Context())
	stop()
	if err != nil {
		if errors.Is(err, props.ErrStart) {
			return usageError{err}
		}
		return err
	}
	w := cmd.OutOrStdout()
	files, writeErr := writeStressCounterexample(o.out, s, outcome)
	closest, closestErr := writeClosestFiles(o.out, &outcome.Closest, stressAnswer)
	limits := o.closestLimits()
	above := limits.above(&outcome.Closest)
	if o.json {
		if err := writeStressJSON(w, s, outcome, files, newClosestJSON(limits, &outcome.Closest, closest)); err != nil {
			return err
		}
	} else {
		tw := terminalSafe(w)
		writeStressText(tw, s, outcome)
		if above != nil && stressPassed(outcome) {
			fmt.Fprintf(tw, "ABOVE --fail-above %g: the worst answer is %s, on %s: FAILED\n", o.failAbove, above.ScoreText(outcome.Closest.Exact), above.Source)
		}
		writeClosestText(tw, limits, &outcome.Closest, closest)
		writeStressFiles(w, files)
	}
	if writeErr != nil {
		return fmt.Errorf("the counterexample files could not be written (the verdict is above): %w", writeErr)
	}
	if closestErr != nil {
		return fmt.Errorf("the closest calls' files could not be written (the verdict is above): %w", closestErr)
	}
	switch {
	case outcome.Fault != nil && outcome.Failed():
		// The solver's failure stands (exit 1), beside the other's fault.
		return fmt.Errorf("stress stopped: the solver failed (%s), and so did the %s (%s) on the same input", outcome.First.Verdict, outcome.Fault.Role, outcome.Fault.Verdict)
	case outcome.Fault != nil:
		if a := outcome.Fault.Assumption; a != "" {
			return programError{fmt.Errorf("stress stopped: the stated assumption %s failed (an outcome outside it): the solver is not blamed", a)}
		}
		if outcome.Fault.Inconsistent {
			return programError{fmt.Errorf("stress stopped: the %s is inconsistent: the solver is not blamed", outcome.Fault.Role)}
		}
		return programError{fmt.Errorf("stress stopped: the %s failed (%s): the solver is not blamed", outcome.Fault.Role, outcome.Fault.Verdict)}
	case outcome.Failed() && outcome.First.Kind == programs.ProgramsDisagree:
		// An oracle is at fault, the referee or the brute force: not the
		// solver, and no failure of it (exit 2).
		return programError{errors.New("stress stopped: the referee and the brute force disagree: one of them is wrong, and the solver is not blamed")}
	case outcome.Failed():
		return errCheckFailed
	case outcome.Interrupted:
		return errInterrupted
	case outcome.NothingJudged():
		return programError{fmt.Errorf("stress could not judge the solver: nobody could judge any of the %d case(s)", outcome.Judged)}
	case outcome.TooFewJudged():
		return tooFewJudgedError("stress", outcome.Share, outcome.NeverJudged)
	case above != nil:
		return errCheckFailed
	}
	return nil
}

// stressPassed reports whether every case judged agreed, with no fault,
// interruption or shortfall of judged cases: the verdict --fail-above can
// still turn into a failure.
func stressPassed(o *programs.Result) bool {
	return o.Fault == nil && !o.Failed() && !o.Interrupted && !o.NothingJudged() && !o.TooFewJudged()
}

// stressAnswer is the brute force's answer to a closest call's case, as
// counterexample.ans holds it (the answer of the run's kind programs puts
// in Ours.Exact); nil for a case the referee judged.
func stressAnswer(c props.CloseCall) []byte {
	if c.Against != props.AgainstBrute {
		return nil
	}
	return []byte(c.Ours.Exact.Text(12) + "\n")
}

// climbTargets are --climb's targets: by default every one, or none where
// a solver run holds several cases (--tests above 1,
// --generator-writes-tests), which climbing cannot take apart.
func (o *stressOptions) climbTargets() (props.Target, error) {
	packed := o.tests > 1 || o.writesTests
	if o.climb == "" {
		if packed {
			return 0, nil
		}
		return props.ClimbAll, nil
	}
	t, err := props.ParseTargets(o.climb)
	switch {
	case err != nil:
		return 0, usagef("--climb: %v", err)
	case t != 0 && packed:
		return 0, usagef("--climb %s: a run of several cases (--tests above 1, --generator-writes-tests) does not climb: give --climb none", o.climb)
	}
	return t, nil
}
