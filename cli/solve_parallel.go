package cli

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/chancecheck/chancecheck/props"
)

// answerAll is Game.Answer of every board, boards g parsed (so validated:
// a game that can skip validating them again does), on as many goroutines
// as Go may run at once. sols[i] is board i's answer whatever the number of
// workers, so the output is the same bytes as a sequential solve's; the
// error is that of the first board (in input order) whose answer failed, as
// a sequential solve would report it.
//
// Once ctx is done no further board is started (its error instead).
func answerAll(ctx context.Context, g props.Game, boards []props.Board) ([]props.Solution, int, error) {
	answer := g.Answer
	if v, ok := g.(props.ValidAnswerer); ok {
		answer = v.AnswerValid
	}
	sols := make([]props.Solution, len(boards))
	i, err := forEachIndex(len(boards), runtime.GOMAXPROCS(0), func(i int) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		var err error
		sols[i], err = answer(boards[i])
		return err
	})
	return sols, i, err
}

// answerAllContext is answerAll that returns, with an error wrapping
// errInterrupted, as soon as ctx is done (Ctrl-C during a long solve): a
// Game's Answer takes no context, so the boards being solved then finish
// on their own goroutines, and no further board is started.
func answerAllContext(ctx context.Context, g props.Game, boards []props.Board) ([]props.Solution, int, error) {
	type result struct {
		sols []props.Solution
		bad  int
		err  error
	}
	done := make(chan result, 1)
	go func() {
		sols, bad, err := answerAll(ctx, g, boards)
		done <- result{sols, bad, err}
	}()
	select {
	case r := <-done:
		if r.err != nil && ctx.Err() != nil {
			return nil, -1, fmt.Errorf("%w while solving: %v", errInterrupted, context.Cause(ctx))
		}
		return r.sols, r.bad, r.err
	case <-ctx.Done():
		return nil, -1, fmt.Errorf("%w while solving: %v", errInterrupted, context.Cause(ctx))
	}
}

// forEachIndex calls do(i) for i in 0..n-1 on up to workers goroutines,
// each claiming a run of indices at a time. It returns the smallest i whose
// do failed and that error, or -1 and nil. After a failure no index above
// it is started, but every index below it still runs, so the failure
// returned is the first in index order, whatever the timing.
func forEachIndex(n, workers int, do func(i int) error) (int, error) {
	// Runs of about 1/64 of a worker's share keep both cores busy to the
	// end when some boards cost far more than others, and few enough claims
	// that the counter is no contention.
	run := int64(max(1, min(64, n/(64*max(1, workers)))))
	var (
		next     atomic.Int64
		mu       sync.Mutex
		firstBad atomic.Int64 // written under mu, with firstErr
		firstErr error
		wg       sync.WaitGroup
	)
	firstBad.Store(int64(n))
	work := func() {
		defer wg.Done()
		for {
			start := next.Add(run) - run
			if start >= int64(n) {
				return
			}
			for i := int(start); i < int(min(start+run, int64(n))); i++ {
				if firstBad.Load() < int64(i) {
					return // every later index is past the failure too
				}
				if err := do(i); err != nil {
					mu.Lock()
					if int64(i) < firstBad.Load() {
						firstBad.Store(int64(i))
						firstErr = err
					}
					mu.Unlock()
					return
				}
			}
		}
	}
	for range max(1, min(workers, n)) {
		wg.Add(1)
		go work()
	}
	wg.Wait()
	if firstErr == nil {
		return -1, nil
	}
	return int(firstBad.Load()), firstErr
}
