package props

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// ShrinkStats says how a failure was shrunk.
type ShrinkStats struct {
	Method  string        // "rapid", "rapid, then one part at a time" (Simplifier), or "none" with the reason in Note
	Runs    int           // solver runs while shrinking
	Elapsed time.Duration // time spent shrinking
	Note    string        // why shrinking did not happen or stopped short
}

// rapidFlagsMu serialises shrinks: rapid reads its settings from
// process-wide flags (rapid.seed, rapid.checks, ...), which a shrink sets
// for its own length and then restores.
var rapidFlagsMu sync.Mutex

// shrink shrinks a failing generated board with rapid's own shrinker.
//
// rapid.Check is started with rapid.seed set to the board's Example seed and
// rapid.checks to one, so its first check draws exactly the failing board
// (Generator.Example and rapid's search start the same bit stream from the
// seed); rapid then shrinks the bit stream, re-running the solver on each
// smaller board, and keeps a smaller board only when it fails with the same
// verdict (each verdict fails the property from its own line, and rapid
// compares tracebacks). Fail files are switched off (rapid.nofailfile) so
// nothing is written in the user's directory. The last run rapid makes is
// on the shrunk board, which is the one returned.
func (c *CrossCheck) shrink(ctx context.Context, gc genCase, found *Failure) (*Failure, ShrinkStats) {
	stats := ShrinkStats{Method: "rapid"}
	start := time.Now()
	budget := c.ShrinkTime
	if budget <= 0 {
		budget = DefaultShrinkTime
	}
	gen := c.Game.Generator()
	var last *Failure
	prop := func(t *rapid.T) {
		b := gen.Draw(t, "board")
		last = nil
		if ctx.Err() != nil {
			return
		}
		stats.Runs++
		f, err := c.checkCases(ctx, []genCase{{index: gc.index, board: b}})
		if err != nil {
			return // the harness could not judge this board: not a failure of the solver
		}
		last = f
		if f == nil {
			return
		}
		// One line per verdict: rapid keeps a smaller board only when its
		// failure has the same traceback, so shrinking keeps the verdict.
		switch f.Verdict {
		case WrongAnswer:
			t.Fatalf("wrong answer")
		case TimeLimit:
			t.Fatalf("time limit")
		case Crash:
			t.Fatalf("crash")
		case OutputFormat:
			t.Fatalf("output format")
		}
	}
	err := withRapidFlags(map[string]string{
		"rapid.seed":       strconv.FormatUint(uint64(exampleSeed(gc.seed)), 10),
		"rapid.checks":     "1",
		"rapid.nofailfile": "true",
		"rapid.shrinktime": budget.String(),
		"rapid.v":          "false",
		"rapid.debug":      "false",
		"rapid.debugvis":   "false",
		"rapid.log":        "false",
	}, func() {
		rapid.Check(&quietTB{name: "chancecheck-check-" + c.Game.Name()}, prop)
	})
	stats.Elapsed = time.Since(start)
	switch {
	case err != nil:
		stats.Method, stats.Note = "none", err.Error()
		return nil, stats
	case last == nil || last.Verdict != found.Verdict:
		stats.Method, stats.Note = "none", "rapid could not reproduce the failure (a flaky solver?)"
		return nil, stats
	}
	if simp, ok := c.Game.(Simplifier); ok {
		// rapid may have used its whole budget: taking parts away gets a
		// budget of its own.
		deadline := time.Now().Add(budget)
		steps, note := c.simplify(ctx, simp, gc.index, &last, deadline, &stats.Runs)
		if steps > 0 {
			stats.Method = "rapid, then one part at a time"
		}
		stats.Note = note
	}
	stats.Elapsed = time.Since(start)
	last.Source = "a board shrunk from " + found.Source
	last.Class = c.Game.Classify(last.Boards[0])
	last.seeds = nil
	return last, stats
}

// simplify replaces *f, a failure on one board, by a failure with the same
// verdict on a board one step simpler (Simplifier), as long as there is one
// and time is left, and returns how many steps it took and, when it stopped
// for lack of time, why. runs counts the solver runs.
func (c *CrossCheck) simplify(ctx context.Context, simp Simplifier, index int, f **Failure, deadline time.Time, runs *int) (int, string) {
	note := ""
	_, steps := simplest(simp, (*f).Boards[0], func(b Board) bool {
		*runs++
		g, err := c.checkCases(ctx, []genCase{{index: index, board: b}})
		if err != nil || g == nil || g.Verdict != (*f).Verdict {
			return false
		}
		*f = g
		return true
	}, func() bool {
		if ctx.Err() != nil || time.Now().After(deadline) {
			note = "the shrinking time ran out before every part was tried"
			return false
		}
		return true
	})
	return steps, note
}

// simplest takes b one step simpler (Simplifier) while some simpler board
// still fails, trying the candidates in order, and returns the last board
// that failed and the number of steps. It stops early when more says so.
func simplest(simp Simplifier, b Board, fails func(Board) bool, more func() bool) (Board, int) {
	steps := 0
	for {
		found := false
		for _, c := range simp.Simpler(b) {
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

// withRapidFlags runs fn with rapid's flags set to values, restoring them
// afterwards, and turns a panic inside fn (rapid panics when a failure does
// not reproduce while shrinking) into an error.
func withRapidFlags(values map[string]string, fn func()) (err error) {
	rapidFlagsMu.Lock()
	defer rapidFlagsMu.Unlock()
	// rapid.Check asks testing.Short(), which needs the testing flags
	// registered and parsed; a test binary has done both already.
	testing.Init()
	if !flag.Parsed() {
		if err := flag.CommandLine.Parse(nil); err != nil {
			return fmt.Errorf("preparing rapid: %w", err)
		}
	}
	old := map[string]string{}
	defer func() {
		for name, v := range old {
			_ = flag.Set(name, v)
		}
	}()
	for name, v := range values {
		f := flag.Lookup(name)
		if f == nil {
			return fmt.Errorf("rapid has no flag %s: cannot shrink", name)
		}
		old[name] = f.Value.String()
		if err := flag.Set(name, v); err != nil {
			return fmt.Errorf("setting %s: %w", name, err)
		}
	}
	if testing.Short() {
		// -short divides rapid's checks by 5; one check must stay one.
		_ = flag.Set("rapid.checks", "5")
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("shrinking stopped: %v", p)
		}
	}()
	fn()
	return nil
}

// quietTB is the rapid.TB of a check run outside a test: it records that
// the property failed and discards rapid's messages (the check reports the
// failure itself).
type quietTB struct {
	name   string
	mu     sync.Mutex
	failed bool
}

func (q *quietTB) Helper()               {}
func (q *quietTB) Name() string          { return q.name }
func (q *quietTB) Logf(string, ...any)   {}
func (q *quietTB) Log(...any)            {}
func (q *quietTB) Skipf(string, ...any)  {}
func (q *quietTB) Skip(...any)           {}
func (q *quietTB) SkipNow()              {}
func (q *quietTB) Errorf(string, ...any) { q.Fail() }
func (q *quietTB) Error(...any)          { q.Fail() }
func (q *quietTB) Fatalf(string, ...any) { q.Fail() }
func (q *quietTB) Fatal(...any)          { q.Fail() }
func (q *quietTB) FailNow()              { q.Fail() }
func (q *quietTB) Fail()                 { q.mu.Lock(); q.failed = true; q.mu.Unlock() }
func (q *quietTB) Failed() bool          { q.mu.Lock(); defer q.mu.Unlock(); return q.failed }
