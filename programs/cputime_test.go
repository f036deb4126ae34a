package programs

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/props"
)

// cpuFunc is a Func whose runs report cpu of CPU time each.
type cpuFunc struct {
	Func
	cpu time.Duration
}

func (c cpuFunc) Run(ctx context.Context, args []string, input []byte) (props.RunResult, error) {
	res, err := c.Func.Run(ctx, args, input)
	res.CPU = c.cpu
	return res, err
}

// Shrinking's time is the programs' CPU time: a solver that reports 1s a
// run stops shrinking after the runs that add up to --shrink-time, and
// one that reports none (time no one counts) goes on to the tries' bound;
// neither depends on the wall clock, which a loaded machine stretches.
func TestStressShrinkTimeIsCPUTime(t *testing.T) {
	for _, tt := range []struct {
		cpu       time.Duration
		wantTries func(int) bool
	}{
		{time.Second, func(n int) bool { return n == 3 }}, // 3 tries of 1s reach 2.5s
		{0, func(n int) bool { return n > 3 }},
	} {
		t.Run(fmt.Sprint(tt.cpu), func(t *testing.T) {
			s := urnStress()
			s.Brute = urnSolver(0)
			s.Solver = cpuFunc{urnSolver(1), tt.cpu}
			s.ShrinkTime = 2500 * time.Millisecond
			out, err := s.Run(context.Background())
			if err != nil || !out.Failed() {
				t.Fatalf("%v: want a failure", err)
			}
			// The search's runs are not shrinking's: the meter starts with it.
			if !tt.wantTries(out.Shrink.Tries) {
				t.Errorf("%d shrinking tries (%s)", out.Shrink.Tries, out.Shrink.Note)
			}
		})
	}
}
