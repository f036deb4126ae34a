package props

import (
	"context"
	"fmt"
	"hash/fnv"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// jitterSolver delays each run by 0..3 ms, fixed by the input, so that
// inputs in flight together finish out of order; it records how many runs
// were in flight at once.
type jitterSolver struct {
	Runner
	inFlight, most atomic.Int64
}

func (j *jitterSolver) Run(ctx context.Context, input []byte) (RunResult, error) {
	n := j.inFlight.Add(1)
	defer j.inFlight.Add(-1)
	for {
		m := j.most.Load()
		if n <= m || j.most.CompareAndSwap(m, n) {
			break
		}
	}
	h := fnv.New32a()
	h.Write(input)
	time.Sleep(time.Duration(h.Sum32()%4) * time.Millisecond)
	return j.Runner.Run(ctx, input)
}

// wrongOnCoins answers one more than the analyst on a board with a coin of
// one of chances.
func wrongOnCoins(chances ...int) func([]Board, []Solution) (string, RunResult) {
	return func(b []Board, s []Solution) (string, RunResult) {
		return coinLines(s, func(i int, s Solution) string {
			if hasCoin(b[i], chances...) {
				return fmt.Sprint(s.Value + 1)
			}
			return fmt.Sprint(s.Value)
		}), RunResult{}
	}
}

// searchRecord is what a check's outcome must share across Jobs.
type searchRecord struct {
	Samples, Generated int
	Classes            map[string]int
	Counts             map[Verdict]int
	First, Found       string // sources and inputs
	Progress           []int  // boards checked at each call
}

func recordSearch(t *testing.T, cc *CrossCheck) searchRecord {
	t.Helper()
	return recordSearchResult(t, cc, func(*Result) {})
}

// recordSearchResult is recordSearch that shows the Result to also.
func recordSearchResult(t *testing.T, cc *CrossCheck, also func(*Result)) searchRecord {
	t.Helper()
	var rec searchRecord
	var mu sync.Mutex
	cc.Progress = func(p Progress) {
		mu.Lock()
		rec.Progress = append(rec.Progress, p.Checked)
		mu.Unlock()
	}
	out, err := cc.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	also(out)
	rec.Samples, rec.Generated, rec.Classes, rec.Counts = out.Samples, out.Generated, out.Classes, out.Counts
	if out.First != nil {
		rec.First = out.First.Source + "\n" + string(out.First.Input)
	}
	if out.Found != nil {
		rec.Found = out.Found.Source + "\n" + string(out.Found.Input)
	}
	return rec
}

// TestCrossCheckJobsChangeNothing checks that the boards judged, the first
// failure (the lowest failing board), its shrunk form, the counts and the
// progress are the same whatever Jobs is, with runs that finish out of
// order; with and without KeepGoing, batched and not.
func TestCrossCheckJobsChangeNothing(t *testing.T) {
	t.Parallel() // its shrinks take 0.1 s of a 10 s budget: see parallel_test.go
	for _, tt := range []struct {
		name      string
		batch     int
		keepGoing bool
		chances   []int // the planted bug: wrong on coins of these chances
	}{
		{"batches, stop at the first", 5, false, []int{97, 98, 99}},
		{"one board an input, stop at the first", 1, false, []int{97, 98, 99}},
		{"batches, keep going", 5, true, []int{95, 96, 97, 98, 99}},
		{"no failure", 7, false, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var want searchRecord
			for _, jobs := range []int{1, 2, 8} {
				solver := &jitterSolver{Runner: &fakeSolver{game: coins(), answer: wrongOnCoins(tt.chances...)}}
				cc := &CrossCheck{Game: coins(), Solver: solver, Cases: 80, Seed: 5, Batch: tt.batch, Jobs: jobs,
					KeepGoing: tt.keepGoing, ShrinkTime: 10 * time.Second}
				got := recordSearch(t, cc)
				if most := solver.most.Load(); most > int64(jobs) {
					t.Errorf("jobs %d: %d runs in flight at once", jobs, most)
				}
				if jobs == 1 {
					want = got
					if tt.chances != nil && got.First == "" {
						t.Fatal("the planted bug was not found")
					}
					continue
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("jobs %d:\n%+v\njobs 1:\n%+v", jobs, got, want)
				}
			}
		})
	}
}

// TestCrossCheckJobsInFlight checks that Jobs runs are in flight at once
// when there are enough inputs.
func TestCrossCheckJobsInFlight(t *testing.T) {
	solver := &jitterSolver{Runner: &slowSolver{Runner: &fakeSolver{game: coins(), answer: wrongOnCoins()}, delay: 20 * time.Millisecond}}
	cc := &CrossCheck{Game: coins(), Solver: solver, Cases: 40, Seed: 1, Batch: 1, Jobs: 4}
	out, err := cc.Run(context.Background())
	if err != nil || out.Failed() {
		t.Fatalf("%v %+v", err, out)
	}
	if most := solver.most.Load(); most != 4 {
		t.Errorf("at most %d runs in flight, want 4", most)
	}
}

