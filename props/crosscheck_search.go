package props

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/chancecheck/chancecheck/internal/climb"
	"github.com/chancecheck/chancecheck/internal/inorder"
	"github.com/chancecheck/chancecheck/internal/rapidflags"
	"pgregory.net/rapid"
)

// The search runs the solver on a sequence of inputs — the published
// samples, then batches of generated boards — with up to Jobs of them in
// flight, and judges their results strictly in the sequence's order, as
// one process at a time would (internal/inorder schedules them):
//
//   - Input i is sample i below len(samples); else, with k = i−len(samples),
//     a climbing slot (crosscheck_climb.go) or uniform batch
//     k − (the slots before k), which holds the generated boards numbered
//     batch·size upwards; a
//     worker draws and solves its batch's boards itself, so the analyst and
//     the generator run in parallel too. A board's number alone fixes it.
//     In a shard (CrossCheck.Shard) the numbers are the shard's own in
//     order, i−1, i−1+n, …, batched the same way, and only shard 1 has the
//     samples.
//   - Inputs are started in order, while time is left, so the inputs
//     started are always a prefix of the sequence. Up to 2·Jobs are in
//     progress, but only Jobs of them run the solver at once
//     (inorder.Slots, in the inputs' order): the others draw and solve their
//     boards meanwhile, so that the analyst's work overlaps the solver's
//     even at Jobs 1. When Time runs out, the inputs in progress are
//     cancelled, their solvers killed, and those whose solver had started
//     are counted in Result.Cancelled: the search ends with Time. A
//     failure one of them had seen, not confirmed, is Result.Unconfirmed
//     (crosscheck_unconfirmed.go).
//   - A finished input waits until every earlier one has been judged. So
//     the first failure judged is the lowest failing board, the counts are
//     those of a prefix, and Progress sees the same sequence whatever Jobs.
//     Within a failing batch that board is the one whose answer the run got
//     wrong first (every earlier one was accepted in that run) if it fails
//     alone too, else the lowest board that fails alone (checkGenerated):
//     the same for every Jobs, since it depends on the batch alone.
//   - Once a generated input fails (and KeepGoing is off), no later input
//     is started and the later ones in flight are cancelled, their solvers
//     killed: their results could only come after the failure. Earlier ones
//     run to the end, since one of them may fail too, and would come first.
//
// The search is a searcher: draw (crosscheck_search_draw.go) makes and runs
// one input, judge (crosscheck_search_judge.go) takes its result in order,
// ends and stop (here) say when the search is over. Shrinking starts after
// the search, on its own (Run).

// inputResult is one input of the search, run and judged.
type inputResult struct {
	sample    bool           // a published sample, else a batch of generated boards
	climbed   bool           // boards the climber drew, else the uniform stream's
	boards    int            // boards in the input judged
	classes   []string       // the coverage class of each uniform generated board judged
	unjudged  []string       // the coverage class of each uniform generated board no oracle could judge
	notJudged notJudged      // boards no oracle could judge, left out of the input
	oracles   map[string]int // boards judged per oracle of our answer (Solution.OracleOf)
	cases     []genCase      // the generated boards judged, in the input's order
	failure   *Failure
	figures   *inputFigures // the run's targets (crosscheck_targets.go); nil when the solver did not run
	err       error         // the harness failed (not the solver)
}

// searcher is one search: the inputs it draws and runs, and what it has
// judged so far (out).
type searcher struct {
	c       *CrossCheck
	start   time.Time
	out     *Result
	samples []Sample
	batch   int // boards an input of generated boards holds
	inputs  int // how many inputs there are; math.MaxInt: until time runs out
	boards  int // the shard's generated boards, numbered 0.. in it (Shard.Boards)
	gen     *rapid.Generator[Board]
	slots   *solverSlots
	closest *closestTracker
	err     error // the first harness error judged

	climber  *climber             // nil: uniform boards only
	replayer *rapidflags.Replayer // draws the climbed boards
}

// search runs the samples and the generated boards and fills in out: the
// counts, the first failure (not yet shrunk) and a failing sample.
func (c *CrossCheck) search(ctx context.Context, start time.Time, out *Result) error {
	s := newSearcher(c, start, out)
	defer func() { out.Closest = s.closest.out }()
	return s.run(ctx)
}

func newSearcher(c *CrossCheck, start time.Time, out *Result) *searcher {
	s := &searcher{c: c, start: start, out: out, samples: c.Game.Samples(), batch: c.batchSize(),
		inputs: math.MaxInt, boards: c.Shard.Boards(c.Cases), slots: newSolverSlots(c.jobs()), closest: newClosestTracker(c)}
	if c.Shard.Index > 1 {
		s.samples = nil // the samples are shard 1's
	}
	s.gen = c.Game.Generator()
	if c.Climb != 0 && c.Shard.Whole() {
		s.climber = climb.New[*climbParent](c.Climb)
	}
	if c.Cases > 0 {
		// The climbing slots are inputs of their own, between the uniform
		// ones.
		s.inputs = len(s.samples) + s.climber.Inputs((s.boards+s.batch-1)/s.batch)
	}
	return s
}

// run runs the inputs in order until the last, a failure, Time or ctx
// ends the search.
func (s *searcher) run(ctx context.Context) error {
	if s.climber != nil {
		r, err := rapidflags.NewReplayer("chancecheck-climb-" + s.c.Game.Name())
		if err != nil {
			return fmt.Errorf("crosscheck: climbing: %w", err)
		}
		defer func() { _ = r.Close() }()
		s.replayer = r
	}
	timeUp, cancel := s.stop()
	defer cancel()
	sum := inorder.Run(ctx, inorder.Plan[inputResult]{
		Items: s.inputs, Jobs: 2 * s.c.jobs(), Do: s.draw, Ends: s.ends, Take: s.judge, Stop: timeUp, Cut: s.cut,
		// A panic (a generator's, an analyst's) is the input's error, which
		// the search reports in its turn: a worker's panic must not take
		// the process down.
		Recover: func(seq int, p any) inputResult {
			return inputResult{err: fmt.Errorf("crosscheck: internal error on input %d: %v", seq+1, p)}
		},
	})
	// Time ran out with inputs in progress (being drawn, solved by the
	// analyst, waiting for a solver slot or run by the solver): none of
	// them is judged; their analysts were stopped, their solvers killed.
	s.out.Cancelled = sum.Cancelled
	if s.err == nil && !sum.Ended && sum.Cancelled == 0 {
		s.err = ctx.Err() // cancelled between inputs
	}
	return s.err
}

// stop is closed at the deadline, when every input in progress is
// cancelled, its solver killed: Time bounds the whole search. Nil without
// a Time.
func (s *searcher) stop() (<-chan struct{}, context.CancelFunc) {
	if s.c.Time <= 0 {
		return nil, func() {}
	}
	dctx, cancel := context.WithDeadline(context.Background(), s.start.Add(s.c.Time))
	return dctx.Done(), cancel
}

// ends reports whether the search is over once r is judged: the harness
// failed, or a generated input failed (KeepGoing off). Later inputs in
// flight are cancelled, their solvers killed: their results could only
// come after it.
func (s *searcher) ends(_ int, r inputResult) bool {
	return r.err != nil || r.failure != nil && !r.failure.NotReproduced && !r.sample && !s.c.KeepGoing
}

// jobs is the number of inputs in flight at once.
func (c *CrossCheck) jobs() int { return max(1, c.Jobs) }
