package props

import (
	"sync"
	"time"
)

// Watch follows a running check for a progress line that says more than
// the counts: which board (or solver run) has been in progress the
// longest, and for how long, so that a slow board is told from a hang.
// CrossCheck.Watch and reports.Options.Watch report to it; it is safe for
// concurrent use.
type Watch struct {
	now     func() time.Time
	mu      sync.Mutex
	judged  int
	next    uint64
	running map[uint64]activity
}

// activity is one piece of work in progress.
type activity struct {
	what  string
	since time.Time
}

// WatchSnapshot is a Watch's view at one moment.
type WatchSnapshot struct {
	Judged int // boards judged so far, samples included
	// Oldest is the work in progress the longest ("the analyst on
	// generated board 17", "the solver on generated boards 1..20"), and
	// Running how long it has run; "" and 0 when nothing is in progress.
	Oldest  string
	Running time.Duration
}

// NewWatch makes a Watch that tells time by now (time.Now when nil; a test
// gives its own clock).
func NewWatch(now func() time.Time) *Watch {
	if now == nil {
		now = time.Now
	}
	return &Watch{now: now, running: map[uint64]activity{}}
}

// Begin records what as in progress and returns the function that ends it.
func (w *Watch) Begin(what string) (end func()) {
	w.mu.Lock()
	id := w.next
	w.next++
	w.running[id] = activity{what, w.now()}
	w.mu.Unlock()
	return func() {
		w.mu.Lock()
		delete(w.running, id)
		w.mu.Unlock()
	}
}

// SetJudged records the boards judged so far.
func (w *Watch) SetJudged(n int) {
	w.mu.Lock()
	w.judged = n
	w.mu.Unlock()
}

// Snapshot is the Watch's view now.
func (w *Watch) Snapshot() WatchSnapshot {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := WatchSnapshot{Judged: w.judged}
	first, found := uint64(0), false
	for id, a := range w.running {
		// The oldest; among equals, the one begun first.
		if !found || a.since.Before(w.running[first].since) || (a.since.Equal(w.running[first].since) && id < first) {
			first, found = id, true
		}
	}
	if found {
		a := w.running[first]
		s.Oldest, s.Running = a.what, w.now().Sub(a.since)
	}
	return s
}
