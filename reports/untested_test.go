package reports

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
)

// outOfTime is waitForOne under another name, whose referee runs out of
// time on the boards notPlayed picks, as a referee program of a game
// defined by programs does (programs' batchPlayers: an error wrapping
// props.ErrOutOfTime, which wraps props.ErrCannotJudge).
type outOfTime struct {
	props.Game
	name      string
	notPlayed func(sides int) bool
}

func (o outOfTime) Name() string { return o.name }

func (o outOfTime) Simulate(ctx context.Context, b props.Board, sol props.Solution, cfg montecarlo.Config) (montecarlo.Histogram, error) {
	if o.notPlayed(b.(int)) {
		return montecarlo.Histogram{}, fmt.Errorf("the referee ./ref 7 1024 ran out of time (%s; --program-timeout): %w", props.TimeLimit, props.ErrOutOfTime)
	}
	return o.Game.Simulate(ctx, b, sol, cfg)
}

// reportTexts is everything a report says: the summary, report.md,
// report.html and junit.xml, and report.json.
type reportTexts struct{ summary, md, html, junit, json string }

func writeAll(t *testing.T, r *Report) reportTexts {
	t.Helper()
	var sum, md, html, junit strings.Builder
	WriteSummary(&sum, r)
	if err := WriteMarkdown(&md, r, nil); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&html, r, nil); err != nil {
		t.Fatal(err)
	}
	if err := WriteJUnit(&junit, r, nil); err != nil {
		t.Fatal(err)
	}
	return reportTexts{sum.String(), md.String(), html.String(), junit.String(), string(jsonBytes(t, r))}
}

// A calibration over no board made no test: every text says so, and why,
// and it counts neither as a pass nor as a failure (it printed "p = 1 over
// 0 boards … pass").
func TestCalibrationOverNoBoardIsNotTested(t *testing.T) {
	always := func(int) bool { return true }
	even := func(s int) bool { return s%2 == 0 }
	for _, tc := range []struct {
		name      string
		game      props.Game
		runs      int64
		notTested string // "" when the test was made
		pass      bool   // the game's
	}{
		{"every board too long to play", unplayable{waitForOne(waitPlants{}), "long", always, false}, 500, UntestedNonePlayed, false},
		{"every board out of the referee's time", outOfTime{waitForOne(waitPlants{}), "slow", always}, 500, UntestedNonePlayed, false},
		// 500 runs: every Berry–Esseen bound of a die is above the cap.
		{"some boards played, none with a U", unplayable{waitForOne(waitPlants{}), "half", even, false}, 500, UntestedNoU, true},
		{"some boards played", unplayable{waitForOne(waitPlants{}), "half", even, false}, 4096, "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := mustRun(t, Options{Games: []props.Game{tc.game}, Boards: 6, Runs: tc.runs, Seed: 3, Alpha: 1e-6})
			g := r.Games[0]
			c := g.Calibration
			if c.NotTested != tc.notTested || g.Pass != tc.pass || g.Failed() {
				t.Fatalf("calibration %+v, game pass %v, failed %v: want not tested %q, pass %v, not failed", *c, g.Pass, g.Failed(), tc.notTested, tc.pass)
			}
			out := writeAll(t, r)
			if tc.notTested == "" {
				if !c.Pass || strings.Contains(out.summary, "not tested") || strings.Contains(out.json, "not_tested") {
					t.Errorf("a calibration over %d boards: pass %v, summary:\n%s", c.Boards, c.Pass, out.summary)
				}
				return
			}
			if c.Pass {
				t.Error("a calibration over no board passed")
			}
			say := "not tested (" + tc.notTested + ")"
			for _, w := range []struct{ where, text, want, notWant string }{
				{"the summary", out.summary, "calibration " + say + ":", "calibration p ="},
				{"report.md", out.md, "Calibration: " + say + ", 6 left out: ", "p = 1"},
				{"report.md's table", out.md, "| " + say + " |", "| 0, 0.000, 1 pass |"},
				{"report.html", out.html, "Calibration: " + say + ", 6 left out: neither a pass nor a failure", "p = 1"},
				{"junit.xml", out.junit, "calibration " + say + ": neither a pass nor a failure", "not N(0,1)"},
				{"report.json", out.json, `"not_tested": "` + tc.notTested + `"`, `"schema": 4`},
			} {
				if !strings.Contains(w.text, w.want) {
					t.Errorf("%s does not say %q:\n%s", w.where, w.want, w.text)
				}
				if strings.Contains(w.text, w.notWant) {
					t.Errorf("%s says %q:\n%s", w.where, w.notWant, w.text)
				}
			}
			back, err := ReadJSON(strings.NewReader(out.json))
			if err != nil || back.Games[0].Calibration.NotTested != tc.notTested {
				t.Errorf("report.json read back: %v, %+v", err, back)
			}
		})
	}
}

