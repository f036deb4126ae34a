package reports

import (
	"context"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/props"
)

// A board whose games outlast the referee's limit (a snakes board of an
// expected 672,476 throws, which the dense style drew once: props'
// TestTooLongToPlay) is reported as not played, left out of the
// calibration, and passes on its invariants; it is not a failure of the
// game. An ordinary board is played.
func TestCheckBoardNotPlayed(t *testing.T) {
	if testing.Short() {
		t.Skip("follows 2^22 throws of the distribution")
	}
	huge := snakes.Board{Jumps: []snakes.Jump{{From: 5, To: 57}, {From: 7, To: 6}, {From: 29, To: 36}, {From: 4, To: 3},
		{From: 70, To: 55}, {From: 99, To: 3}, {From: 92, To: 47}, {From: 27, To: 54}, {From: 87, To: 63}, {From: 80, To: 17},
		{From: 79, To: 31}, {From: 82, To: 60}, {From: 67, To: 22}, {From: 58, To: 63}, {From: 95, To: 16}, {From: 38, To: 47},
		{From: 8, To: 55}, {From: 97, To: 35}, {From: 85, To: 14}, {From: 61, To: 14}, {From: 83, To: 55}, {From: 68, To: 48},
		{From: 20, To: 26}, {From: 9, To: 52}, {From: 11, To: 35}, {From: 81, To: 66}, {From: 37, To: 64}, {From: 96, To: 14},
		{From: 15, To: 63}, {From: 94, To: 3}, {From: 88, To: 16}, {From: 2, To: 42}, {From: 72, To: 12}, {From: 18, To: 53},
		{From: 76, To: 14}, {From: 89, To: 41}, {From: 69, To: 6}, {From: 71, To: 73}, {From: 44, To: 40}, {From: 62, To: 49}}}
	g := props.Snakes()
	p := Plan{Seed: 1, Runs: 2000}
	for _, tc := range []struct {
		name      string
		board     snakes.Board
		notPlayed bool
	}{
		{"an expected 672,476 throws", huge, true},
		{"the empty board", snakes.Board{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			br, _ := checkBoard(context.Background(), g, plannedBoard{id: "gen:0", class: "dense", board: tc.board}, p, 1e-6, 1)
			if got := br.NotPlayed != ""; got != tc.notPlayed || br.Error != "" || !br.Pass {
				t.Fatalf("not played %q, error %q, pass %v: want not played %v, no error, a pass", br.NotPlayed, br.Error, br.Pass, tc.notPlayed)
			}
			if tc.notPlayed {
				if br.Calibration.Skipped != SkipNotPlayed || !br.InvariantsChecked || br.Agreement.Runs != 0 {
					t.Errorf("calibration %+v, invariants checked %v, %d runs: want it left out as not played, its invariants checked, no runs",
						br.Calibration, br.InvariantsChecked, br.Agreement.Runs)
				}
				if !strings.Contains(br.NotPlayed, "cannot play this board to the end") {
					t.Errorf("not played %q: want the reason", br.NotPlayed)
				}
			} else if br.Agreement.Runs != 2000 {
				t.Errorf("%d runs, want 2000", br.Agreement.Runs)
			}
		})
	}
}
