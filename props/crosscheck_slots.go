package props

import (
	"context"

	"github.com/chancecheck/chancecheck/internal/inorder"
)

// solverSlots are the search's Jobs solver runs at once (inorder.Slots).
type solverSlots struct {
	slots *inorder.Slots
}

func newSolverSlots(jobs int) *solverSlots {
	return &solverSlots{slots: inorder.NewSlots(jobs)}
}

// acquire waits for a slot for input seq.
func (s *solverSlots) acquire(ctx context.Context, seq int) error {
	return s.slots.Acquire(ctx, seq)
}

func (s *solverSlots) release() { s.slots.Release() }

// deferTurn takes input seq out of the order: it takes the first slot
// freed when it is ready (inorder.Slots.Defer).
func (s *solverSlots) deferTurn(seq int) { s.slots.Defer(seq) }

// done says input seq runs the solver no more (or never did): the inputs
// after it may take their turns.
func (s *solverSlots) done(seq int) { s.slots.Done(seq) }
