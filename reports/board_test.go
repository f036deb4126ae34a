package reports

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/internal/longtest"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
)

// A board whose games outlast the referee's limit is reported as not
// played, left out of the calibration, and has its invariants checked; it
// is neither a failure of the game nor a pass (issue 21: it was marked
// "pass"). An ordinary board is played and passes. The quick suite's board
// is a die of 2^16 sides on the report's own fake game (an outcome past
// 2^20 rolls has probability e^-16); the long suite adds the snakes board
// of an expected 672,476 throws that the dense style drew once (following
// 2^22 throws of its distribution takes seconds).
func TestCheckBoardNotPlayed(t *testing.T) {
	huge := snakes.Board{Jumps: []snakes.Jump{{From: 5, To: 57}, {From: 7, To: 6}, {From: 29, To: 36}, {From: 4, To: 3},
		{From: 70, To: 55}, {From: 99, To: 3}, {From: 92, To: 47}, {From: 27, To: 54}, {From: 87, To: 63}, {From: 80, To: 17},
		{From: 79, To: 31}, {From: 82, To: 60}, {From: 67, To: 22}, {From: 58, To: 63}, {From: 95, To: 16}, {From: 38, To: 47},
		{From: 8, To: 55}, {From: 97, To: 35}, {From: 85, To: 14}, {From: 61, To: 14}, {From: 83, To: 55}, {From: 68, To: 48},
		{From: 20, To: 26}, {From: 9, To: 52}, {From: 11, To: 35}, {From: 81, To: 66}, {From: 37, To: 64}, {From: 96, To: 14},
		{From: 15, To: 63}, {From: 94, To: 3}, {From: 88, To: 16}, {From: 2, To: 42}, {From: 72, To: 12}, {From: 18, To: 53},
		{From: 76, To: 14}, {From: 89, To: 41}, {From: 69, To: 6}, {From: 71, To: 73}, {From: 44, To: 40}, {From: 62, To: 49}}}
	p := Plan{Seed: 1, Runs: 2000}
	for _, tc := range []struct {
		name      string
		game      props.Game
		board     props.Board
		notPlayed bool
		long      bool
	}{
		{"an expected 672,476 throws", specs.Snakes(), huge, true, true},
		{"the empty board", specs.Snakes(), snakes.Board{}, false, false},
		{"a die of 65,536 sides", waitForOne(waitPlants{}), 1 << 16, true, false},
		{"a die of 6 sides", waitForOne(waitPlants{}), 6, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long {
				longtest.Skip(t, "follows 2^22 throws of the board's distribution")
			}
			br, _ := checkBoard(context.Background(), tc.game, plannedBoard{id: "gen:0", class: "dense", board: tc.board}, p, 1e-6, 1)
			want := BoardPass
			if tc.notPlayed {
				want = BoardNotJudged
			}
			if got := br.NotPlayed != ""; got != tc.notPlayed || br.Error != "" || br.Verdict != want || br.Pass != (want == BoardPass) {
				t.Fatalf("not played %q, error %q, verdict %q, pass %v: want not played %v, no error, verdict %q",
					br.NotPlayed, br.Error, br.Verdict, br.Pass, tc.notPlayed, want)
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

// refusing is a game whose analyst refuses boards with more than max
// jumps, as an oracle past its limits does (props.ErrCannotJudge).
type refusing struct {
	props.Game
	max int
}

// SolveContext is Solve: the harness asks by this route.
func (r refusing) SolveContext(_ context.Context, b props.Board) (props.Solution, error) {
	return r.Solve(b)
}

func (r refusing) Solve(b props.Board) (props.Solution, error) {
	if n := len(b.(snakes.Board).Jumps); n > r.max {
		return props.Solution{}, fmt.Errorf("%d jumps, over this analyst's limit of %d: %w", n, r.max, props.ErrCannotJudge)
	}
	return r.Game.Solve(b)
}

// A board the analyst cannot judge is skipped: verdict not judged, not a
// failure and not a pass, counted on its own in the game, which still
// passes; any other error of the analyst is a failure.
func TestCheckBoardNotJudged(t *testing.T) {
	g := refusing{Game: specs.Snakes(), max: 0}
	one := snakes.Board{Jumps: []snakes.Jump{{From: 5, To: 57}}}
	p := Plan{Seed: 1, Runs: 2000, Alpha: 1e-6, Games: []PlannedGame{{Name: "snakes"}}}
	br, _ := checkBoard(context.Background(), g, plannedBoard{id: "gen:0", class: "dense", board: one}, p, 1e-6, 1)
	if br.Verdict != BoardNotJudged || br.Pass || br.Error != "" || !strings.Contains(br.NotJudged, "over this analyst's limit") ||
		br.Calibration.Skipped != SkipNotJudged {
		t.Fatalf("verdict %q, pass %v, error %q, not judged %q, calibration %+v: want not judged, with the reason",
			br.Verdict, br.Pass, br.Error, br.NotJudged, br.Calibration)
	}
	ok, _ := checkBoard(context.Background(), g, plannedBoard{index: 1, id: "gen:1", class: "small", board: snakes.Board{}}, p, 1e-6, 1)
	if ok.Verdict != BoardPass {
		t.Fatalf("the empty board: verdict %q, want pass", ok.Verdict)
	}
	r := assemble(p, nil, []gameSkeleton{{name: "snakes"}}, [][]BoardReport{{br, ok}})
	if gr := r.Games[0]; gr.BoardsNotJudged != 1 || gr.BoardsFailed != 0 {
		t.Errorf("game: %d not judged, %d failed: want 1 and 0", gr.BoardsNotJudged, gr.BoardsFailed)
	}
	var md strings.Builder
	if err := WriteMarkdown(&md, r, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "1 board(s) nobody could judge") || strings.Contains(md.String(), "Failed boards") {
		t.Errorf("report.md does not say the board was not judged, or lists it as failed:\n%s", md.String())
	}
	if errors.Is(errors.New("x"), props.ErrCannotJudge) || !errors.Is(props.ErrTooLongToPlay, props.ErrCannotJudge) {
		t.Error("props.ErrTooLongToPlay must wrap props.ErrCannotJudge, the one test for a board nobody can judge")
	}
}
