package props

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/internal/solverproc"
)

// loadedSolver answers as its fakeSolver does when run alone
// (solverproc.Alone), and fails every third input as a loaded machine can
// make it fail, with fault, when run beside others.
type loadedSolver struct {
	fake  *fakeSolver
	fault RunResult
	calls atomic.Int64
}

func (l *loadedSolver) Run(ctx context.Context, input []byte) (RunResult, error) {
	if !solverproc.IsAlone(ctx) && l.calls.Add(1)%3 == 0 {
		return l.fault, nil
	}
	return l.fake.Run(ctx, input)
}

// TestCrossCheckConfirmsAlone checks that a time limit, an idleness limit,
// a crash or an output format verdict that does not recur when the input
// is run again alone is reported as not reproduced, never as the solver's
// failure, and that one that recurs is the solver's, confirmed.
func TestCrossCheckConfirmsAlone(t *testing.T) {
	correct := func(_ []Board, s []Solution) (string, RunResult) {
		return coinLines(s, func(_ int, s Solution) string { return fmt.Sprintf("%.8f", s.Value) }), RunResult{}
	}
	for _, tt := range []struct {
		name   string
		fault  RunResult
		steady bool // the solver fails that way alone too
		want   Verdict
	}{
		{"time limit under load", RunResult{TimedOut: true, CPU: 2100 * time.Millisecond, Elapsed: 5 * time.Second}, false, TimeLimit},
		{"idleness under load", RunResult{Idle: true, CPU: 10 * time.Millisecond, Elapsed: 12 * time.Second}, false, IdleLimit},
		{"killed from outside under load", RunResult{ExitCode: -1, Signal: "killed"}, false, Crash},
		// Issue 21: a crash of the solver's own doing or an output-format
		// failure that does not recur is the solver's: FLAKY.
		{"exit status once", RunResult{ExitCode: 3, StderrTail: "boom"}, false, Flaky},
		{"segmentation fault once", RunResult{ExitCode: -1, Signal: "segmentation fault"}, false, Flaky},
		{"output format once", RunResult{}, false, Flaky},
		{"steady crash", RunResult{ExitCode: 3, StderrTail: "boom"}, true, Crash},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var solver Runner = &loadedSolver{fake: &fakeSolver{game: coins(), answer: correct}, fault: tt.fault}
			if tt.steady {
				solver = &fakeSolver{game: coins(), answer: func([]Board, []Solution) (string, RunResult) { return "", tt.fault }}
			}
			cc := &CrossCheck{Game: coins(), Solver: solver, Cases: 30, Seed: 5, Batch: 3, Jobs: 3, ShrinkTime: time.Second}
			out, err := cc.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if tt.steady {
				if out.First == nil || out.First.Verdict != tt.want || !strings.Contains(out.First.Detail, "confirmed: run again with no other solver") {
					t.Fatalf("first failure %+v, want a confirmed %s", out.First, tt.want)
				}
				return
			}
			if tt.want == Flaky {
				if f := out.First; f == nil || f.Verdict != Flaky || f.NotReproduced || !strings.Contains(f.Detail, "the first run: ") ||
					!strings.Contains(f.Detail, "run again with no other solver of this check running, it was accepted") {
					t.Fatalf("first failure %+v, want a flaky one", f)
				}
				return
			}
			if out.Failed() {
				t.Fatalf("the solver was failed: %s on %s: %s", out.First.Verdict, out.First.Source, out.First.Detail)
			}
			if len(out.NotReproduced) == 0 || out.Generated != 30 {
				t.Fatalf("%d not reproduced, %d generated boards judged", len(out.NotReproduced), out.Generated)
			}
			for _, f := range out.NotReproduced {
				if f.Verdict != tt.want || !f.NotReproduced || !strings.Contains(f.Detail, "run again with no other solver") || out.Counts[f.Verdict] != 0 {
					t.Errorf("%s on %s: %q (counts %v)", f.Verdict, f.Source, f.Detail, out.Counts)
				}
			}
		})
	}
}

// TestCrossCheckTimeEndsRunsInProgress checks that Time bounds the whole
// search: a solver that hangs, under a CPU time limit far longer, is
// killed when Time runs out, and the check says how many inputs it
// cancelled.
func TestCrossCheckTimeEndsRunsInProgress(t *testing.T) {
	t.Parallel() // it waits on a time budget: see parallel_test.go
	solver, err := NewProcessSolver("sleep 1000", 100*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	// No clock is read: a run not ended by Time would end at the solver's
	// own limit as a TIME LIMIT failure (Failed), not as cancelled.
	cc := &CrossCheck{Game: coins(), Solver: solver, Time: time.Second, Jobs: 2}
	out, err := cc.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.Cancelled < 2 || out.Failed() || out.Samples+out.Generated != 0 {
		t.Errorf("cancelled %d, failed %v, judged %d", out.Cancelled, out.Failed(), out.Samples+out.Generated)
	}
}
