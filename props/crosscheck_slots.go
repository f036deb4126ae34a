package props

import (
	"context"
	"sync"

	"github.com/chancecheck/chancecheck/internal/inorder"
)

// solverSlots are the search's Jobs solver runs at once (inorder.Slots),
// with the inputs that got one: an input cancelled while it was still
// drawing or solving its boards never ran the solver, and is not counted
// as a run Time cut short.
type solverSlots struct {
	slots *inorder.Slots
	mu    sync.Mutex
	ran   map[int]bool // inputs that got a slot
}

func newSolverSlots(jobs int) *solverSlots {
	return &solverSlots{slots: inorder.NewSlots(jobs), ran: map[int]bool{}}
}

// acquire waits for a slot for input seq.
func (s *solverSlots) acquire(ctx context.Context, seq int) error {
	if err := s.slots.Acquire(ctx, seq); err != nil {
		return err
	}
	s.mu.Lock()
	s.ran[seq] = true
	s.mu.Unlock()
	return nil
}

func (s *solverSlots) release() { s.slots.Release() }

// done says input seq runs the solver no more (or never did): the inputs
// after it may take their turns.
func (s *solverSlots) done(seq int) { s.slots.Done(seq) }

// startedIn counts the inputs from..to−1 that got a slot.
func (s *solverSlots) startedIn(from, to int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for i := range s.ran {
		if i >= from && i < to {
			n++
		}
	}
	return n
}
