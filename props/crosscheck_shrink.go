package props

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chancecheck/chancecheck/internal/rapidflags"
	"pgregory.net/rapid"
)

// ShrinkStats says how a failure was shrunk, and how far it got.
type ShrinkStats struct {
	Method  string        // "rapid", "rapid, then one part at a time" (Game.Simpler), "one part at a time" (a climbed board, which no seed draws), or "none" with the reason in Note
	Runs    int           // solver runs while shrinking; a board tried again is not run again
	Elapsed time.Duration // time spent shrinking
	Note    string        // why shrinking did not happen or stopped short
	// ShrinkTime is the time shrinking had (CrossCheck.ShrinkTime): no solver
	// run starts after it, so Elapsed exceeds it by one run at most.
	ShrinkTime time.Duration
	// CutShort says that ShrinkTime (or rapid's half of it) ran out, or
	// the check was cancelled, while a smaller board was still to be
	// tried: the board may shrink further with more time.
	CutShort bool
	// RapidSteps is how many smaller failing boards rapid's shrinker moved
	// to; SimplifierSteps how many steps one part at a time followed.
	RapidSteps, SimplifierSteps int
}

// shrink shrinks a failing generated board within one budget, ShrinkTime:
// rapid's shrinker first, then one step simpler at a time (Game.Simpler),
// in whatever time rapid left. When the game has simplifiers, rapid gets at
// most half the budget: it takes apart the random choices a board was drawn
// from, so it cannot make a board smaller than its style draws (a maze of
// the limits style stays 30 × 29), and on boards whose every run is slow it
// would spend the whole budget on small steps while a simplifier, taking a
// row away at a time, is what gets such a board small.
//
// rapid.Check runs with rapid.seed set to the board's Example seed and one
// check (internal/rapidflags), so its first check draws exactly the failing
// board; rapid then shrinks the bit stream, re-running the solver on each
// smaller board, and keeps a smaller board only when it fails with the same
// verdict (another verdict is another bug, so the property passes on it).
// The budget is a deadline checked before every run of the property: past
// it rapid is stopped there (rapidflags.Settings.Stop), and the last board
// that failed is the smallest rapid kept. rapid's own rapid.shrinktime is
// only checked between its steps, so it cannot be the bound: one step over
// a board of thousands of draws is millions of tries (a traps board under
// the default shrinking time ran past 16 minutes of --time 30s).
//
// An oracle that changes its answer on a board tried (ErrInconsistentOracle)
// ends shrinking, and its error is returned: a wrong answer found against it
// is then withdrawn (trust.go).
func (c *CrossCheck) shrink(ctx context.Context, gc genCase, found *Failure) (_ *Failure, stats ShrinkStats, oracleErr error) {
	start := time.Now()
	budget := c.ShrinkTime
	s := &shrinking{c: c, ctx: ctx, index: gc.index, verdict: found.Verdict, tried: map[string]*Failure{}}
	simplifiable := len(c.Game.Simpler(found.Boards[0])) > 0
	if budget <= 0 {
		// The default is stretched to ShrinkRuns times the first try:
		// rapid drawing the failing board again (a generator run, for
		// programs) and running it, which runs whatever the time; fails
		// sets the budget after it (setBudget). rapid's own bound only
		// backs ours up.
		budget = 24 * time.Hour
		s.stretch = func(first time.Duration) { s.setBudget(start, defaultShrinkTime(first), simplifiable) }
	}
	rapidBudget := s.setBudget(start, budget, simplifiable)
	stats = ShrinkStats{Method: "rapid"}
	defer func() { stats.ShrinkTime = s.total }()
	rapidCut := false
	defer func() { stats.Runs, stats.CutShort, oracleErr = s.runs, s.cutShort || rapidCut, s.oracleErr }()

	var err error
	if gc.climbed != nil {
		// rapid replays a board from its seed, and a climbed board has
		// none: it is run once, then taken apart one part at a time.
		stats.Method = "one part at a time"
		s.fails(gc.board)
	} else {
		gen := c.Game.Generator()
		_, err = rapidflags.Check("chancecheck-shrink-"+c.Game.Name(),
			// Stop is the hard bound: past the deadline (or on an
			// inconsistent oracle, or ctx's end) rapid is stopped at once,
			// not left to draw every candidate of a pass and reject it.
			rapidflags.Settings{Seed: uint64(exampleSeed(gc.seed)), ShrinkTime: rapidBudget,
				Stop: func() bool { return s.oracleErr != nil || !s.timeLeft() }},
			func(t *rapid.T) {
				if s.fails(gen.Draw(t, "board")) {
					t.Fatalf("%s", found.Verdict)
				}
			})
	}
	if s.stretch != nil { // rapid ran no board: the time so far is the first try's
		s.stretch(time.Since(start))
		s.stretch = nil
	}
	stats.Elapsed = time.Since(start)
	switch {
	case err != nil:
		stats.Method, stats.Note = "none", err.Error()
		return nil, stats, nil
	case s.oracleErr != nil:
		stats.Method, stats.Note = "none", "the oracle changed its answer on a board tried"
		return nil, stats, nil
	case s.last == nil && s.cutShort:
		stats.Method, stats.Note = "none", s.stoppedShort("before the failure could be run again")
		return nil, stats, nil
	case s.last == nil:
		stats.Method, stats.Note = "none", "rapid could not reproduce the failure (a flaky solver?)"
		return nil, stats, nil
	}
	stats.RapidSteps = s.moves - 1
	switch {
	case s.cutShort && (!simplifiable || s.ctx.Err() != nil):
		stats.Note = s.stoppedShort("during rapid's shrinking") + ": a smaller board may still fail"
	default:
		// rapid takes apart the random choices a board was drawn from; a
		// part drawn as a unit can survive that. Take parts away while the
		// board still fails, in the time rapid left.
		if s.cutShort {
			rapidCut = true
			stats.Note = fmt.Sprintf("rapid's half of the shrinking time (%v) ran out", s.budget)
		}
		s.cutShort, s.budget, s.deadline = false, s.total, start.Add(s.total)
		_, stats.SimplifierSteps = simplest(c.Game, s.last.Boards[0], s.fails, s.timeLeft)
		if gc.climbed == nil && stats.SimplifierSteps > 0 {
			stats.Method = "rapid, then one part at a time"
		}
		switch {
		case s.cutShort && rapidCut:
			stats.Note += "; then " + s.stoppedShort("while taking parts away") + ": a smaller board may still fail"
		case s.cutShort:
			stats.Note = s.stoppedShort("while taking parts away") + ": a smaller board may still fail"
		case rapidCut && stats.SimplifierSteps > 0:
			stats.Note += fmt.Sprintf(", then %d part(s) were taken away, and no further one could be: rapid might have shrunk it further", stats.SimplifierSteps)
		case rapidCut:
			stats.Note += ", then no part could be taken away: rapid might have shrunk it further"
		}
	}
	stats.Elapsed = time.Since(start)
	last := s.last
	last.Source = "a board shrunk from " + found.Source
	if bytes.Equal(last.Input, found.Input) {
		// Shrinking kept the very input it started from: say so, not
		// "shrunk".
		last.Source = found.Source + " (no smaller failing board found)"
	}
	last.Class = c.Game.Classify(last.Boards[0])
	last.cases = nil
	return last, stats, nil
}

