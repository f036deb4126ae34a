package reports

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
)

// unplayable is waitForOne under another name, whose referee cannot play
// the boards notPlayed picks (props.ErrTooLongToPlay, as a referee out of
// time) and whose analyst fails every board when broken.
type unplayable struct {
	props.Game
	name      string
	notPlayed func(sides int) bool
	broken    bool
}

func (u unplayable) Name() string { return u.name }

// SolveContext is Solve: the harness asks by this route.
func (u unplayable) SolveContext(_ context.Context, b props.Board) (props.Solution, error) {
	return u.Solve(b)
}

func (u unplayable) Solve(b props.Board) (props.Solution, error) {
	if u.broken {
		return props.Solution{}, errors.New("planted solver error")
	}
	return u.Game.Solve(b)
}

func (u unplayable) Simulate(ctx context.Context, b props.Board, sol props.Solution, cfg montecarlo.Config) (montecarlo.Histogram, error) {
	if u.notPlayed(b.(int)) {
		return montecarlo.Histogram{}, fmt.Errorf("d%d: %w", b.(int), props.ErrTooLongToPlay)
	}
	return u.Game.Simulate(ctx, b, sol, cfg)
}

// A game none of whose boards could be judged is not a pass: the report
// says NOTHING JUDGED for it, and why, unless another game failed (FAIL).
// A game with some boards judged stays as before (issue: report passed a
// game whose referee played no board).
func TestNothingJudgedIsNoPass(t *testing.T) {
	always := func(int) bool { return true }
	never := func(int) bool { return false }
	even := func(s int) bool { return s%2 == 0 }
	for _, tc := range []struct {
		name          string
		games         []props.Game
		pass, failed  bool
		nothingJudged []string // the games that judged nothing
		say, notSay   []string // in the summary
	}{
		{
			name:          "every board not played",
			games:         []props.Game{unplayable{waitForOne(waitPlants{}), "idle", always, false}},
			nothingJudged: []string{"idle"},
			say: []string{"boards, 0 failed, 6 nobody could judge (skipped)", ": NOTHING JUDGED\n",
				"none of the 6 board(s) could be judged (6 not played by the referee, 0 refused by the analyst; first, the referee did not play: d",
				"verdict: NOTHING JUDGED: nobody could judge any board of idle: no verdict\n"},
			notSay: []string{"pass"},
		},
		{
			name:   "some boards not played",
			games:  []props.Game{unplayable{waitForOne(waitPlants{}), "half", even, false}},
			pass:   true,
			say:    []string{"nobody could judge (skipped)", "verdict: pass\n"},
			notSay: []string{"NOTHING", "Nothing"},
		},
		{
			name: "a failed game beside one that judged nothing",
			games: []props.Game{unplayable{waitForOne(waitPlants{}), "broken", never, true},
				unplayable{waitForOne(waitPlants{}), "idle", always, false}},
			failed:        true,
			nothingJudged: []string{"idle"},
			say:           []string{"6 failed", ": FAIL\n", ": NOTHING JUDGED\n", "verdict: FAIL\n"},
			notSay:        []string{"verdict: NOTHING", "verdict: pass"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := mustRun(t, Options{Games: tc.games, Boards: 6, Runs: 500, Seed: 3, Alpha: 1e-6})
			if r.Pass != tc.pass || r.Failed() != tc.failed || r.NothingJudged != (len(tc.nothingJudged) > 0) {
				t.Errorf("pass %v, failed %v, nothing judged %v: want %v, %v, %v", r.Pass, r.Failed(), r.NothingJudged, tc.pass, tc.failed, len(tc.nothingJudged) > 0)
			}
			if got := strings.Join(r.NothingJudgedGames(), ","); got != strings.Join(tc.nothingJudged, ",") {
				t.Errorf("games that judged nothing: %q, want %q", got, tc.nothingJudged)
			}
			for _, g := range r.Games {
				if g.NothingJudged && (g.Pass || g.BoardsNotJudged != len(g.Boards)) {
					t.Errorf("%s: judged nothing, yet pass %v, %d of %d boards not judged", g.Name, g.Pass, g.BoardsNotJudged, len(g.Boards))
				}
			}
			var sum strings.Builder
			WriteSummary(&sum, r)
			for _, want := range tc.say {
				if !strings.Contains(sum.String(), want) {
					t.Errorf("the summary does not say %q:\n%s", want, sum.String())
				}
			}
			for _, bad := range tc.notSay {
				if strings.Contains(sum.String(), bad) {
					t.Errorf("the summary says %q:\n%s", bad, sum.String())
				}
			}
			var md strings.Builder
			if err := WriteMarkdown(&md, r, nil); err != nil {
				t.Fatal(err)
			}
			if judgedNothing := strings.Contains(md.String(), "Nothing judged: none of the"); judgedNothing != (len(tc.nothingJudged) > 0) {
				t.Errorf("report.md says why nothing was judged: %v, want %v", judgedNothing, len(tc.nothingJudged) > 0)
			}
			b := jsonBytes(t, r)
			if got := strings.Contains(string(b), `"nothing_judged": true`); got != (len(tc.nothingJudged) > 0) {
				t.Errorf("report.json has nothing_judged: %v, want %v", got, len(tc.nothingJudged) > 0)
			}
		})
	}
}

// A board the analyst refuses is not judged either; a game with no board
// at all judged nothing, except in a shard that holds none of its boards.
func TestNothingJudgedWithoutBoards(t *testing.T) {
	refused := BoardReport{ID: "gen:0", NotJudged: "over the limit", Verdict: BoardNotJudged}
	p := Plan{Alpha: 1e-6, Games: []PlannedGame{{Name: "g"}}}
	for _, tc := range []struct {
		name   string
		shard  *props.Shard
		boards []BoardReport
		want   bool
	}{
		{"refused by the analyst", nil, []BoardReport{refused}, true},
		{"no board", nil, nil, true},
		{"no board in this shard", &props.Shard{Index: 2, Count: 2}, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := assemble(p, tc.shard, []gameSkeleton{{name: "g"}}, [][]BoardReport{tc.boards})
			if g := r.Games[0]; g.NothingJudged != tc.want || g.Pass == tc.want || r.NothingJudged != tc.want {
				t.Errorf("nothing judged %v (run %v), pass %v: want nothing judged %v", g.NothingJudged, r.NothingJudged, g.Pass, tc.want)
			}
		})
	}
}
