package props

import (
	"context"
	"errors"
	"testing"

	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/montecarlo"
)

// hugeSnakesBoard is a valid board the generator's dense style drew (rapid
// seed 713112526907845446 of TestConformance/snakes): snakes from 94–97
// and 99, and most cells of the last thirty, make its game take an expected
// 672,476 throws (exact.ExpectedThrows), so its throw distribution is cut
// with mass 0.002 left at 2^22 throws, and its games often outlast the
// referee's limit of 2^20.
var hugeSnakesBoard = snakes.Board{Jumps: []snakes.Jump{{From: 5, To: 57}, {From: 7, To: 6}, {From: 29, To: 36}, {From: 4, To: 3},
	{From: 70, To: 55}, {From: 99, To: 3}, {From: 92, To: 47}, {From: 27, To: 54}, {From: 87, To: 63}, {From: 80, To: 17},
	{From: 79, To: 31}, {From: 82, To: 60}, {From: 67, To: 22}, {From: 58, To: 63}, {From: 95, To: 16}, {From: 38, To: 47},
	{From: 8, To: 55}, {From: 97, To: 35}, {From: 85, To: 14}, {From: 61, To: 14}, {From: 83, To: 55}, {From: 68, To: 48},
	{From: 20, To: 26}, {From: 9, To: 52}, {From: 11, To: 35}, {From: 81, To: 66}, {From: 37, To: 64}, {From: 96, To: 14},
	{From: 15, To: 63}, {From: 94, To: 3}, {From: 88, To: 16}, {From: 2, To: 42}, {From: 72, To: 12}, {From: 18, To: 53},
	{From: 76, To: 14}, {From: 89, To: 41}, {From: 69, To: 6}, {From: 71, To: 73}, {From: 44, To: 40}, {From: 62, To: 49}}}

// A board whose games outlast the referee's limit is still solved (its
// distribution cut, the tail said), its invariants hold, and Simulate refuses it with
// ErrTooLongToPlay rather than failing a run past the limit; an ordinary
// board is played.
func TestTooLongToPlay(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	if testing.Short() {
		t.Skip("follows 2^22 throws of the distribution")
	}
	g := Snakes()
	for _, tc := range []struct {
		name     string
		board    snakes.Board
		tooLong  bool
		minTail  float64
		maxValue float64
	}{
		{"an expected 672,476 throws", hugeSnakesBoard, true, 1e-3, 1e6},
		{"the empty board", snakes.Board{}, false, 0, 40},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sol, err := g.Solve(tc.board)
			if err != nil {
				t.Fatalf("Solve: %v", err)
			}
			if sol.PMFTail < tc.minTail || sol.Value > tc.maxValue {
				t.Errorf("value %v, tail %v: want the value below %v and a tail of at least %v", sol.Value, sol.PMFTail, tc.maxValue, tc.minTail)
			}
			for _, inv := range g.Invariants() {
				if err := inv.Check(tc.board, sol); err != nil {
					t.Errorf("invariant %s: %v", inv.Name, err)
				}
			}
			_, err = g.Simulate(context.Background(), tc.board, sol, montecarlo.Config{Runs: 100, Seed: 1})
			if got := errors.Is(err, ErrTooLongToPlay); got != tc.tooLong {
				t.Errorf("Simulate: %v; want ErrTooLongToPlay: %v", err, tc.tooLong)
			}
		})
	}
}
