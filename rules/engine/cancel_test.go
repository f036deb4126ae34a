package engine

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/chancecheck/chancecheck/rules"
)

// trapsEveryGap is a one-player game like issue 28's: squares 0..n−1, a die of
// m faces moves the piece forward, a throw past square n−1 ends the game,
// and landing on a trap (every square i with i%gap == 3, past the die's
// first throw) sends the piece back to square 0. The outcome is the number
// of throws. Every square can fall back to the start, so all of them form
// one cycle through it: one component, solved by one elimination.
func trapsEveryGap(n, m, gap int) rules.Rules[int] {
	return rules.Rules[int]{
		End: endOf,
		Chance: func(s int) []rules.Branch[int] {
			out := make([]rules.Branch[int], 0, m)
			for d := 1; d <= m; d++ {
				to := s + d
				switch {
				case to >= n:
					to = done
				case to > m && to%gap == 3:
					to = 0
				}
				out = append(out, w(1, to, 1))
			}
			return out
		},
	}
}

// endsAfter is a context whose Err reports context.Canceled from its
// (n+1)-th call on, and counts the calls: an ordering, not a clock, says
// when it ends, so a test with it holds with a CPU hog beside it.
type endsAfter struct {
	context.Context
	left, calls atomic.Int64
}

func newEndsAfter(n int64) *endsAfter {
	c := &endsAfter{Context: context.Background()}
	c.left.Store(n)
	return c
}

func (c *endsAfter) Err() error {
	c.calls.Add(1)
	if c.left.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// Every solve path looks at its context inside its one large component,
// not only between components (issue 28 part 3: an exact solve of one
// cycle ran 150 s past --time and SIGTERM): a solve of one cycle asks the
// context many times, and a context that ends half-way through those asks
// stops it with context.Canceled. With the asks between components alone,
// each solve below would ask once or twice and finish.
func TestSolveStopsInsideOneComponent(t *testing.T) {
	const m = 6
	// The float methods' steps are cheap and asked about once in a
	// thousand: their cases are larger.
	tests := []struct {
		name   string
		n, gap int
		opts   Options
	}{
		{"exact elimination", 600, 7, Options{}},
		{"float64 values, exact elimination of the cycle", 600, 7, Options{ExactStates: -1}},
		{"float64 hub method", 30000, 1000, Options{ExactStates: -1, MaxCycleStates: 10}},
		{"float64 sparse method", 30000, 1000, Options{ExactStates: -1, MaxCycleStates: 10, MaxHubs: 1}},
		{"distribution", 600, 7, Options{ExactStates: -1, MaxCycleStates: 10, PMF: true, MaxPMFSteps: 1 << 16}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			full := newEndsAfter(1 << 40)
			if _, err := SolveContext(full, trapsEveryGap(tt.n, m, tt.gap), tt.opts); err != nil {
				t.Fatalf("not cancelled: %v", err)
			}
			asks := full.calls.Load()
			if asks < 8 {
				t.Fatalf("a solve of one cycle of %d states asked its context %d times: it cannot stop inside the cycle", tt.n, asks)
			}
			half := newEndsAfter(asks / 2)
			if res, err := SolveContext(half, trapsEveryGap(tt.n, m, tt.gap), tt.opts); !errors.Is(err, context.Canceled) {
				t.Fatalf("cancelled after %d of %d asks: got %v (value %v), want context.Canceled", asks/2, asks, err, res.Value)
			}
		})
	}
}