// setBudget sets the whole shrinking time to total, and rapid's part of
// it (half where the game has simplifiers), which it returns.
func (s *shrinking) setBudget(start time.Time, total time.Duration, simplifiable bool) time.Duration {
	s.started, s.total, s.budget = start, total, total
	if simplifiable {
		s.budget = total / 2
	}
	s.deadline = start.Add(s.budget)
	return s.budget
}

// defaultShrinkTime is the shrinking time when none is set, given the
// failing board's first run's: DefaultShrinkTime, or ShrinkRuns such runs
// when longer.
func defaultShrinkTime(first time.Duration) time.Duration {
	return max(DefaultShrinkTime, ShrinkRuns*first)
}

// shrinking is the state of one failure's shrinking, shared by rapid's
// phase and the simplifier's.
type shrinking struct {
	c        *CrossCheck
	ctx      context.Context
	index    int     // the generated board's index, for the failure's Source
	verdict  Verdict // the verdict being shrunk
	budget   time.Duration
	deadline time.Time     // start + budget: no solver run starts after it
	total    time.Duration // the whole shrinking time, both steps
	started  time.Time
	// stretch, when set, sets the budget from the first try's time: the
	// default shrinking time (defaultShrinkTime), called once.
	stretch func(first time.Duration)

	// tried is every input run so far and its failure with the verdict
	// (nil: it passed, failed otherwise, or could not be judged). rapid runs
	// each board it keeps twice, and simplifiers can reach one board by
	// several ways; each is run once.
	tried    map[string]*Failure
	last     *Failure // the last failure with the verdict: the smallest board so far
	moves    int      // how many times last changed to another board
	runs     int      // solver runs
	cutShort bool     // a board was left untried for lack of time
	// oracleErr is the first ErrInconsistentOracle met: from then on no
	// board is run, and every one passes.
	oracleErr error
}

