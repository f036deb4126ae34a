package inorder

import (
	"context"
	"sync"
)

// Slots lets a run prepare items ahead of the ones that hold its scarce
// resource: a Plan runs more items than there are slots, each item does
// its own work (drawing and solving boards) in parallel, and only the step
// that needs the resource (running a solver process) waits for a slot.
// The slots are taken strictly in the items' order: item i gets one only
// after every item before it has got one or said it needs none (Done), so
// the resource is used in the order the results are taken, as by a run
// without items ahead (a solver sees the inputs in the same order).
//
// With Jobs slots and a Plan of 2·Jobs items in progress, a check at
// --jobs 1 draws and solves the next input's boards while the solver runs
// on this one's.
//
// An item that must wait for something else before it knows whether it
// needs a slot (a climbing slot's plan, made from results lag inputs
// back) steps out of the order with Defer, so that the items after it
// need not wait for it too; it then takes the first slot freed, ahead of
// every item waiting its turn.
type Slots struct {
	mu       sync.Mutex
	free     int
	next     int                   // the lowest item that has neither taken a slot nor said Done
	passed   map[int]bool          // items above next that have
	waiting  map[int]chan struct{} // item → closed when it is given a slot
	deferred map[int]chan struct{} // items out of the order (Defer) → closed when given a slot; nil: not waiting yet
}

// NewSlots returns n slots (at least 1).
func NewSlots(n int) *Slots {
	return &Slots{free: max(1, n), passed: map[int]bool{}, waiting: map[int]chan struct{}{}, deferred: map[int]chan struct{}{}}
}

// Defer takes item i, which has not called Acquire, out of the order: the
// items after it take their turns without waiting for it, and its own
// Acquire takes the first free slot, ahead of the items waiting their
// turn (the lowest deferred item first). Done still ends it.
func (s *Slots) Defer(i int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.deferred[i]; ok || i < s.next || s.passed[i] {
		return // deferred already, or past its turn
	}
	s.deferred[i] = nil
	s.pass(i)
	s.grant()
}

// Acquire waits for a slot for item i and takes it, or returns ctx's
// error, holding none, when ctx ends first. An item calls Acquire at most
// once, and every item started calls Done when it is over, whether or not
// it took a slot.
func (s *Slots) Acquire(ctx context.Context, i int) error {
	if err := ctx.Err(); err != nil {
		s.Done(i)
		return err
	}
	s.mu.Lock()
	if c, ok := s.deferred[i]; ok && c == nil {
		return s.acquireDeferred(ctx, i)
	}
	if i == s.next && s.free > 0 {
		s.free--
		s.pass(i)
		s.grant()
		s.mu.Unlock()
		return nil
	}
	granted := make(chan struct{})
	s.waiting[i] = granted
	s.mu.Unlock()
	return s.await(ctx, i, granted, s.waiting, true)
}

// await waits for item i's slot (granted closed), or for ctx's end: then
// it takes i out of queue (s.waiting or s.deferred) and, where it was
// still there, passes its turn (passTurn: an item waiting its turn) or,
// where it was given a slot as ctx ended, hands the slot on.
func (s *Slots) await(ctx context.Context, i int, granted chan struct{}, queue map[int]chan struct{}, passTurn bool) error {
	select {
	case <-granted:
		return nil
	case <-ctx.Done():
		s.mu.Lock()
		_, still := queue[i]
		delete(queue, i)
		if still && passTurn {
			s.pass(i)
			s.grant()
		}
		s.mu.Unlock()
		if !still {
			s.Release() // given a slot as ctx ended: hand it on
		}
		return ctx.Err()
	}
}

// acquireDeferred is Acquire for deferred item i, called with s.mu held.
func (s *Slots) acquireDeferred(ctx context.Context, i int) error {
	if s.free > 0 {
		s.free--
		delete(s.deferred, i)
		s.mu.Unlock()
		return nil
	}
	granted := make(chan struct{})
	s.deferred[i] = granted
	s.mu.Unlock()
	return s.await(ctx, i, granted, s.deferred, false) // passed already
}

// Release gives a slot back.
func (s *Slots) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.free++
	s.grant()
}

// Done says item i takes no slot from now on (it took one, or needs
// none); the items after it may then take theirs. Calling it again, or
// after Acquire, does nothing.
func (s *Slots) Done(i int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.deferred[i]; ok {
		if c == nil {
			delete(s.deferred, i) // deferred, never waited: passed already
		}
		return // a deferred Acquire's own cancellation ends it
	}
	if _, waits := s.waiting[i]; waits {
		return // Acquire's own cancellation passes it
	}
	s.pass(i)
	s.grant()
}

// pass marks item i as past its turn and moves next beyond the items that are.
func (s *Slots) pass(i int) {
	if i < s.next {
		return
	}
	s.passed[i] = true
	for s.passed[s.next] {
		delete(s.passed, s.next)
		s.next++
	}
}

// grant gives free slots to the deferred items waiting, lowest first,
// then to the items waiting whose turn it is.
func (s *Slots) grant() {
	for s.free > 0 {
		low, c := -1, chan struct{}(nil)
		for j, cj := range s.deferred {
			if cj != nil && (low < 0 || j < low) {
				low, c = j, cj
			}
		}
		if c == nil {
			break
		}
		delete(s.deferred, low)
		s.free--
		close(c)
	}
	for s.free > 0 {
		c, ok := s.waiting[s.next]
		if !ok {
			return
		}
		delete(s.waiting, s.next)
		s.free--
		s.pass(s.next)
		close(c)
	}
}
