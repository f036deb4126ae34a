package inorder

import (
	"context"
	"fmt"
)

// Plan is a sequence of items to run: items 0, 1, …, Items−1, run by Do
// with up to Jobs of them in progress at once, their results handed to
// Take in order of index.
type Plan[R any] struct {
	// Items is how many items there are; math.MaxInt for a sequence that
	// ends only with Ends, Stop or the context.
	Items int
	// Jobs is how many items are in progress at once at most (below 1: 1).
	Jobs int
	// Do runs item i. Its context is cancelled when its result can no
	// longer be taken: an item after one Ends is true of, every item once
	// Stop is closed or the run is over, and every item when the run's
	// context ends.
	Do func(ctx context.Context, i int) R
	// Ends, optional, reports whether the run ends with item i's result:
	// when it is taken, nothing after it is. It is asked as each result
	// comes in, in any order, so that no later item is started and the
	// later ones in progress are cancelled; items before i run to the end,
	// since one of them may end the run first. It must depend on i and r
	// alone.
	Ends func(i int, r R) bool
	// Take receives the results in order of index, on Run's goroutine:
	// item i only once items 0..i−1 have been taken.
	Take func(i int, r R)
	// Stop, optional, ends the run early when it is closed (a time
	// limit): no item is started after it, and the items in progress are
	// cancelled. The results that came in before them are still taken; the
	// first cancelled item and everything after it are not (Summary.Cancelled;
	// Cut receives them).
	Stop <-chan struct{}
	// Cut, optional, receives the results Stop kept from Take: when Stop
	// cut the run with items in progress, the first cancelled item and
	// every item started after it, in order of index, once all have come
	// in, after the last Take — each with what its cancelled context made
	// of it, or its whole result when it had ended first. It is how a run
	// cut by a time limit learns what those items had seen (a failure met
	// but not yet confirmed); none of it is a result taken in order.
	Cut func(i int, r R)
	// Recover, optional, turns a panic of Do on item i into its result,
	// taken in its turn like any other. Without it a panic is not
	// recovered.
	Recover func(i int, p any) R
}

// Summary is how a run ended.
type Summary struct {
	Started int  // items started: always items 0..Started−1
	Taken   int  // items taken: always items 0..Taken−1
	Ended   bool // the last item taken is one Ends is true of
	// Cancelled, when Stop ended the run with items in progress, is the
	// number of items started from the first one Stop cancelled on: none of
	// them was taken. 0 otherwise.
	Cancelled int
}

// done is one item's result as it comes in.
type done[R any] struct {
	i         int
	r         R
	cancelled bool // the run cancelled it (not the run's context) before it ended
	ends      bool // Ends is true of it
}

// Run runs p's items and takes their results in order. It returns once
// no item is in progress: when every item is taken, when one Ends is true
// of is taken, when Stop has cut the run short, or when ctx has ended
// (no item is started after it; the items in progress are taken when they
// end, with what their cancelled context made of them).
func Run[R any](ctx context.Context, p Plan[R]) Summary {
	var sum Summary
	jobs := max(1, p.Jobs)
	results := make(chan done[R])
	inFlight := map[int]context.CancelFunc{}
	// end: no item from it on is started; lowered to just past the first
	// item known to end the run.
	end := p.Items
	waiting := map[int]done[R]{} // in, not yet taken
	over, stopped := false, false
	var cut map[int]R // with Stop and Cut: the items not taken, from the first cancelled one on
	cancelFrom := func(i int) {
		for j, cancel := range inFlight {
			if j >= i {
				cancel()
			}
		}
	}
	stop := func() {
		stopped = true
		cancelFrom(0)
	}
	for {
		for !over && !stopped && len(inFlight) < jobs && sum.Started < end && ctx.Err() == nil {
			if closed(p.Stop) {
				stop()
				break
			}
			ictx, cancel := context.WithCancel(ctx)
			inFlight[sum.Started] = cancel
			go func(i int) {
				r := p.do(ictx, i)
				results <- done[R]{i: i, r: r, cancelled: ictx.Err() != nil && ctx.Err() == nil}
			}(sum.Started)
			sum.Started++
		}
		if len(inFlight) == 0 {
			break
		}
		var d done[R]
		select {
		case d = <-results:
		case <-stopChan(p.Stop, stopped):
			stop()
			continue
		}
		inFlight[d.i]()
		delete(inFlight, d.i)
		if over {
			if cut != nil && d.i >= sum.Taken {
				cut[d.i] = d.r // draining what Stop cut
			}
			continue // draining what was cancelled
		}
		d.ends = p.Ends != nil && p.Ends(d.i, d.r)
		if d.ends && d.i+1 < end {
			end = d.i + 1
			cancelFrom(end)
		}
		waiting[d.i] = d
		for !over {
			w, ok := waiting[sum.Taken]
			if !ok {
				break
			}
			delete(waiting, sum.Taken)
			if w.cancelled {
				if !stopped {
					// Only an item past one that ends the run is cancelled
					// without Stop, and the run ends before reaching it.
					panic(fmt.Sprintf("inorder: item %d was cancelled but is taken", w.i))
				}
				// Stop cut the run with this item in progress: it and every
				// later one started are not taken.
				sum.Cancelled = sum.Started - w.i
				over = true
				if p.Cut != nil {
					cut = map[int]R{w.i: w.r}
					for j, v := range waiting {
						cut[j] = v.r
					}
				}
				break
			}
			p.Take(w.i, w.r)
			sum.Taken++
			if w.ends {
				sum.Ended, over = true, true
			}
		}
		if over {
			cancelFrom(0)
		}
	}
	for i := sum.Taken; cut != nil && i < sum.Started; i++ {
		p.Cut(i, cut[i])
	}
	return sum
}

// do runs item i, with a panic turned into its result when p says how.
func (p *Plan[R]) do(ctx context.Context, i int) (r R) {
	if p.Recover != nil {
		defer func() {
			if v := recover(); v != nil {
				r = p.Recover(i, v)
			}
		}()
	}
	return p.Do(ctx, i)
}

// closed reports whether c is closed; a nil c never is.
func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// stopChan is c until the run has stopped, then nil: a closed Stop is
// acted on once.
func stopChan(c <-chan struct{}, stopped bool) <-chan struct{} {
	if stopped {
		return nil
	}
	return c
}
