package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/internal/safefile"
	"github.com/chancecheck/chancecheck/internal/solverproc"
	"github.com/chancecheck/chancecheck/props"
	"github.com/spf13/cobra"
)

// checkOptions are the flags of `chancecheck check`.
type checkOptions struct {
	solver        string
	cases         int
	seed          uint64
	time          time.Duration
	boardTime     time.Duration
	timeout       time.Duration
	idle          time.Duration
	batch         int
	fullPrecision bool
	out           string
	keepGoing     bool
	climb         string
	json          bool
	shrinkTime    time.Duration
	jobs          int
	memory        string
	alpha         float64
	minJudged     float64
	shard         string
	failAbove     float64
	lookupEnv     func(string) (string, bool) // --shard auto's environment: App.lookupEnv
	gen           oneGameGenFlags
	engine        engineFlags
}

// minMemory is the smallest --memory. The solver is started through this
// program, which sets the limit and execs it; the few megabytes that start
// takes hide the solver's own peak below them, so a limit near them could
// not be judged by the peak.
const minMemory = 16 << 20

func (app App) newCheckCommand() *cobra.Command {
	o := checkOptions{lookupEnv: app.lookupEnv}
	cmd := &cobra.Command{
		Use:   "check GAME --solver 'CMD ARGS...'",
		Short: "Cross-check someone's solver, in any language, and shrink what fails",
		Long: `check runs a solver as a real process, feeding it the game's original input
format on stdin and reading the original output format from stdout, so an
accepted contest solution runs unchanged: first the published samples, then
boards from the game's generator (seeded as '` + app.Name + ` gen'). Each answer is
judged by the game's rule:
` + app.judgeRules() + `NaN, Inf, an empty line or a number glued to garbage is never a pass.

What the defaults do: check spends the whole --time (60s) on generated
boards, --jobs solver processes at once (one per CPU), and stops at the
first failure; --cases N stops after N generated boards if that comes
first, and --keep-going counts every failure until the end instead. The
same --seed checks the same boards and finds the same first failure, the
lowest-numbered board that fails, whatever --jobs is: boards are numbered,
and a board's result counts only once every board before it is judged.

On the first failure the board is shrunk with rapid to a small board that
still fails the same way, re-running the solver, then taken one part at a
time while it still fails. Both steps together take at most --shrink-time
(rapid at most half of it when the game can take parts away: it cannot
make a board smaller than its style draws): no solver run starts after it,
and the output says when it cut shrinking short. The input goes to
DIR/counterexample.in with our answer in DIR/counterexample.ans. A failing
published sample is reported as well, but the search goes on to a generated
board, which can be shrunk. Time limits are not shrunk.
Verdicts: wrong answer, time limit, idleness limit, crash (non-zero exit or
signal), output format, memory limit.

Time is counted as judges count it: --timeout is the CPU time (user and
system) of the solver and every process it starts, so a correct solver on
a busy machine is not failed for the time other work took. A solver that
sleeps or waits is stopped at --idle-timeout of wall-clock time in which
it did no work (by default 5 times --timeout, and at least --timeout +
10s; never below --timeout): the idleness limit. Either way the solver and everything it started are killed (on
Linux a cgroup of its own holds them, where one can be made), and nothing
it started outlives the run. A time limit, idleness limit, crash or output
format is run again with no other solver of this check running (the
analyst's work goes on) before it is reported: a time or idleness limit, or
a kill from outside, that does not recur is the machine's, reported as not
reproduced apart from the failures (neither a failure nor a pass); a crash
or output format that does not recur is the solver's: the verdict flaky. --time
bounds the whole search: solvers still running when it runs out are
killed, and the output says how many inputs that left unjudged. A failure
one of them had seen, being confirmed or not yet judged in its turn, is
NOT CONFIRMED: no pass and no failure of the solver, exit 2.

--memory 256MB (Linux; none by default) runs the solver under that memory
limit: its heap and mapped memory (RLIMIT_DATA) cannot grow past it, so an
allocation beyond it fails in the solver. A run is a memory limit when its
peak resident memory exceeds the limit, or when it was killed by a signal
and its static arrays (an ELF program's writable segments) exceed the
limit, which Linux refuses at exec, or when it crashed and its stderr
says an allocation failed (bad_alloc, "out of memory", MemoryError, ...),
or its peak reached 90% of the limit, or, run again under the limit plus
1 GiB (or 4 times it), it does not crash; any other crash stays a crash.
MB is 10^6 bytes, MiB 2^20 (judges mostly mean MiB). A Go solver needs
some 40 MB of the limit before its main runs.

Coverage: each of the game's coverage goals (a class of boards with a
least share) is tested on the boards generated, by a one-sided exact
binomial test at the end of the run within the false-alarm budget --alpha,
split equally over the goals. A rejected goal fails the check
("under-covered"); a goal the run had too few boards to judge is said so,
never "ok".

--shard i/n (with --cases N) checks only the generated boards numbered
k ≡ i−1 (mod n), the same boards as a single run has there, the samples in
shard 1, and shrinks its own first failure; '` + app.Name + ` check merge FILE...'
joins the shards' --json outputs into the verdict of the single run: the
first failure by board index, counts summed.
` + shardAutoHelp + `

--gen and --limits set the generator's parameters, as for gen: the boards
drawn depend on them and on --seed` + app.genExample() + `. The output states them.

A run that stops before the --cases asked for says so in its verdict line
("14 of 100 asked (--time ran out)"). Nothing passes that was not judged: a
run that judged fewer than --min-judged (0.5) of the generated boards asked
for (or drawn, with --time alone), or none, ends TOO FEW JUDGED ("judged 14
of 100: too few to pass"), exit 2, and names a coverage class of which no
board was judged. A board no oracle can judge (the
analyst refuses it: past its limits) is skipped and counted on a "not
judged" line, never the solver's failure and never a pass. An analyst that
disagrees with the solver is asked again: one that changes its answer (a
programs game's brute force) is named, not the solver. An interrupt
(Ctrl-C, SIGTERM) is no verdict: the run says INTERRUPTED, with what it had
found, and a solver the interrupt killed is not a crash.

Closest calls: every run, a pass too, ends with the answers nearest to
the judge's tolerance (the error score: |theirs − ours| over the error the
judge accepts there, so 1 is the edge; an exact kind of answer is right or
wrong, 0 or ∞), the solver runs with the most CPU time against --timeout
and the highest peak memory; with --out, the worst of each goes to
DIR/closest.in (our answer in closest.ans), slowest.in and hungriest.in.
--fail-above 0.5 fails a solver whose worst answer is above half the
tolerance. The error list is the same for the same --seed and --cases
whatever --jobs is; the time and memory figures are measurements.

Exit status: 0 every case agreed (and no class was under-covered), 1 a
failure was found, a class was under-covered or an answer was above
--fail-above, 2 bad options, a solver that cannot be started or an
inconsistent analyst, too few boards judged (--min-judged) or a failure
not confirmed when --time ran out, 130 interrupted with no failure found.

Games:
` + app.gamesHelp() + "\n" + app.paramsHelp(),
		Args: app.argsBetween(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, g, err := app.game(args)
			if err != nil {
				return err
			}
			if g, err = o.engine.apply(g); err != nil {
				return err
			}
			if g, err = o.gen.apply(app, g); err != nil {
				return err
			}
			return app.runCheck(cmd, g, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.solver, "solver", "", "the solver's command line, split like a shell's (quotes, backslashes; no expansions, pipes or redirections: sh -c '...' for those)")
	f.IntVar(&o.cases, "cases", 0, "stop after this many generated boards, if --time has not run out first (0: no limit)")
	f.Uint64Var(&o.seed, "seed", 1, "generator seed: the same seed checks the same boards")
	f.DurationVar(&o.time, "time", 60*time.Second, "time for the search, samples included (0: no limit; then --cases is needed)")
	f.DurationVar(&o.boardTime, "board-time", 0, "time the analyst may take on one board: a board past it is skipped and counted as not judged (0: a quarter of --time, no limit without --time)")
	f.IntVar(&o.jobs, "jobs", runtime.NumCPU(), "solver processes running at once")
	f.StringVar(&o.memory, "memory", "", "memory limit of one solver run, as 256MB or 256MiB (Linux; the whole process tree where a cgroup's memory controller is delegated, else each process on its own; default: none)")
	f.Float64Var(&o.alpha, "alpha", props.DefaultCoverageAlpha, "false-alarm budget of the coverage test, split over the game's goals")
	f.DurationVar(&o.timeout, "timeout", 2*time.Second, "CPU time limit of one solver run: user and system time of the solver and every process it starts (must be positive)")
	f.DurationVar(&o.idle, "idle-timeout", 0, "wall-clock limit of one solver run, for a solver that sleeps or waits (default: 5 × --timeout, at least --timeout + 10s)")
	f.IntVar(&o.batch, "batch", 0, fmt.Sprintf("boards per input where the format allows several (0: %d)", props.DefaultBatch))
	f.BoolVar(&o.fullPrecision, "full-precision", false, "judge by the strict rule, for solvers that print more digits than the statement asks")
	f.StringVar(&o.out, "out", "", "directory for counterexample.in and .ans (default: a new temporary directory)")
	f.BoolVar(&o.keepGoing, "keep-going", false, "after the first failure, go on and count failures per verdict")
	f.BoolVar(&o.json, "json", false, "print the outcome as JSON on stdout")
	f.StringVar(&o.climb, "climb", "", "targets to climb with part of --time, boards drawn near the best so far: error, time, memory, size (joined by commas), all or none (uniform boards only); default: all, or none with --cases or --shard (exactly the boards numbered below --cases); see docs/checking-a-solver.md")
	f.DurationVar(&o.shrinkTime, "shrink-time", 0, fmt.Sprintf("time for shrinking the first failure, both steps together (rapid's shrinking, then taking parts away): no solver run starts after it (default: %v, or %d times the failing board's first run when that is longer)", props.DefaultShrinkTime, props.ShrinkRuns))
	minJudgedFlag(f, &o.minJudged)
	f.Float64Var(&o.failAbove, "fail-above", 0, failAboveHelp)
	o.engine.register(f, app.rulesGames())
	f.StringVar(&o.shard, "shard", "", "check only slice i of n of the boards (\"i/n\", 1 ≤ i ≤ n, "+shardFlagHelp+"; needs --cases); see 'check merge'")
	o.gen.register(f)
	cmd.AddCommand(app.newCheckMergeCommand())
	return cmd
}

func (app App) runCheck(cmd *cobra.Command, g props.Game, o checkOptions) error {
	switch {
	case strings.TrimSpace(o.solver) == "":
		return usagef("--solver 'CMD ARGS...' is required")
	case o.cases < 0, o.batch < 0:
		return usagef("--cases and --batch must not be negative")
	case o.cases == 0 && o.time <= 0:
		return usagef("with no --cases, --time must be positive")
	case o.timeout <= 0:
		return usagef("--timeout must be positive: a solver with no time limit could run forever")
	case o.idle < 0 || o.time < 0 || o.shrinkTime < 0 || o.boardTime < 0:
		return usagef("--idle-timeout, --time, --shrink-time and --board-time must not be negative")
	case o.idle > 0 && o.idle < o.timeout:
		return usagef("--idle-timeout (%v) must not be below --timeout (%v): a solver that works would be stopped as idle before it could use its CPU time", o.idle, o.timeout)
	case o.jobs < 1:
		return usagef("--jobs must be at least 1")
	case !(o.alpha > 0 && o.alpha < 1):
		return usagef("--alpha must be between 0 and 1")
	}
	if err := failAboveUsage(o.failAbove); err != nil {
		return err
	}
	if err := checkMinJudged(o.minJudged); err != nil {
		return err
	}
	if o.out != "" {
		claim, err := claimOut("--out", o.out) // before the run, not after it
		if err != nil {
			return err
		}
		defer claim.Release()
	}
	var shard props.Shard
	if o.shard != "" {
		sh, err := parseShard(o.shard, o.lookupEnv)
		if err != nil {
			return usagef("--shard: %v", err)
		}
		if o.cases == 0 {
			return usagef("--shard needs --cases N: with only a --time budget, shards and a single run would check different boards")
		}
		shard = sh
	}
	memory, err := memoryLimit(o.memory)
	if err != nil {
		return err
	}
	climb, err := o.climbTargets()
	if err != nil {
		return usagef("--climb: %v", err)
	}
	solver, err := props.NewProcessSolver(o.solver, o.timeout)
	if err != nil {
		return usagef("--solver: %v", err)
	}
	solver.Memory, solver.Idle = memory, o.idle
	cc := &props.CrossCheck{
		Game: g, Solver: solver, Cases: o.cases, Seed: o.seed, Time: o.time, Jobs: o.jobs,
		Batch: o.batch, FullPrecision: o.fullPrecision, KeepGoing: o.keepGoing, ShrinkTime: o.shrinkTime,
		Alpha: o.alpha, Shard: shard, BoardTime: o.boardBudget(), Climb: climb,
	}
	stop := func() {}
	if _, tty := terminal(cmd.ErrOrStderr()); tty && !o.json {
		cc.Progress, stop = newCheckProgress(cmd.ErrOrStderr(), shard.Boards(o.cases))
	} else if !tty {
		// No terminal (a CI log, a pipe): a line every heartbeatEvery,
		// so that a slow board is told from a hang.
		cc.Watch = props.NewWatch(app.now)
		ticks, stopTicks := app.ticks()
		stop = startHeartbeat(cmd.ErrOrStderr(), "check", cc.Watch, ticks, stopTicks)
	}
	res, err := cc.Run(cmd.Context())
	stop()
	if err != nil {
		if errors.Is(err, props.ErrStart) {
			return usageError{err}
		}
		if errors.Is(err, props.ErrInconsistentOracle) {
			return oracleStopped(cmd, g, o, shard, err)
		}
		if errors.Is(err, props.ErrGeneratorFault) {
			return generatorStopped(cmd, g, o, shard, err)
		}
		return err
	}
	return printCheck(cmd.OutOrStdout(), g, o, res)
}

// printCheck writes the counterexample files and prints the result, as
// text or JSON; a failure becomes exit status 1. Files that cannot be
// written do not cost the verdict: it is printed, and the error after it.
func printCheck(w io.Writer, g props.Game, o checkOptions, res *props.Result) error {
	var files *counterexampleFiles
	var writeErr error
	if res.First != nil {
		if files, writeErr = writeCounterexample(o.out, g, res.First); writeErr != nil {
			files = &counterexampleFiles{In: "not written", Ans: "not written"}
		}
	}
	closest, err := writeClosestFiles(o.out, &res.Closest, gameAnswer(g))
	if err != nil && writeErr == nil {
		writeErr = err
	}

	if o.json {
		if err := writeCheckJSON(w, g, o, res, files, closest); err != nil {
			return err
		}
	} else {
		writeCheckText(terminalSafe(w), g, o, res, files, closest)
	}
	if writeErr != nil {
		return fmt.Errorf("the counterexample files could not be written (the verdict is above): %w", writeErr)
	}
	if res.Interrupted && !res.Failed() {
		return errInterrupted
	}
	if res.Failed() || len(res.UnderCovered()) > 0 || o.aboveFailAbove(res) != nil {
		return errCheckFailed
	}
	if u := res.Unconfirmed; u != nil {
		// A failure seen is no pass; not confirmed, it is nobody's failure.
		return programError{fmt.Errorf("check could not judge the solver: %s seen on %s, not confirmed: --time (%v) ran out while %s; give a longer --time",
			u.Verdict, u.Source, o.time, u.CutWhile)}
	}
	if res.Samples+res.Generated == 0 && res.NotJudged > 0 {
		// Nothing judged is no pass, and no failure of the solver either.
		return programError{fmt.Errorf("check could not judge the solver: no oracle could judge any of the %d board(s)", res.NotJudged)}
	}
	if res.Samples+res.Generated == 0 && res.Cancelled > 0 {
		// Not a pass: a solver that hangs gets here when --time is shorter
		// than its idleness limit.
		return programError{fmt.Errorf("check judged no board: --time (%v) ran out with every input in progress (the solver's limits: %s); "+
			"the solver was not judged: give a longer --time, or a shorter --timeout or --idle-timeout", o.time, o.limits())}
	}
	if share := o.judgedShare(res); share.TooFew() {
		return tooFewJudgedError("check", share, res.NeverJudged())
	}
	return nil
}

// judgedShare is how many generated boards the run judged, of those asked
// for (or drawn, with --time alone), against --min-judged.
func (o checkOptions) judgedShare(res *props.Result) props.JudgedShare {
	return res.JudgedShare(o.askedBoards(res), o.minJudged)
}

// boardShare is the share of --time a board's analyst may take when
// --board-time is not given: a board that would take longer leaves most of
// the run to the others.
const boardShare = 4

// boardBudget is the analyst's time on one board: --board-time, else a
// boardShare-th of --time, else none.
func (o checkOptions) boardBudget() time.Duration {
	if o.boardTime > 0 {
		return o.boardTime
	}
	return o.time / boardShare
}

// ticks starts the ticks of a progress line.
func (app App) ticks() (<-chan time.Time, func()) {
	if app.tick != nil {
		return app.tick(heartbeatEvery)
	}
	return realTicker(heartbeatEvery)
}

// memoryLimit reads --memory: 0 for none.
func memoryLimit(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	n, err := solverproc.ParseSize(s)
	switch {
	case err != nil:
		return 0, usagef("--memory: %v", err)
	case n < minMemory:
		return 0, usagef("--memory %s: at least %s, for the start of the program that sets the limit", s, solverproc.FormatSize(minMemory))
	}
	if err := props.CanLimitMemory(); err != nil {
		return 0, usagef("--memory: %v", err)
	}
	return n, nil
}

// reproduce is the shell line that runs the solver on the input file in,
// under --memory's limit when one is given (ulimit -d: the data segment
// limit check sets, in KiB), so that a memory limit reproduces. The solver
// is the words check ran, each quoted for a shell: --solver is split
// without expansions, and a shell given the raw string would expand
// $VARS, globs and ';' that check passed on as they are.
func (o checkOptions) reproduce(in string) string {
	line := o.solver
	if argv, err := solverproc.Split(o.solver); err == nil && len(argv) > 0 {
		line = shellJoin(argv)
	}
	line += " < " + shellQuote(in)
	if n, err := memoryLimit(o.memory); err == nil && n > 0 {
		return fmt.Sprintf("(ulimit -d %d; %s)", n/1024, line)
	}
	return line
}

// counterexampleFiles are where the first failure was written.
type counterexampleFiles struct{ In, Ans string }

func writeCounterexample(dir string, g props.Game, f *props.Failure) (*counterexampleFiles, error) {
	var err error
	if dir == "" {
		if dir, err = os.MkdirTemp("", "chancecheck-check-"); err != nil {
			return nil, err
		}
	} else if err = os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	files := &counterexampleFiles{In: filepath.Join(dir, "counterexample.in"), Ans: filepath.Join(dir, "counterexample.ans")}
	// Never through a link planted in the directory, and both files or
	// neither (safefile).
	bytesOf := func(b []byte) func(io.Writer) error {
		return func(w io.Writer) error { _, err := w.Write(b); return err }
	}
	err = safefile.WriteFiles(dir, []safefile.File{
		{Name: filepath.Base(files.In), Render: bytesOf(f.Input)},
		{Name: filepath.Base(files.Ans), Render: bytesOf([]byte(f.OursText))},
	}, nil, nil)
	if err != nil {
		return nil, err
	}
	return files, nil
}

// judgeRules lists each game's judge rule, one line a game.
func (app App) judgeRules() string {
	var b strings.Builder
	for _, g := range app.Games {
		fmt.Fprintf(&b, "  %-9s %s\n", g.Name(), g.JudgeRule())
	}
	return b.String()
}

// shellJoin quotes each word for a POSIX shell and joins them.
func shellJoin(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shellQuote(w)
	}
	return strings.Join(q, " ")
}

// shellQuote quotes s for a POSIX shell when it needs quoting.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+=:@%,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// idleLimit is the idleness limit in force.
func (o checkOptions) idleLimit() time.Duration {
	if o.idle > 0 {
		return o.idle
	}
	return props.DefaultIdle(o.timeout)
}

// limits says the limits of one solver run.
func (o checkOptions) limits() string {
	s := fmt.Sprintf("%v of CPU time a run (the solver and every process it starts), idleness %v of wall-clock time", o.timeout, o.idleLimit())
	if o.memory != "" {
		s += ", memory " + o.memory + " (" + solverproc.MemoryScope() + ")"
	}
	return s
}

// climbTargets are --climb's targets: by default every one, or none when
// --cases or --shard asks for a given set of boards (the boards numbered
// below --cases, as a merge of shards checks them).
func (o *checkOptions) climbTargets() (props.Target, error) {
	if o.climb == "" {
		if o.cases > 0 || o.shard != "" {
			return 0, nil
		}
		return props.ClimbAll, nil
	}
	return props.ParseTargets(o.climb)
}