// fails reports whether the solver fails on b with the verdict being
// shrunk, running it unless b was tried before; once the time is up it
// runs nothing and reports false.
func (s *shrinking) fails(b Board) bool {
	var in bytes.Buffer
	if err := s.c.Game.WriteInput(&in, []Board{b}); err != nil {
		return false
	}
	f, seen := s.tried[in.String()]
	if !seen {
		if s.oracleErr != nil || !s.timeLeft() {
			return false
		}
		s.runs++
		var err error
		f, err = s.c.checkCases(s.ctx, []genCase{{index: s.index, board: b}})
		if err != nil && s.ctx.Err() != nil {
			s.cutShort = true // interrupted: this board is untried, not passed
			return false
		}
		if errors.Is(err, ErrInconsistentOracle) {
			s.oracleErr = fmt.Errorf("%w (while shrinking)", err)
			return false
		}
		if err != nil || f != nil && (f.Verdict != s.verdict || f.NotReproduced) {
			f = nil // not this failure: a harness error, or another bug
		}
		s.tried[in.String()] = f
	}
	if s.stretch != nil {
		s.stretch(time.Since(s.started))
		s.stretch = nil
	}
	if f == nil {
		return false
	}
	if f != s.last {
		s.last = f
		s.moves++
	}
	return true
}

// timeLeft reports whether another solver run may start, and records when
// one may not.
func (s *shrinking) timeLeft() bool {
	if s.ctx.Err() != nil || !time.Now().Before(s.deadline) {
		s.cutShort = true
		return false
	}
	return true
}

// stoppedShort says why shrinking stopped when, as a Note.
func (s *shrinking) stoppedShort(when string) string {
	if s.ctx.Err() != nil {
		return "interrupted " + when
	}
	return fmt.Sprintf("the shrinking time (%v) ran out %s", s.budget, when)
}

// simplest takes b one step simpler (Game.Simpler) while some simpler board
// still fails, and returns the last board that failed and the number of
// steps. Each step tries the candidates of every simplifier in order and
// moves to the first that fails; the next step starts again from the first
// simplifier, on the new board. It stops when no candidate fails, or
// before a candidate when more says so.
func simplest(g Game, b Board, fails func(Board) bool, more func() bool) (Board, int) {
	steps := 0
	for {
		found := false
		for _, c := range g.Simpler(b) {
			if !more() {
				return b, steps
			}
			if fails(c) {
				b, found = c, true
				break
			}
		}
		if !found {
			return b, steps
		}
		steps++
	}
}