// Boards that were played but none of which has a U (σ = 0) leave the
// calibration untested too, for another reason, and so do too few U's for
// the test to reject whatever they are (as a coverage goal's
// too-few-boards); with enough of them it is made.
func TestCalibrationNotTestedWhy(t *testing.T) {
	played := BoardReport{ID: "gen:0", Calibration: BoardCalibration{Skipped: SkipSigmaZero}, Verdict: BoardPass, Pass: true}
	notPlayed := BoardReport{ID: "gen:1", NotPlayed: "too long", Calibration: BoardCalibration{Skipped: SkipNotPlayed}, Verdict: BoardNotJudged}
	withU := func(u float64) BoardReport {
		be := 0.01
		return BoardReport{Calibration: BoardCalibration{U: &u, BerryEsseen: &be}, Verdict: BoardPass, Pass: true}
	}
	var sixty []BoardReport
	for i := range 60 {
		sixty = append(sixty, withU((float64(i)+0.5)/60))
	}
	p := Plan{Alpha: 1e-6, Games: []PlannedGame{{Name: "g"}}}
	for _, tc := range []struct {
		name   string
		boards []BoardReport
		want   string
	}{
		{"σ = 0 on every board", []BoardReport{played, played}, UntestedNoU},
		{"σ = 0 or not played", []BoardReport{notPlayed, played}, UntestedNoU},
		{"none played", []BoardReport{notPlayed}, UntestedNonePlayed},
		{"no board", nil, UntestedNonePlayed},
		{"one board with a U", []BoardReport{withU(0.5), played}, UntestedTooFew},
		{"three boards with a U", []BoardReport{withU(0.2), withU(0.5), withU(0.8)}, UntestedTooFew},
		{"sixty boards with a U", sixty, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := assemble(p, nil, []gameSkeleton{{name: "g"}}, [][]BoardReport{tc.boards})
			if c := r.Games[0].Calibration; c.NotTested != tc.want || c.Pass != (tc.want == "") || r.Failed() {
				t.Errorf("calibration %+v, report failed %v: want not tested %q, pass %v, no failure", *c, r.Failed(), tc.want, tc.want == "")
			}
		})
	}
}

// A board the referee did not play says why it is left out of the
// calibration: too long to play, or the referee out of its time or
// idleness limit (it said "longer than the referee plays" for both).
func TestNotPlayedSaysWhy(t *testing.T) {
	odd := func(s int) bool { return s%2 == 1 }
	for _, tc := range []struct {
		name          string
		game          props.Game
		skipped       string
		say, notSay   string
		notPlayedText string
	}{
		{"too long to play", unplayable{waitForOne(waitPlants{}), "long", odd, false}, SkipNotPlayed,
			"not played: longer than the referee plays", "ran out of time", props.ErrTooLongToPlay.Error()},
		{"out of the referee's time", outOfTime{waitForOne(waitPlants{}), "slow", odd}, SkipOutOfTime,
			"not played: the referee ran out of time (its time or idleness limit)", "longer than the referee plays", "ran out of time (time limit; --program-timeout)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := mustRun(t, Options{Games: []props.Game{tc.game}, Boards: 12, Runs: 500, Seed: 3, Alpha: 1e-6})
			n := 0
			for _, b := range r.Games[0].Boards {
				if b.NotPlayed == "" {
					continue
				}
				n++
				if b.Calibration.Skipped != tc.skipped || !strings.Contains(b.NotPlayed, tc.notPlayedText) || b.Verdict != BoardNotJudged {
					t.Errorf("%s: not played %q, skipped %q, verdict %s: want skipped %q", b.ID, b.NotPlayed, b.Calibration.Skipped, b.Verdict, tc.skipped)
				}
			}
			if n == 0 {
				t.Fatal("no board was left unplayed")
			}
			md := writeAll(t, r).md
			if want := fmt.Sprintf("%d %s", n, tc.say); !strings.Contains(md, want) {
				t.Errorf("report.md does not say %q:\n%s", want, md)
			}
			if strings.Contains(md, tc.notSay) && tc.notSay != "ran out of time" {
				t.Errorf("report.md says %q:\n%s", tc.notSay, md)
			}
			if tc.notSay == "ran out of time" && strings.Contains(md, "referee ran out of time") {
				t.Errorf("report.md says the referee ran out of time:\n%s", md)
			}
		})
	}
}
