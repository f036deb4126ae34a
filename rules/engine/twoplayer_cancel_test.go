package engine

import (
	"context"
	"errors"
	"math"
	"sync/atomic"
	"testing"

	"github.com/chancecheck/chancecheck/rules"
)

// ring is a game of two players around a cycle of n states, taking turns:
// at each the player to move quits (a fair coin) or rolls, which ends the
// game 1 time in slow + 1 (a win when the maximiser rolled, a loss when the
// minimiser did) and else passes the turn on. Its one cycle of n states
// takes interval iteration many sweeps, each over every state.
func ring(n int, slow int64) rules.Rules[int] {
	return rules.Rules[int]{
		Start: 0, End: endOf,
		Moves: func(s int) []rules.Move[int] {
			end := win
			if s%2 == 1 {
				end = lose
			}
			return []rules.Move[int]{mv("quit", w(1, win, 0), w(1, lose, 0)), mv("roll", w(1, end, 0), w(slow, (s+1)%n, 0))}
		},
		Mover: func(s int) rules.Goal {
			if s%2 == 0 {
				return rules.Maximise
			}
			return rules.Minimise
		},
	}
}

// A solve of a game of two players stops with the context's error when
// the context is done (issue 21 part 4: Ctrl-C was ignored for 37.6 s
// during one): cancelled before, or once exploration is over (the first
// question of who moves comes after it, before any cycle is solved), the
// solve returns context.Canceled instead of an answer. Ordering, not
// timing, decides: it holds with a CPU hog beside it.
func TestSolveTwoPlayerCancelled(t *testing.T) {
	tests := []struct {
		name   string
		pmf    bool
		cancel func(r rules.Rules[int], cancel context.CancelFunc) rules.Rules[int]
		want   error
	}{
		{"not cancelled", false, func(r rules.Rules[int], _ context.CancelFunc) rules.Rules[int] { return r }, nil},
		{"cancelled before", false, func(r rules.Rules[int], cancel context.CancelFunc) rules.Rules[int] { cancel(); return r }, context.Canceled},
		{"cancelled before, with the distribution", true, func(r rules.Rules[int], cancel context.CancelFunc) rules.Rules[int] { cancel(); return r }, context.Canceled},
		{"cancelled after exploring", false, func(r rules.Rules[int], cancel context.CancelFunc) rules.Rules[int] {
			var asked atomic.Bool
			mover := r.Mover
			r.Mover = func(s int) rules.Goal {
				if !asked.Swap(true) {
					cancel()
				}
				return mover(s)
			}
			return r
		}, context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			r := tt.cancel(ring(2000, 200), cancel)
			res, err := SolveContext(ctx, r, Options{PMF: tt.pmf, ExactStates: -1})
			if !errors.Is(err, tt.want) {
				t.Fatalf("value %v, error %v; want error %v", res.Value, err, tt.want)
			}
			// By hand: both roll (q = 200/201), so x_even = 1/201 + q x_odd
			// and x_odd = q x_even, x_even = (1 − q)/(1 − q²) = 1/(1 + q) =
			// 201/401 > 1/2, and x_odd = 200/401 < 1/2.
			if want := 201.0 / 401; tt.want == nil && math.Abs(res.Value-want) > res.ErrorBound+1e-15 {
				t.Errorf("value %v ± %g, want 201/401 = %v", res.Value, res.ErrorBound, want)
			}
		})
	}
}
