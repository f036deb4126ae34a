package props

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/chancecheck/chancecheck/internal/solverproc"
)

// ErrStart wraps the error of a program that could not be started at all
// (not found, not executable): the solver, or any program of a game
// defined by programs. It is a usage problem, not a verdict. The wrapping
// error names the program before it: "the solver could not be started:
// ...", "a program could not be started: the generator ./gen: ...".
var ErrStart = errors.New("could not be started")

// CrossCheck checks someone's solver against the analyst: the published
// samples first, then boards from the game's generator, each fed to the
// solver in the original input format and judged by the game's Judge,
// until Time is spent or Cases boards are judged. The first failure — the
// lowest-numbered generated board that fails, whatever Jobs is — is shrunk
// with rapid to a small board that still fails, within ShrinkTime. The
// game's coverage goals are then tested on the classes of the boards
// judged (Result.Coverage).
type CrossCheck struct {
	Game   Game
	Solver Runner

	Cases int    // generated boards to check; 0: until Time runs out
	Seed  uint64 // generator seed: board i is Generator().Example(SubSeed(Seed, i)>>1), as in `chancecheck gen`
	// Time is the time for the search (samples and generated boards): runs
	// in progress when it runs out are cancelled (Result.Cancelled); 0:
	// no limit (then Cases must be set). Shrinking has its own ShrinkTime.
	Time time.Duration
	// BoardTime is the per-board budget of the analyst: a board whose
	// answer takes longer is not judged (ErrOverBoardTime), counted in
	// Result.NotJudged and Result.OverBoardTime, and the run goes on; 0:
	// no budget. A game defined by rules stops at it; a hand-written
	// analyst is left to finish on its own goroutine (AnswerWithin).
	BoardTime time.Duration
	// Jobs is how many solver runs are in flight at once (each with the
	// analyst's answers for its boards); 0 means 1. With more than one,
	// Solver must be safe for concurrent use (a ProcessSolver is). The
	// boards, the first failure, the counts and the progress do not depend
	// on it: crosscheck_search.go says how.
	Jobs int
	// Batch is how many boards go into one input where the format allows
	// several (capped by Game.MaxBoardsPerInput); 0 means DefaultBatch.
	Batch         int
	FullPrecision bool // the judge's strict rule, for solvers that print extra digits
	// KeepGoing goes on after a failure until Time or Cases, counting
	// failures per verdict; the first failure is shrunk at the end.
	KeepGoing bool
	// Alpha is the false-alarm budget of the coverage test, split equally
	// over the game's goals; 0 means DefaultCoverageAlpha.
	Alpha float64
	// ShrinkTime bounds the shrinking of the first failure, both steps
	// together (rapid's shrinking, then taking parts away): no solver run
	// starts after it, so shrinking ends within one run of it, and
	// Result.Shrink says when it was cut short. 0 means DefaultShrinkTime,
	// stretched to ShrinkRuns times the failing board's own time when that
	// is longer (a loaded machine or slow programs).
	ShrinkTime time.Duration
	// Progress, when set, is called after every input is judged, in the
	// inputs' order, with the counts so far (from Run's goroutine).
	Progress func(Progress)
	// Watch, when set, is told the boards judged and the work in progress
	// (each board's analyst, each solver run), for a progress line that
	// says which board has run how long (the CLI's without a terminal).
	Watch *Watch
	// Climb are the targets climbed (crosscheck_climb.go): part of the
	// search draws boards near the best so far for each, and the uniform
	// stream keeps running; 0: uniform boards only. A shard does not climb.
	Climb Target
	// Shard, when set (Count > 0), checks only shard Index of Count (1 ≤
	// Index ≤ Count): the generated boards whose index k has
	// k ≡ Index−1 (mod Count), each the same board, from the same seed, as
	// in a whole run; the samples only in shard 1. The shard's own boards
	// are batched in order. Its first failure is its lowest failing board,
	// shrunk here. With Cases set, merging every shard's Result gives the
	// whole run's first failure (the lowest Result.FirstBoard) and, with
	// KeepGoing and one board an input, its counts.
	Shard Shard
}

// DefaultBatch is the batch size when CrossCheck.Batch is 0.
const DefaultBatch = 20

// DefaultShrinkTime bounds the shrinking of one failure when
// CrossCheck.ShrinkTime is 0, unless ShrinkRuns runs of the failing board
// take longer.
const DefaultShrinkTime = 30 * time.Second

// ShrinkRuns is how many times the failing board's own time (its first run
// while shrinking: the analyst and the solver on it) the default shrinking
// time is at least. A fixed time starves shrinking where every run is slow:
// programs in Python on a loaded machine, where one run took longer than
// the whole default and the failure was not shrunk at all; shrinking that
// board to its minimum took 7 solver runs (BENCHMARKS.md, "Shrinking under
// load"), and 20 leaves room for the boards rapid tries and rejects.
const ShrinkRuns = 20

