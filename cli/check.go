package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/internal/safefile"
	"github.com/chancecheck/chancecheck/internal/solverproc"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/reports"
	"github.com/spf13/cobra"
)

// checkOptions are the flags of `chancecheck check`.
type checkOptions struct {
	solver        string
	cases         int
	seed          uint64
	time          time.Duration
	timeout       time.Duration
	idle          time.Duration
	batch         int
	fullPrecision bool
	out           string
	keepGoing     bool
	json          bool
	shrinkTime    time.Duration
	jobs          int
	memory        string
	alpha         float64
	shard         string
	gen           oneGameGenFlags
	engine        engineFlags
}

// minMemory is the smallest --memory. The solver is started through this
// program, which sets the limit and execs it; the few megabytes that start
// takes hide the solver's own peak below them, so a limit near them could
// not be judged by the peak.
const minMemory = 16 << 20

func (p App) newCheckCommand() *cobra.Command {
	var o checkOptions
	cmd := &cobra.Command{
		Use:   "check GAME --solver 'CMD ARGS...'",
		Short: "Cross-check someone's solver, in any language, and shrink what fails",
		Long: `check runs a solver as a real process, feeding it the game's original input
format on stdin and reading the original output format from stdout, so an
accepted contest solution runs unchanged: first the published samples, then
boards from the game's generator (seeded as '` + p.Name + ` gen'). Each answer is
judged by the game's rule:
` + p.judgeRules() + `NaN, Inf, an empty line or a number glued to garbage is never a pass.

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
killed, and the output says how many inputs that left unjudged.

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
shard 1, and shrinks its own first failure; '` + p.Name + ` check merge FILE...'
joins the shards' --json outputs into the verdict of the single run: the
first failure by board index, counts summed.

--gen and --limits set the generator's parameters, as for gen: the boards
drawn depend on them and on --seed` + p.genExample() + `. The output states them.

A run that stops before the --cases asked for says so in its verdict line
("14 of 100 asked (--time ran out)"). A board no oracle can judge (the
analyst refuses it: past its limits) is skipped and counted on a "not
judged" line, never the solver's failure and never a pass. An analyst that
disagrees with the solver is asked again: one that changes its answer (a
programs game's brute force) is named, not the solver. An interrupt
(Ctrl-C, SIGTERM) is no verdict: the run says INTERRUPTED, with what it had
found, and a solver the interrupt killed is not a crash.

Exit status: 0 every case agreed (and no class was under-covered), 1 a
failure was found or a class was under-covered, 2 bad options, a solver
that cannot be started or an inconsistent analyst, or no board judged
before --time ran out, 130 interrupted with no failure found.

Games:
` + p.gamesHelp() + "\n" + p.paramsHelp(),
		Args: p.argsBetween(1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, g, err := p.game(args)
			if err != nil {
				return err
			}
			if g, err = o.engine.apply(g); err != nil {
				return err
			}
			if g, err = o.gen.apply(p, g); err != nil {
				return err
			}
			return runCheck(cmd, g, o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.solver, "solver", "", "the solver's command line, split like a shell's (quotes, backslashes; no expansions)")
	f.IntVar(&o.cases, "cases", 0, "stop after this many generated boards, if --time has not run out first (0: no limit)")
	f.Uint64Var(&o.seed, "seed", 1, "generator seed: the same seed checks the same boards")
	f.DurationVar(&o.time, "time", 60*time.Second, "time for the search, samples included (0: no limit; then --cases is needed)")
	f.IntVar(&o.jobs, "jobs", runtime.NumCPU(), "solver processes running at once")
	f.StringVar(&o.memory, "memory", "", "memory limit of one solver run, as 256MB or 256MiB (Linux; default: none)")
	f.Float64Var(&o.alpha, "alpha", props.DefaultCoverageAlpha, "false-alarm budget of the coverage test, split over the game's goals")
	f.DurationVar(&o.timeout, "timeout", 2*time.Second, "CPU time limit of one solver run: user and system time of the solver and every process it starts (must be positive)")
	f.DurationVar(&o.idle, "idle-timeout", 0, "wall-clock limit of one solver run, for a solver that sleeps or waits (default: 5 × --timeout, at least --timeout + 10s)")
	f.IntVar(&o.batch, "batch", 0, fmt.Sprintf("boards per input where the format allows several (0: %d)", props.DefaultBatch))
	f.BoolVar(&o.fullPrecision, "full-precision", false, "judge by the strict rule, for solvers that print more digits than the statement asks")
	f.StringVar(&o.out, "out", "", "directory for counterexample.in and .ans (default: a new temporary directory)")
	f.BoolVar(&o.keepGoing, "keep-going", false, "after the first failure, go on and count failures per verdict")
	f.BoolVar(&o.json, "json", false, "print the outcome as JSON on stdout")
	f.DurationVar(&o.shrinkTime, "shrink-time", props.DefaultShrinkTime, "time for shrinking the first failure, both steps together (rapid's shrinking, then taking parts away): no solver run starts after it")
	o.engine.register(f, p.rulesGames())
	f.StringVar(&o.shard, "shard", "", "check only slice i of n of the boards (\"i/n\", 1 ≤ i ≤ n; needs --cases); see 'check merge'")
	o.gen.register(f)
	cmd.AddCommand(p.newCheckMergeCommand())
	return cmd
}

func runCheck(cmd *cobra.Command, g props.Game, o checkOptions) error {
	switch {
	case strings.TrimSpace(o.solver) == "":
		return usagef("--solver 'CMD ARGS...' is required")
	case o.cases < 0, o.batch < 0:
		return usagef("--cases and --batch must not be negative")
	case o.cases == 0 && o.time <= 0:
		return usagef("with no --cases, --time must be positive")
	case o.timeout <= 0:
		return usagef("--timeout must be positive: a solver with no time limit could run forever")
	case o.idle < 0 || o.time < 0 || o.shrinkTime < 0:
		return usagef("durations must not be negative")
	case o.idle > 0 && o.idle < o.timeout:
		return usagef("--idle-timeout (%v) must not be below --timeout (%v): a solver that works would be stopped as idle before it could use its CPU time", o.idle, o.timeout)
	case o.jobs < 1:
		return usagef("--jobs must be at least 1")
	case !(o.alpha > 0 && o.alpha < 1):
		return usagef("--alpha must be between 0 and 1")
	}
	if o.out != "" {
		if err := safefile.CheckDir("--out", o.out); err != nil {
			return usageError{err} // before the run, not after it
		}
	}
	var shard props.Shard
	if o.shard != "" {
		sh, err := reports.ParseShard(o.shard)
		if err != nil {
			return usagef("--shard: %v", err)
		}
		if o.cases == 0 {
			return usagef("--shard needs --cases N: with only a --time budget, shards and a single run would check different boards")
		}
		shard = props.Shard{Index: sh.Index, Count: sh.Count}
	}
	memory, err := memoryLimit(o.memory)
	if err != nil {
		return err
	}
	solver, err := props.NewProcessSolver(o.solver, o.timeout)
	if err != nil {
		return usagef("--solver: %v", err)
	}
	solver.Memory, solver.Idle = memory, o.idle
	cc := &props.CrossCheck{
		Game: g, Solver: solver, Cases: o.cases, Seed: o.seed, Time: o.time, Jobs: o.jobs,
		Batch: o.batch, FullPrecision: o.fullPrecision, KeepGoing: o.keepGoing, ShrinkTime: o.shrinkTime,
		Alpha: o.alpha, Shard: shard,
	}
	stop := func() {}
	if !o.json {
		cc.Progress, stop = newCheckProgress(cmd.ErrOrStderr(), shard.Boards(o.cases))
	}
	outcome, err := cc.Run(cmd.Context())
	stop()
	if err != nil {
		if errors.Is(err, props.ErrSolverStart) {
			return usageError{err}
		}
		if errors.Is(err, props.ErrInconsistentOracle) {
			return programError{fmt.Errorf("check stopped: %w: the solver is not blamed", err)}
		}
		return err
	}
	return printCheck(cmd.OutOrStdout(), g, o, outcome)
}

// printCheck writes the counterexample files and prints the outcome, as
// text or JSON; a failure becomes exit status 1. Files that cannot be
// written do not cost the verdict: it is printed, and the error after it.
func printCheck(w io.Writer, g props.Game, o checkOptions, outcome *props.Result) error {
	var files *counterexampleFiles
	var writeErr error
	if outcome.First != nil {
		if files, writeErr = writeCounterexample(o.out, g, outcome.First); writeErr != nil {
			files = &counterexampleFiles{In: "not written", Ans: "not written"}
		}
	}

	if o.json {
		if err := writeCheckJSON(w, g, o, outcome, files); err != nil {
			return err
		}
	} else {
		writeCheckText(w, g, o, outcome, files)
	}
	if writeErr != nil {
		return fmt.Errorf("the counterexample files could not be written (the verdict is above): %w", writeErr)
	}
	if outcome.Interrupted && !outcome.Failed() {
		return errInterrupted
	}
	if outcome.Failed() || len(outcome.UnderCovered()) > 0 {
		return errCheckFailed
	}
	if outcome.Samples+outcome.Generated == 0 && outcome.NotJudged > 0 {
		// Nothing judged is no pass, and no failure of the solver either.
		return programError{fmt.Errorf("check could not judge the solver: no oracle could judge any of the %d board(s)", outcome.NotJudged)}
	}
	if outcome.Samples+outcome.Generated == 0 && outcome.Cancelled > 0 {
		// Not a pass: a solver that hangs gets here when --time is shorter
		// than its idleness limit.
		return programError{fmt.Errorf("check judged no board: --time (%v) ran out with every input in progress (the solver's limits: %s); "+
			"the solver was not judged: give a longer --time, or a shorter --timeout or --idle-timeout", o.time, o.limits())}
	}
	return nil
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
	// Never through a link planted in the directory (safefile).
	if err := safefile.WriteBytes(files.In, f.Input); err != nil {
		return nil, err
	}
	if err := safefile.WriteBytes(files.Ans, []byte(f.OursText)); err != nil {
		return nil, err
	}
	return files, nil
}

func writeCheckText(w io.Writer, g props.Game, o checkOptions, oc *props.Result, files *counterexampleFiles) {
	fmt.Fprintf(w, "limits: %s\n", o.limits())
	defer writeUnjudgedText(w, oc)
	if sh := oc.Shard; !sh.Whole() {
		fmt.Fprintf(w, "shard %d/%d: the generated boards k ≡ %d (mod %d) of %d%s; merge the shards' --json with 'check merge'\n",
			sh.Index, sh.Count, sh.Index-1, sh.Count, o.cases, map[bool]string{true: ", and the samples", false: ""}[sh.Index == 1])
	}
	if !oc.Failed() && oc.Interrupted {
		fmt.Fprintf(w, "check %s: INTERRUPTED after %d sample board(s) and %d generated board(s)%s, seed %d%s, in %v: no verdict on the solver (every answer judged before agreed)\n",
			g.Name(), oc.Samples, oc.Generated, o.asked(oc), oc.Seed, o.gen.said(), oc.Elapsed.Round(time.Millisecond))
		fmt.Fprintf(w, "boards by kind: %s\n", classList(oc.Classes))
		writeNotJudgedText(w, oc)
		return
	}
	if !oc.Failed() && oc.Samples+oc.Generated == 0 && oc.NotJudged > 0 {
		fmt.Fprintf(w, "check %s: NOTHING JUDGED: no oracle could judge any of the %d board(s), seed %d%s: no verdict on the solver\n",
			g.Name(), oc.NotJudged, oc.Seed, o.gen.said())
		writeNotJudgedText(w, oc)
		return
	}
	if !oc.Failed() && oc.Samples+oc.Generated == 0 && oc.Cancelled > 0 {
		fmt.Fprintf(w, "check %s: NOTHING JUDGED: --time (%v) ran out with every input in progress, seed %d%s: no verdict on the solver\n",
			g.Name(), o.time, oc.Seed, o.gen.said())
		return
	}
	if !oc.Failed() {
		caveat := ""
		if n := len(oc.NotReproduced); n > 0 {
			// Never an all-clear without its caveat on the same line.
			caveat = fmt.Sprintf(" (but %d input(s) ran out of time or were killed once, not when run again: see \"not reproduced\")", n)
		}
		fmt.Fprintf(w, "check %s: every answer agreed: %d sample board(s) and %d generated board(s)%s, seed %d%s, in %v%s\n",
			g.Name(), oc.Samples, oc.Generated, o.asked(oc), oc.Seed, o.gen.said(), oc.Elapsed.Round(time.Millisecond), caveat)
		fmt.Fprintf(w, "boards by kind: %s\n", classList(oc.Classes))
		writeOraclesText(w, oc)
		writeNotJudgedText(w, oc)
		writeCoverageText(w, oc)
		return
	}
	defer writeNotJudgedText(w, oc)
	defer writeCoverageText(w, oc)
	f := oc.First
	fmt.Fprintf(w, "check %s: %s on %s (seed %d%s)\n", g.Name(), strings.ToUpper(f.Verdict.String()), f.Source, oc.Seed, o.gen.said())
	if st := oc.Shrink; oc.Found != nil {
		fmt.Fprintf(w, "shrunk by %s in %v (%d solver runs: %d steps of rapid's shrinking, then %d parts taken away) from a board of %d bytes to %d bytes\n",
			st.Method, st.Elapsed.Round(time.Millisecond), st.Runs, st.RapidSteps, st.SimplifierSteps, len(oc.Found.Input), len(f.Input))
		switch {
		case st.CutShort:
			fmt.Fprintf(w, "shrinking was cut short: %s; a longer --shrink-time may shrink it further\n", st.Note)
		case st.Note != "":
			fmt.Fprintf(w, "(%s)\n", st.Note)
		}
		if in := string(oc.Found.Input); len(in) <= maxFoundShown {
			fmt.Fprintf(w, "first found (%s):\n%s", oc.Found.Source, ensureNewline(in))
		}
	} else if oc.Shrink.Note != "" {
		fmt.Fprintf(w, "not shrunk: %s\n", oc.Shrink.Note)
	} else if f == oc.SampleFailure {
		fmt.Fprintf(w, "not shrunk: a published sample (no generated board failed in %d)\n", oc.Generated)
	}
	fmt.Fprintf(w, "\ninput (%s):\n%s", files.In, ensureNewline(string(f.Input)))
	fmt.Fprintf(w, "\nour answer (%s):\n%s", files.Ans, ensureNewline(f.OursText))
	if x := f.ExactText(g); x != "" {
		fmt.Fprintf(w, "exact: %s\n", x)
	} else if r := f.Fraction(g); r != nil {
		fmt.Fprintf(w, "exact: %s\n", r.RatString())
	}
	if o := f.Oracle(); o != "" {
		fmt.Fprintf(w, "judged by: %s\n", o)
	}
	if f.Verdict != props.TimeLimit && f.Verdict != props.IdleLimit && f.Verdict != props.Crash && f.Verdict != props.MemoryLimit || f.Stdout != "" {
		fmt.Fprintf(w, "\nthe solver's output:\n%s", ensureNewline(f.Stdout))
	}
	if f.Detail != "" {
		fmt.Fprintf(w, "\n%s: %s\n", f.Verdict, f.Detail)
	}
	fmt.Fprintf(w, "\nreproduce: %s\n", o.reproduce(files.In))
	if oc.SampleFailure != nil && oc.SampleFailure != f {
		fmt.Fprintf(w, "also: %s on %s\n", oc.SampleFailure.Verdict, oc.SampleFailure.Source)
	}
	if o.keepGoing {
		fmt.Fprintf(w, "failing inputs by verdict: %s (of %d sample and %d generated boards)\n", verdictList(oc.Counts), oc.Samples, oc.Generated)
	}
	fmt.Fprintf(w, "boards by kind: %s (%d generated board(s) judged%s, in %v)\n", classList(oc.Classes), oc.Generated, o.asked(oc), oc.Elapsed.Round(time.Millisecond))
	writeOraclesText(w, oc)
	if oc.Interrupted {
		fmt.Fprintf(w, "interrupted after this failure was found: the counts are those before the interrupt\n")
	}
}

// askedBoards is how many generated boards the run was asked for (its
// shard's share of --cases); 0 when only --time bounds it.
func (o checkOptions) askedBoards(oc *props.Result) int {
	if o.cases <= 0 {
		return 0
	}
	return oc.Shard.Boards(o.cases)
}

// asked says, after the count of generated boards judged, how many were
// asked for when the run stopped before them: " of 100 asked (--time ran
// out)". A run that stops early says so in its verdict line (issue 21): it
// is no all-clear for the boards it never judged. "" when every board
// asked for was judged, or none was asked for (--time alone).
func (o checkOptions) asked(oc *props.Result) string {
	asked := o.askedBoards(oc)
	done := oc.Generated + oc.NotJudgedGenerated
	if asked == 0 || done >= asked {
		return ""
	}
	why := "--time ran out"
	switch {
	case oc.Interrupted:
		why = "interrupted"
	case oc.FirstBoard >= 0 && !o.keepGoing: // a sample's failure does not stop the search
		why = "stopped at the first failure"
	}
	return fmt.Sprintf(" of %d asked (%s)", asked, why)
}

// writeNotJudgedText prints the line of the boards no oracle could judge,
// when there were some: skipped, neither the solver's failure nor a pass.
func writeNotJudgedText(w io.Writer, oc *props.Result) {
	if oc.NotJudged == 0 {
		return
	}
	fmt.Fprintf(w, "not judged: %d board(s) that no oracle could judge (%d generated), skipped: not a failure of the solver, not a pass; the first: %s\n",
		oc.NotJudged, oc.NotJudgedGenerated, oc.NotJudgedReason)
}

// writeCoverageText prints the coverage table of a game with goals, and a
// line for each class the test finds under-covered.
//
//	coverage of 10000 generated boards (one-sided exact binomial test at the end of the run; false-alarm budget 1e-06 over 2 goals, 5e-07 each):
//	  class        boards   share   goal   p-value  verdict
//	  informative    2011   20.1%  ≥ 50%  <1e-300  UNDER-COVERED
//	  limits          210    2.1%   ≥ 1%   1       ok
func writeCoverageText(w io.Writer, oc *props.Result) {
	if len(oc.Coverage) == 0 {
		return
	}
	fmt.Fprintf(w, "coverage of %d generated boards (one-sided exact binomial test at the end of the run; false-alarm budget %.3g over %d goal(s), %.3g each):\n",
		oc.Generated, oc.CoverageAlpha, len(oc.Coverage), oc.Coverage[0].Alpha)
	width := len("class")
	for _, c := range oc.Coverage {
		width = max(width, len(c.Class))
	}
	fmt.Fprintf(w, "  %-*s  %7s  %6s  %6s  %8s  %s\n", width, "class", "boards", "share", "goal", "p-value", "verdict")
	for _, c := range oc.Coverage {
		verdict := c.Verdict.String()
		switch c.Verdict {
		case props.UnderCovered:
			verdict = strings.ToUpper(verdict)
		case props.TooFewBoards:
			verdict += fmt.Sprintf(" (it takes %d)", c.BoardsNeeded)
		}
		fmt.Fprintf(w, "  %-*s  %7d  %6s  %6s  %8s  %s\n", width, c.Class, c.Boards, percent(c.Share), "≥ "+percent(c.MinShare), pValue(c.PValue), verdict)
	}
	for _, c := range oc.UnderCovered() {
		fmt.Fprintf(w, "under-covered: class %s: %d of %d generated boards (%s), goal at least %s: p = %s ≤ %.3g\n",
			c.Class, c.Boards, oc.Generated, percent(c.Share), percent(c.MinShare), pValue(c.PValue), c.Alpha)
	}
}

// percent writes a share as a percentage with up to one decimal.
func percent(x float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", 100*x), ".0") + "%"
}

// pValue writes a p-value to three digits, or "<1e-300" below that.
func pValue(p float64) string {
	if p < 1e-300 {
		return "<1e-300"
	}
	return fmt.Sprintf("%.3g", p)
}

// judgeRules lists each game's judge rule, one line a game.
func (p App) judgeRules() string {
	var b strings.Builder
	for _, g := range p.Games {
		fmt.Fprintf(&b, "  %-9s %s\n", g.Name(), g.JudgeRule())
	}
	return b.String()
}

// maxFoundShown is the longest input, as first found before shrinking, that
// check's text output shows beside the shrunk one; --json always has it.
const maxFoundShown = 400

// checkJSON is the --json form of a Result.
type checkJSON struct {
	Game string `json:"game"`
	// AnswerKind and Modulus are the kind of answer of a game whose answer
	// is exact (an integer, a fraction, a residue modulo Modulus); absent
	// for a float.
	AnswerKind string   `json:"answer_kind,omitempty"`
	Modulus    int64    `json:"modulus,omitempty"`
	Seed       uint64   `json:"seed"`
	GenOptions []string `json:"generator_options,omitempty"` // --limits and --gen as given
	Passed     bool     `json:"passed"`
	Samples    int      `json:"samples"`
	Generated  int      `json:"generated"`
	// NotJudged counts the boards no oracle could judge (skipped: neither a
	// failure nor a pass), NotJudgedGenerated the generated ones of them.
	NotJudged          int    `json:"not_judged"`
	NotJudgedGenerated int    `json:"not_judged_generated"`
	NotJudgedReason    string `json:"not_judged_reason,omitempty"`
	// Asked is how many generated boards --cases asked for (this shard's
	// share), 0 with --time alone; StoppedEarly says that fewer were
	// judged (--time ran out, the first failure, an interrupt), and
	// Interrupted that an interrupt stopped the run (no verdict).
	Asked         int             `json:"asked,omitempty"`
	StoppedEarly  bool            `json:"stopped_early,omitempty"`
	Interrupted   bool            `json:"interrupted,omitempty"`
	Classes       map[string]int  `json:"classes"`
	Oracles       map[string]int  `json:"oracles,omitempty"` // boards judged per oracle of our answer
	Failures      map[string]int  `json:"failures"`
	ElapsedSec    float64         `json:"elapsed_seconds"`
	TimeToFailSec float64         `json:"time_to_failure_seconds,omitempty"`
	First         *failureJSON    `json:"first_failure,omitempty"`
	Found         *failureJSON    `json:"found_failure,omitempty"`
	Shrink        *shrinkJSON     `json:"shrink,omitempty"`
	Coverage      *coverageJSON   `json:"coverage,omitempty"`
	Shard         *checkShardJSON `json:"shard,omitempty"`
	// TimeoutSec and IdleSec are the CPU time and idleness limits of one
	// solver run.
	TimeoutSec float64 `json:"timeout_seconds"`
	IdleSec    float64 `json:"idle_timeout_seconds"`
	// NotReproduced are the inputs whose verdict did not recur when run
	// again alone; Cancelled the inputs in progress when --time ran out.
	NotReproduced []*failureJSON `json:"not_reproduced,omitempty"`
	Cancelled     int            `json:"cancelled,omitempty"`
}

// checkShardJSON is what 'check merge' needs of a --shard run besides the
// rest of its checkJSON.
type checkShardJSON struct {
	Index     int     `json:"index"`
	Count     int     `json:"count"`
	Cases     int     `json:"cases"`
	Batch     int     `json:"batch"`
	KeepGoing bool    `json:"keep_going"`
	Solver    string  `json:"solver"`
	Alpha     float64 `json:"alpha"`
	// FirstBoard is the generated board (from 1) of the first generated
	// failure as found; 0: none failed.
	FirstBoard int `json:"first_failure_board"`
	// SampleFailure is a failing published sample (shard 1).
	SampleFailure *failureJSON `json:"sample_failure,omitempty"`
}

// coverageJSON is the coverage test of a game with goals; passed is false
// when a class is under-covered, which fails the check (top-level passed).
type coverageJSON struct {
	Test         string         `json:"test"`
	Alpha        float64        `json:"alpha"`
	Generated    int            `json:"generated"`
	Passed       bool           `json:"passed"`
	Goals        []coverageGoal `json:"goals"`
	UnderCovered []string       `json:"under_covered,omitempty"`
}

type coverageGoal struct {
	Class        string  `json:"class"`
	Boards       int     `json:"boards"`
	Share        float64 `json:"share"`
	MinShare     float64 `json:"min_share"`
	PValue       float64 `json:"p_value"`
	Alpha        float64 `json:"alpha"`
	Verdict      string  `json:"verdict"` // "ok", "under-covered", "too-few-boards"
	BoardsNeeded int     `json:"boards_needed,omitempty"`
}

type failureJSON struct {
	Verdict   string    `json:"verdict"`
	Source    string    `json:"source"`
	Class     string    `json:"class,omitempty"`
	Input     string    `json:"input"`
	Ours      string    `json:"ours"`
	Exact     string    `json:"exact,omitempty"`
	Theirs    []float64 `json:"theirs,omitempty"`
	Stdout    string    `json:"stdout"`
	Detail    string    `json:"detail,omitempty"`
	InFile    string    `json:"input_file,omitempty"`
	AnsFile   string    `json:"answer_file,omitempty"`
	Reproduce string    `json:"reproduce,omitempty"`
}

type shrinkJSON struct {
	Method          string  `json:"method"`
	Runs            int     `json:"runs"`
	ElapsedSec      float64 `json:"elapsed_seconds"`
	Note            string  `json:"note,omitempty"`
	BudgetSec       float64 `json:"budget_seconds"`   // --shrink-time
	CutShort        bool    `json:"cut_short"`        // the budget ran out with boards left to try
	RapidSteps      int     `json:"rapid_steps"`      // smaller failing boards rapid moved to
	SimplifierSteps int     `json:"simplifier_steps"` // parts taken away after rapid
}

func writeCheckJSON(w io.Writer, g props.Game, o checkOptions, oc *props.Result, files *counterexampleFiles) error {
	j := checkJSON{
		Game: g.Name(), Seed: oc.Seed, GenOptions: o.gen.args(), Passed: !oc.Failed() && len(oc.UnderCovered()) == 0, Samples: oc.Samples, Generated: oc.Generated,
		Classes: oc.Classes, Oracles: oc.Oracles, Failures: map[string]int{}, ElapsedSec: oc.Elapsed.Seconds(),
		TimeToFailSec: oc.TimeToFailure.Seconds(), TimeoutSec: o.timeout.Seconds(), IdleSec: o.idleLimit().Seconds(),
		Cancelled: oc.Cancelled,
		NotJudged: oc.NotJudged, NotJudgedGenerated: oc.NotJudgedGenerated, NotJudgedReason: oc.NotJudgedReason,
		Asked: o.askedBoards(oc), StoppedEarly: o.asked(oc) != "", Interrupted: oc.Interrupted,
	}
	if r := g.AnswerRule(); r.Kind.Exact() {
		j.AnswerKind, j.Modulus = r.Kind.String(), r.Modulus
	}
	j.Passed = j.Passed && !oc.Interrupted && oc.Samples+oc.Generated > 0
	for v, n := range oc.Counts {
		j.Failures[v.String()] = n
	}
	toJSON := func(f *props.Failure) *failureJSON {
		fj := &failureJSON{
			Verdict: f.Verdict.String(), Source: f.Source, Class: f.Class, Input: string(f.Input),
			Ours: f.OursText, Theirs: f.Theirs, Stdout: f.Stdout, Detail: f.Detail,
		}
		if r := f.Fraction(g); r != nil {
			fj.Exact = r.RatString()
		}
		return fj
	}
	if oc.First != nil {
		j.First = toJSON(oc.First)
		j.First.InFile, j.First.AnsFile = files.In, files.Ans
		j.First.Reproduce = o.reproduce(files.In)
		st := oc.Shrink
		j.Shrink = &shrinkJSON{Method: st.Method, Runs: st.Runs, ElapsedSec: st.Elapsed.Seconds(), Note: st.Note,
			BudgetSec: st.Budget.Seconds(), CutShort: st.CutShort, RapidSteps: st.RapidSteps, SimplifierSteps: st.SimplifierSteps}
	}
	if oc.Found != nil {
		j.Found = toJSON(oc.Found)
	}
	for _, f := range oc.NotReproduced {
		j.NotReproduced = append(j.NotReproduced, toJSON(f))
	}
	if sh := oc.Shard; !sh.Whole() {
		j.Shard = &checkShardJSON{Index: sh.Index, Count: sh.Count, Cases: o.cases, Batch: o.batch, KeepGoing: o.keepGoing,
			Solver: o.solver, Alpha: oc.CoverageAlpha, FirstBoard: oc.FirstBoard + 1}
		if oc.SampleFailure != nil {
			j.Shard.SampleFailure = toJSON(oc.SampleFailure)
		}
	}
	if len(oc.Coverage) > 0 {
		cj := &coverageJSON{Test: "one-sided exact binomial test of each goal at the end of the run, Bonferroni over the goals",
			Alpha: oc.CoverageAlpha, Generated: oc.Generated, Passed: true}
		for _, c := range oc.Coverage {
			verdict := strings.ReplaceAll(c.Verdict.String(), " ", "-")
			if c.Verdict == props.TooFewBoards {
				verdict = "too-few-boards" // as reports name it
			}
			cj.Goals = append(cj.Goals, coverageGoal{Class: c.Class, Boards: c.Boards, Share: c.Share, MinShare: c.MinShare,
				PValue: c.PValue, Alpha: c.Alpha, Verdict: verdict, BoardsNeeded: c.BoardsNeeded})
			if c.Verdict == props.UnderCovered {
				cj.Passed = false
				cj.UnderCovered = append(cj.UnderCovered, c.Class)
			}
		}
		j.Coverage = cj
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(j)
}

func classList(m map[string]int) string {
	if len(m) == 0 {
		return "none generated"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

// writeOraclesText says what gave our answers (the game's analyst, the
// rules engine, the analyst checked by the engine), with the number of
// boards each judged, when anything but the game's own analyst did.
func writeOraclesText(w io.Writer, oc *props.Result) {
	if len(oc.Oracles) == 0 || len(oc.Oracles) == 1 && oc.Oracles[props.OwnAnalyst] > 0 {
		return
	}
	fmt.Fprintf(w, "boards by oracle: %s\n", classList(oc.Oracles))
}

func verdictList(m map[props.Verdict]int) string {
	var parts []string
	for v := props.WrongAnswer; v <= props.LastVerdict; v++ {
		if m[v] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", v, m[v]))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
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

func ensureNewline(s string) string {
	if s != "" && !strings.HasSuffix(s, "\n") {
		return s + "\n"
	}
	return s
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
		s += ", memory " + o.memory
	}
	return s
}

// writeUnjudgedText says what the check could not judge: inputs whose
// verdict did not recur when run alone, and inputs cancelled when --time
// ran out.
func writeUnjudgedText(w io.Writer, oc *props.Result) {
	if n := len(oc.NotReproduced); n > 0 {
		fmt.Fprintf(w, "not reproduced: %d input(s) ran out of time or were killed from outside once, and were accepted when run again with no other solver of this check running (neither a failure nor a pass: the machine's doing, a loaded machine):\n", n)
		for i, f := range oc.NotReproduced {
			if i == maxNotReproducedShown {
				fmt.Fprintf(w, "  … and %d more (--json lists them all)\n", n-i)
				break
			}
			fmt.Fprintf(w, "  %s: %s: %s\n", f.Source, f.Verdict, strings.ReplaceAll(strings.TrimSpace(f.Detail), "\n", "\n    "))
		}
	}
	if oc.Cancelled > 0 {
		fmt.Fprintf(w, "--time ran out with %d input(s) in progress: their solvers were killed, and they were not judged\n", oc.Cancelled)
	}
}

// maxNotReproducedShown is how many not-reproduced inputs the text output
// lists.
const maxNotReproducedShown = 5
