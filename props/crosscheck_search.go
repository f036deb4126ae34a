package props

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/chancecheck/chancecheck/internal/inorder"
	"github.com/chancecheck/chancecheck/montecarlo"
)

// The search runs the solver on a sequence of inputs — the published
// samples, then batches of generated boards — with up to Jobs of them in
// flight, and judges their results strictly in the sequence's order, as
// one process at a time would (internal/inorder schedules them):
//
//   - Input i is sample i below len(samples), else batch i−len(samples),
//     which holds the generated boards numbered batch·size upwards; a
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
//     are counted in Result.Cancelled: the search ends with Time.
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
// Shrinking starts after the search, on its own (Run).

// inputResult is one input of the search, run and judged.
type inputResult struct {
	sample    bool           // a published sample, else a batch of generated boards
	boards    int            // boards in the input judged
	classes   []string       // the coverage class of each generated board judged
	unjudged  []string       // the coverage class of each generated board no oracle could judge
	notJudged notJudged      // boards no oracle could judge, left out of the input
	oracles   map[string]int // boards judged per oracle of our answer (Solution.OracleOf)
	failure   *Failure
	figures   *inputFigures // the run's targets (crosscheck_targets.go); nil when the solver did not run
	err       error         // the harness failed (not the solver)
}

// search runs the samples and the generated boards and fills in out: the
// counts, the first failure (not yet shrunk) and a failing sample.
func (c *CrossCheck) search(ctx context.Context, start time.Time, out *Result) error {
	samples := c.Game.Samples()
	if c.Shard.Index > 1 {
		samples = nil // the samples are shard 1's
	}
	batch := c.batchSize()
	inputs := math.MaxInt             // how many inputs there are
	boards := c.Shard.Boards(c.Cases) // the shard's generated boards, numbered 0.. in it
	if c.Cases > 0 {
		inputs = len(samples) + (boards+batch-1)/batch
	}
	var deadline time.Time
	if c.Time > 0 {
		deadline = start.Add(c.Time)
	}
	gen := c.Game.Generator()
	slots := newSolverSlots(c.jobs())
	run := func(ctx context.Context, seq int) inputResult {
		defer slots.done(seq)
		if seq < len(samples) {
			r := inputResult{sample: true, oracles: map[string]int{}}
			if r.err = slots.acquire(ctx, seq); r.err != nil {
				return r
			}
			defer slots.release()
			r.failure, r.boards, r.figures, r.err = c.checkSample(ctx, samples[seq], &r.notJudged, r.oracles)
			return r
		}
		first := (seq - len(samples)) * batch
		last := first + batch
		if c.Cases > 0 {
			last = min(last, boards)
		}
		r := inputResult{oracles: map[string]int{}}
		cases := make([]genCase, 0, last-first)
		for p := first; p < last; p++ {
			i := c.Shard.board(p)
			seed := montecarlo.SubSeed(c.Seed, uint64(i))
			b := gen.Example(exampleSeed(seed))
			// A board no oracle can judge is left out of the input: it is
			// nobody's failure, and no answer to it could pass either.
			sol, ok, err := c.solveOrSkip(ctx, b, fmt.Sprintf("generated board %d", i+1), &r.notJudged)
			if err != nil {
				r.err = err
				return r
			}
			if !ok {
				r.unjudged = append(r.unjudged, c.Game.Classify(b))
			}
			if ok {
				cases = append(cases, genCase{index: i, seed: seed, board: b, sol: &sol})
				r.classes = append(r.classes, c.Game.Classify(b))
				r.oracles[sol.OracleOf()]++
			}
		}
		r.boards = len(cases)
		if len(cases) > 0 {
			if r.err = slots.acquire(ctx, seq); r.err != nil {
				return r
			}
			defer slots.release()
			r.failure, r.figures, r.err = c.checkGenerated(ctx, cases)
		}
		return r
	}

	progress := func() {
		if c.Watch != nil {
			c.Watch.SetJudged(out.Samples + out.Generated)
		}
		if c.Progress != nil {
			fails := 0
			for _, n := range out.Counts {
				fails += n
			}
			c.Progress(Progress{Checked: out.Samples + out.Generated, Failures: fails, Elapsed: time.Since(start)})
		}
	}
	// judge takes in one input's result, in sequence order.
	var searchErr error
	closest := newClosestTracker(c)
	defer func() { out.Closest = closest.out }()
	judge := func(_ int, r inputResult) {
		if r.err != nil {
			searchErr = r.err
			return
		}
		closest.add(r.figures)
		if n := r.notJudged; n.boards > 0 {
			if out.NotJudged == 0 {
				out.NotJudgedReason = n.reason
			}
			out.NotJudged += n.boards
			out.OverBoardTime += n.overBudget
			if !r.sample {
				out.NotJudgedGenerated += n.boards
			}
		}
		for o, n := range r.oracles {
			out.Oracles[o] += n
		}
		if r.sample {
			out.Samples += r.boards
		} else {
			out.Generated += r.boards
			for _, cl := range r.classes {
				out.Classes[cl]++
			}
			for _, cl := range r.unjudged {
				out.NotJudgedClasses[cl]++
			}
		}
		if f := r.failure; f != nil && f.NotReproduced {
			out.NotReproduced = append(out.NotReproduced, f)
			progress()
			return
		}
		if f := r.failure; f != nil {
			out.Counts[f.Verdict]++
			if out.TimeToFailure == 0 {
				out.TimeToFailure = time.Since(start)
			}
			switch {
			case r.sample && out.SampleFailure == nil:
				out.SampleFailure = f
			case !r.sample && out.First == nil:
				out.First, out.FirstBoard = f, f.Board
			}
		}
		progress()
	}
	// ends reports whether the search is over once r is judged: the harness
	// failed, or a generated input failed (KeepGoing off). Later inputs in
	// flight are cancelled, their solvers killed: their results could only
	// come after it.
	ends := func(_ int, r inputResult) bool {
		return r.err != nil || r.failure != nil && !r.failure.NotReproduced && !r.sample && !c.KeepGoing
	}
	// At the deadline every input in progress is cancelled, its solver
	// killed: Time bounds the whole search.
	var timeUp <-chan struct{}
	if !deadline.IsZero() {
		dctx, cancel := context.WithDeadline(context.Background(), deadline)
		defer cancel()
		timeUp = dctx.Done()
	}
	sum := inorder.Run(ctx, inorder.Plan[inputResult]{
		Items: inputs, Jobs: 2 * c.jobs(), Do: run, Ends: ends, Take: judge, Stop: timeUp,
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
	out.Cancelled = sum.Cancelled
	if searchErr == nil && !sum.Ended && sum.Cancelled == 0 {
		searchErr = ctx.Err() // cancelled between inputs
	}
	return searchErr
}

// jobs is the number of inputs in flight at once.
func (c *CrossCheck) jobs() int { return max(1, c.Jobs) }