// Progress is a snapshot of a running check.
type Progress struct {
	Checked  int // boards judged so far, samples included
	Failures int // failing inputs so far
	Elapsed  time.Duration
}

// Result is what a check found.
type Result struct {
	Game  string
	Seed  uint64
	Shard Shard // the shard checked; zero: the whole run
	Batch int   // boards a generated input holds at most (CrossCheck.Batch, capped by the game)
	// FirstBoard is the index (from 0) of the generated board of the first
	// generated failure as it was found (the lowest of the batch, when only
	// a whole batch fails); -1 when no generated board failed. For a board
	// the climber drew it numbers the climbed boards (First.Climbed).
	FirstBoard int
	Samples    int // sample boards judged
	Generated  int // generated boards judged: the uniform stream's, which --cases counts
	// Climbed counts the climbed boards judged (CrossCheck.Climb), per
	// target, besides Generated; NotJudged counts those no oracle could
	// judge too, NotJudgedGenerated does not.
	Climbed map[Target]int
	// NotJudged counts the boards, samples or generated, that no oracle
	// could judge (the analyst's error wraps ErrCannotJudge): they are
	// skipped, neither a failure nor a pass, and not in Samples, Generated
	// or Classes; NotJudgedGenerated counts the generated ones among them.
	// NotJudgedReason is the first one's, in the boards' order.
	NotJudged, NotJudgedGenerated int
	NotJudgedReason               string
	// NotJudgedClasses counts the generated boards not judged per coverage
	// class, as Classes counts those judged (NeverJudged names a class
	// never judged).
	NotJudgedClasses map[string]int
	// OverBoardTime counts the boards of NotJudged whose analyst ran past
	// CrossCheck.BoardTime.
	OverBoardTime int
	// Classes counts the generated boards judged per coverage class, of
	// the uniform stream only (a climbed board is no draw from the
	// generator's mix): the coverage test is on them.
	Classes map[string]int
	// Oracles counts the boards judged (samples and generated) by what gave
	// our answer (Solution.OracleOf): the analyst, the rules engine, the
	// analyst checked by the engine.
	Oracles map[string]int
	Counts  map[Verdict]int
	// First is the first failure, shrunk when it could be; nil when every
	// board agreed. Found is the same failure as it was first met, when
	// shrinking changed it.
	First, Found *Failure
	// SampleFailure is a failure on a published sample (unshrinkable: the
	// sample is not drawn from the generator), when there was one.
	SampleFailure *Failure
	Shrink        ShrinkStats
	// Coverage is the test of each of the game's coverage goals on the
	// generated boards judged (JudgeCoverage), at CoverageAlpha; none for
	// a game without goals.
	Coverage      []ClassCoverage
	CoverageAlpha float64
	// TimeToFailure is the time from the start to the first failure met
	// (before shrinking); Elapsed the whole check.
	TimeToFailure, Elapsed time.Duration
	// Interrupted says that ctx ended the check (an interrupt, SIGTERM)
	// before it was over: no verdict on anyone. The counts are those of
	// the inputs judged before it, a failure found before it is kept (and
	// Shrink says that shrinking was cut short), and coverage is not
	// judged.
	Interrupted bool
	// NotReproduced are the inputs whose verdict (a time or idleness
	// limit, a crash, an output format) did not recur when they were run
	// again alone: in the order judged, none of them a failure of the
	// solver, nor a pass.
	NotReproduced []*Failure
	// Cancelled is how many inputs were in progress but not judged because
	// Time ran out (at most 2·Jobs: drawn, solved by the analyst, waiting
	// for the solver or run by it): their analysts were stopped, their
	// solvers killed.
	Cancelled int
	// Unconfirmed is a failure an input in progress had seen when Time
	// ran out, the first such input's: being confirmed (run again alone,
	// its boards run alone to find the failing one, its oracle asked
	// again), or whole but not judged in its turn, behind an input still
	// in progress. Its CutWhile says which. It is neither a failure of
	// the solver (it may not recur; it may not be the first) nor a pass:
	// nobody could judge. Nil when no input cut had seen one.
	Unconfirmed *Failure
	// Closest are the closest calls of the inputs judged, on a pass too:
	// the answers nearest to the tolerance, the runs nearest to the time
	// and memory limits (crosscheck_targets.go).
	Closest Closest
}

// Failed reports whether any input failed. An under-covered class is not
// an input that failed: see UnderCovered.
func (r *Result) Failed() bool { return r.First != nil || r.SampleFailure != nil }

// JudgedShare is how many generated boards the check judged, of asked
// (the boards --cases asked for, or 0 for as many as were drawn: those
// judged and those no oracle could judge), against the least share min.
func (r *Result) JudgedShare(asked int, min float64) JudgedShare {
	of := asked
	if of <= 0 {
		of = r.Generated + r.NotJudgedGenerated
	}
	return JudgedShare{Judged: r.Generated, Of: of, Min: min}
}