// TestCrossCheckRunsTheWholeTime checks the default of the CLI: no Cases,
// the search goes on until Time, and stops at it. After its first 20
// runs the solver hangs until its run is cancelled, so that the search can
// end only by Time cancelling the runs in progress (a search that did not
// would hang the test), whatever the load: no clock bounds it from above.
func TestCrossCheckRunsTheWholeTime(t *testing.T) {
	t.Parallel() // it waits on a time budget: see parallel_test.go
	const budget = time.Second
	solver := &hangAfter{Runner: &slowSolver{Runner: &fakeSolver{game: coins(), answer: wrongOnCoins()}, delay: 5 * time.Millisecond}, after: 20}
	cc := &CrossCheck{Game: coins(), Solver: solver, Time: budget, Seed: 1, Jobs: 2}
	out, err := cc.Run(context.Background())
	if err != nil || out.Failed() {
		t.Fatalf("%v %+v", err, out)
	}
	if out.Elapsed < budget || out.Cancelled == 0 {
		t.Errorf("ran %v under a budget of %v, %d input(s) cancelled", out.Elapsed, budget, out.Cancelled)
	}
	if out.Generated%DefaultBatch != 0 {
		t.Errorf("%d generated boards, want whole batches of %d", out.Generated, DefaultBatch)
	}
}

// hangAfter is a solver that hangs, until its run is cancelled, after its
// first after runs.
type hangAfter struct {
	Runner
	after int64
	runs  atomic.Int64
}

func (h *hangAfter) Run(ctx context.Context, input []byte) (RunResult, error) {
	if h.runs.Add(1) > h.after {
		<-ctx.Done()
		return RunResult{}, ctx.Err()
	}
	return h.Runner.Run(ctx, input)
}

// TestCrossCheckStopsStartingAfterAFailure checks that inputs after a
// known failure are not started: with a failure on the first batch, the
// runs are those of the samples, the batches started beside it and the
// shrinking, not the hundreds of batches of Cases.
func TestCrossCheckStopsStartingAfterAFailure(t *testing.T) {
	fake := &fakeSolver{game: coins(), answer: func(b []Board, s []Solution) (string, RunResult) {
		return coinLines(s, func(_ int, s Solution) string { return fmt.Sprint(s.Value + 1) }), RunResult{}
	}}
	cc := &CrossCheck{Game: coins(), Solver: fake, Cases: 10000, Seed: 1, Batch: 10, Jobs: 4, ShrinkTime: time.Second}
	out, err := cc.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.First == nil || out.Generated != 10 {
		t.Fatalf("first failure %v after %d generated boards, want one in the first batch of 10", out.First, out.Generated)
	}
	if runs := fake.runs.Load() - int64(out.Shrink.Runs); runs > 60 {
		t.Errorf("%d runs outside shrinking for a failure in the first batch", runs)
	}
}

// TestCrossCheckCancelled checks that a cancelled check says it was
// interrupted, with what it found before (issue 21: an interrupt is no
// verdict on anyone, and one while shrinking was reported as "rapid could
// not reproduce the failure (a flaky solver?)").
func TestCrossCheckCancelled(t *testing.T) {
	for _, tt := range []struct {
		name   string
		answer func([]Board, []Solution) (string, RunResult)
	}{
		{"a correct solver", func(_ []Board, s []Solution) (string, RunResult) {
			return coinLines(s, func(_ int, s Solution) string { return fmt.Sprint(s.Value) }), RunResult{}
		}},
		{"a solver wrong on some boards", wrongOnCoins()},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			solver := &slowSolver{Runner: &fakeSolver{game: coins(), answer: tt.answer}, delay: 20 * time.Millisecond}
			cc := &CrossCheck{Game: coins(), Solver: solver, Cases: 100000, Seed: 1, Jobs: 3, ShrinkTime: time.Minute}
			out, err := cc.Run(ctx)
			if err != nil {
				t.Fatalf("an interruption is no error of the harness: %v", err)
			}
			if !out.Interrupted || out.Generated >= 100000 || out.Coverage != nil {
				t.Fatalf("interrupted %v after %d boards, coverage %v: want an interruption, before the end, with no coverage verdict", out.Interrupted, out.Generated, out.Coverage)
			}
			if out.First != nil && (strings.Contains(out.Shrink.Note, "flaky") || !out.Shrink.CutShort || !strings.Contains(out.Shrink.Note, "interrupted")) {
				t.Errorf("shrinking: %+v; want it cut short by the interruption, and saying so", out.Shrink)
			}
		})
	}
}
