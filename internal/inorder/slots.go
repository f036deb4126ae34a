package inorder

import (
	"context"
	"sync"
)

// Slots lets a run prepare items ahead of the ones that hold its scarce
// resource: a Plan runs more items than there are slots, each item does
// its own work (drawing and solving boards) in parallel, and only the step
// that needs the resource (running a solver process) waits for a slot. A
// free slot goes to the lowest-numbered item waiting, never to a later one
// first, so that the items are served in the order their results are
// taken and a run cut short by time wastes the least.
//
// With Jobs slots and a Plan of 2·Jobs items in progress, a check at
// --jobs 1 draws and solves the next input's boards while the solver runs
// on this one's.
type Slots struct {
	mu      sync.Mutex
	free    int
	waiting map[int]chan struct{} // item → closed when it is given a slot
}

// NewSlots returns n slots (at least 1).
func NewSlots(n int) *Slots {
	return &Slots{free: max(1, n), waiting: map[int]chan struct{}{}}
}

// Acquire waits for a slot for item i and takes it, or returns ctx's
// error, holding none, when ctx ends first. An item takes at most one
// slot at a time.
func (s *Slots) Acquire(ctx context.Context, i int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	if s.free > 0 && !s.lowerWaiting(i) {
		s.free--
		s.mu.Unlock()
		return nil
	}
	granted := make(chan struct{})
	s.waiting[i] = granted
	s.mu.Unlock()
	select {
	case <-granted:
		return nil
	case <-ctx.Done():
		s.mu.Lock()
		_, still := s.waiting[i]
		delete(s.waiting, i)
		s.mu.Unlock()
		if !still {
			// Given a slot as ctx ended: hand it on.
			s.Release()
		}
		return ctx.Err()
	}
}

// Release gives a slot back: to the lowest-numbered item waiting, if any.
func (s *Slots) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	lowest, found := 0, false
	for i := range s.waiting {
		if !found || i < lowest {
			lowest, found = i, true
		}
	}
	if !found {
		s.free++
		return
	}
	close(s.waiting[lowest])
	delete(s.waiting, lowest)
}

// lowerWaiting reports whether an item below i waits for a slot.
func (s *Slots) lowerWaiting(i int) bool {
	for j := range s.waiting {
		if j < i {
			return true
		}
	}
	return false
}
