package props

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrOverBoardTime is wrapped by the error of an analyst that ran past its
// per-board budget (CrossCheck.BoardTime, --board-time), with
// ErrCannotJudge: the board is not judged, and the run goes on.
var ErrOverBoardTime = errors.New("the oracle ran past its per-board budget")

// AnswerWithin is g.AnswerContext(ctx, b) that returns as soon as ctx is
// done, with an error wrapping ctx's, whatever the analyst does: a game
// defined by rules stops on its own (its engine looks at ctx), and a
// hand-written analyst, which takes no context, is left to finish on its
// own goroutine, its answer dropped. A panic of the analyst is its error:
// the harness never crashes on a board.
func AnswerWithin(ctx context.Context, g Game, b Board) (Solution, error) {
	type answer struct {
		sol Solution
		err error
	}
	if ctx.Done() == nil { // a context that never ends: no goroutine needed
		return safeAnswer(ctx, g, b)
	}
	done := make(chan answer, 1) // the goroutine never blocks, whoever waits
	go func() {
		sol, err := safeAnswer(ctx, g, b)
		done <- answer{sol, err}
	}()
	select {
	case a := <-done:
		if a.err != nil && ctx.Err() != nil {
			return Solution{}, fmt.Errorf("%w (%v)", context.Cause(ctx), a.err)
		}
		return a.sol, a.err
	case <-ctx.Done():
		return Solution{}, context.Cause(ctx)
	}
}

// safeAnswer is g.AnswerContext with a panic turned into an error.
func safeAnswer(ctx context.Context, g Game, b Board) (sol Solution, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return g.AnswerContext(ctx, b)
}

// answerInBudget is AnswerWithin under a per-board budget (none when
// budget ≤ 0): an analyst past it is an error wrapping ErrOverBoardTime,
// and one whose ctx ended is an error wrapping ctx's.
func answerInBudget(ctx context.Context, g Game, b Board, budget time.Duration) (Solution, error) {
	if budget <= 0 {
		return AnswerWithin(ctx, g, b)
	}
	bctx, cancel := context.WithTimeoutCause(ctx, budget, errOverBudget)
	defer cancel()
	sol, err := AnswerWithin(bctx, g, b)
	if err != nil && ctx.Err() == nil && errors.Is(context.Cause(bctx), errOverBudget) {
		return Solution{}, fmt.Errorf("%w (%v, --board-time): %w", ErrOverBoardTime, budget, ErrCannotJudge)
	}
	return sol, err
}

// errOverBudget is the cause of a board's context at its budget's end.
var errOverBudget = errors.New("the per-board budget ran out")
