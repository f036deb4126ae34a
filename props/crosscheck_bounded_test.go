package props

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/montecarlo"
)

// stuckCoins is the coin game whose analyst never returns (until the test
// ends) on the boards stuck says: a planted slow oracle, which takes no
// context, so only AnswerWithin can leave it behind. started is closed when
// the analyst first gets stuck.
func stuckCoins(t *testing.T, stuck func(coinBoard) bool) (g Game, started <-chan struct{}) {
	release, first := make(chan struct{}), make(chan struct{})
	t.Cleanup(func() { close(release) })
	var once = make(chan struct{}, 1)
	once <- struct{}{}
	s := coinsSpec()
	s.Samples = nil
	s.Solve = func(b coinBoard) (Solution, error) {
		if stuck(b) {
			select {
			case <-once:
				close(first)
			default:
			}
			<-release
		}
		return solveCoins(b)
	}
	return Define(s), first
}

// correctSolver answers every board right.
func correctSolver() *fakeSolver {
	return &fakeSolver{game: coins(), answer: func(_ []Board, s []Solution) (string, RunResult) {
		return coinLines(s, func(_ int, s Solution) string { return fmt.Sprintf("%.9f", s.Value) }), RunResult{}
	}}
}

// A board whose oracle runs past the per-board budget is skipped and
// counted, and the run goes on to judge the others (issue 28 part 3): the
// oracle is stuck for good on the boards of an odd number of coins, so
// only the budget ends them; every other board is judged.
func TestCrossCheckBoardTime(t *testing.T) {
	t.Parallel() // it waits on a time budget: see parallel_test.go
	odd := func(b coinBoard) bool { return len(b.Coins)%2 == 1 }
	g, _ := stuckCoins(t, odd)
	const cases = 8
	wantStuck := 0
	gen := g.Generator()
	for i := range cases {
		if odd(gen.Example(exampleSeed(montecarlo.SubSeed(1, uint64(i)))).(coinBoard)) {
			wantStuck++
		}
	}
	if wantStuck == 0 || wantStuck == cases {
		t.Fatalf("%d of %d boards stuck: the test needs both kinds", wantStuck, cases)
	}
	// The budget need only be longer than a coin board's solve, which is
	// microseconds: the stuck boards never end before it whatever the load.
	cc := &CrossCheck{Game: g, Solver: correctSolver(), Cases: cases, Seed: 1, Batch: 4, Jobs: 2, BoardTime: 300 * time.Millisecond}
	out, err := cc.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.NotJudged != wantStuck || out.OverBoardTime != wantStuck || out.Generated != cases-wantStuck {
		t.Fatalf("judged %d, not judged %d (%d past the budget): want %d judged and %d past the budget", out.Generated, out.NotJudged, out.OverBoardTime, cases-wantStuck, wantStuck)
	}
	if !strings.Contains(out.NotJudgedReason, "per-board budget") || out.Failed() {
		t.Errorf("reason %q, failed %v: want the budget named, and no failure", out.NotJudgedReason, out.Failed())
	}
}

// Time bounds the whole run, the analyst included, and so does an
// interrupt (Ctrl-C, SIGTERM: the context): with the oracle stuck on
// every board, the check still ends, nothing judged, the inputs cut off
// counted (Time) or the run marked interrupted (the context).
func TestCrossCheckStuckOracleStopped(t *testing.T) {
	t.Parallel() // it waits on a time budget: see parallel_test.go
	tests := []struct {
		name      string
		time      time.Duration
		interrupt bool
	}{
		{"--time", 300 * time.Millisecond, false},
		{"an interrupt", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, started := stuckCoins(t, func(coinBoard) bool { return true })
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tt.interrupt {
				go func() { <-started; cancel() }()
			}
			cc := &CrossCheck{Game: g, Solver: correctSolver(), Cases: 100, Time: tt.time, Seed: 1, Jobs: 2}
			out, err := cc.Run(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if out.Samples+out.Generated != 0 || out.Failed() {
				t.Fatalf("judged %d, failed %v: the oracle answered nothing", out.Samples+out.Generated, out.Failed())
			}
			if tt.interrupt && !out.Interrupted {
				t.Error("not marked interrupted")
			}
			if !tt.interrupt && (out.Cancelled == 0 || out.Interrupted) {
				t.Errorf("cancelled %d, interrupted %v: want the inputs --time cut off counted", out.Cancelled, out.Interrupted)
			}
		})
	}
}

// AnswerWithin returns at once when its context ends, even from an
// analyst that never does, with the context's cause.
func TestAnswerWithinLeavesAStuckAnalyst(t *testing.T) {
	g, started := stuckCoins(t, func(coinBoard) bool { return true })
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	if _, err := AnswerWithin(ctx, g, coinBoard{Coins: []int{50}}); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
}