// NeverJudged names the coverage classes of which no generated board was
// judged while some were drawn (props.NeverJudged).
func (r *Result) NeverJudged() []string { return NeverJudged(r.Classes, r.NotJudgedClasses) }

// UnderCovered returns the coverage goals the test rejected.
func (r *Result) UnderCovered() []ClassCoverage {
	var under []ClassCoverage
	for _, c := range r.Coverage {
		if c.Verdict == UnderCovered {
			under = append(under, c)
		}
	}
	return under
}

// Run performs the check. The error is for the harness itself (the solver
// cannot be started, the analyst failed or is inconsistent:
// ErrInconsistentOracle); a solver that fails is reported in the Result,
// and so is an interruption (ctx ended: Result.Interrupted).
func (c *CrossCheck) Run(ctx context.Context) (res *Result, err error) {
	defer func() {
		// The harness never crashes: a panic in a generator or an adapter
		// becomes an error that says where it came from.
		if p := recover(); p != nil {
			res, err = nil, fmt.Errorf("crosscheck: internal error: %v\n%s", p, debug.Stack())
		}
	}()
	if c.Cases <= 0 && c.Time <= 0 {
		return nil, errors.New("crosscheck: neither a number of cases nor a time limit")
	}
	if sh := c.Shard; !sh.Whole() && (sh.Index < 1 || sh.Index > sh.Count) {
		return nil, fmt.Errorf("crosscheck: shard %d/%d: want 1 ≤ i ≤ n", sh.Index, sh.Count)
	}
	start := time.Now()
	ctx = solverproc.WithGate(ctx, new(solverproc.Gate))
	out := &Result{Game: c.Game.Name(), Seed: c.Seed, Shard: c.Shard, Batch: c.batchSize(), FirstBoard: -1, Climbed: map[Target]int{}, Classes: map[string]int{}, NotJudgedClasses: map[string]int{}, Oracles: map[string]int{}, Counts: map[Verdict]int{}}
	if err := c.search(ctx, start, out); err != nil && ctx.Err() == nil {
		return nil, err
	}
	if ctx.Err() != nil {
		out.Interrupted = true
	}
	if f := out.First; f != nil {
		if single := f.generatedCase(); f.Verdict.OutOfTime() {
			// Every failing try would cost the whole time limit.
			out.Shrink = ShrinkStats{Method: "none", Note: f.Verdict.String() + "s are not shrunk: every try that still fails costs the whole limit"}
		} else if f.Verdict == Flaky {
			// A failure that does not recur cannot be shrunk by running it.
			out.Shrink = ShrinkStats{Method: "none", Note: "a flaky failure is not shrunk: it does not recur when run again"}
		} else if single != nil {
			shrunk, stats, oracleErr := c.shrink(ctx, *single, f)
			out.Shrink = stats
			if oracleErr != nil && f.Verdict == WrongAnswer {
				return nil, withInput(oracleErr, f.Input) // the blame rests on an oracle seen inconsistent
			}
			if shrunk != nil {
				out.Found, out.First = f, shrunk
			}
		}
	}
	// Before the verdict, the oracle a wrong answer rests on is re-checked
	// (trust.go).
	if ctx.Err() == nil {
		for _, f := range []*Failure{out.First, out.SampleFailure} {
			if err := c.trust(ctx, f); err != nil {
				if ctx.Err() != nil {
					break // cut off: the run is interrupted, below
				}
				return nil, withInput(err, f.Input)
			}
		}
	}
	out.CoverageAlpha = c.coverageAlpha()
	if ctx.Err() != nil {
		out.Interrupted = true // while shrinking
	} else {
		out.Coverage = JudgeCoverage(c.Game.Coverage(), out.Classes, out.Generated, out.CoverageAlpha)
	}
	if out.First == nil && out.SampleFailure != nil {
		out.First = out.SampleFailure
	}
	out.Elapsed = time.Since(start)
	return out, nil
}

func (c *CrossCheck) batchSize() int { return BatchSize(c.Game, c.Batch) }

// BatchSize is how many boards a generated input of game g holds at most
// under CrossCheck.Batch batch (0: DefaultBatch), capped by the game's
// MaxBoardsPerInput.
func BatchSize(g Game, batch int) int {
	if batch <= 0 {
		batch = DefaultBatch
	}
	return max(1, min(batch, g.MaxBoardsPerInput()))
}

// exampleSeed turns a 64-bit sub-seed into the int seed of
// Generator.Example, as `chancecheck gen` does; rapid starts its stream from
// the same number, which lets the shrinker replay the board.
func exampleSeed(seed uint64) int { return int(seed >> 1) }
