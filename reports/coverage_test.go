package reports

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// dice is waitForOne with a generator parameter and coverage goals, as a
// user's game declares them: the most sides of a drawn die ("most", 2..30,
// default 12), and classes "small" (up to 6 sides) and "big".
func dice(goals ...props.ClassGoal) props.Game {
	return props.Define(props.Spec[int]{
		Name:   "dice",
		Parse:  func(io.Reader, string) ([]int, error) { return nil, errors.New("no input format") },
		Write:  func(w io.Writer, boards []int) error { _, err := fmt.Fprintln(w, boards[0]); return err },
		Params: []props.Param{{Name: "most", Doc: "the most sides of a die", Default: 12, Min: 2, Max: 30}},
		Presets: []props.Preset{
			{Name: "tiny", Doc: "dice of at most 3 sides", Values: map[string]int{"most": 3}},
		},
		GeneratorWith: func(v map[string]int) *rapid.Generator[int] { return rapid.IntRange(2, v["most"]) },
		Coverage:      goals,
		Classify: func(s int) string {
			if s <= 6 {
				return "small"
			}
			return "big"
		},
		Outcome: props.Count,
		Solve:   func(s int) (props.Solution, error) { return rollsUntilOne(s), nil },
		Play:    rollUntilOne,
	})
}

// threeGoals are a goal the dice meet, one they miss (a class never drawn)
// and one too small for 60 boards to judge (never drawn either).
func threeGoals() []props.ClassGoal {
	return []props.ClassGoal{
		{Class: "small", MinShare: 0.35},  // met: over half the dice are small
		{Class: "huge", MinShare: 0.3},    // missed: 0.7^2000 ≤ α
		{Class: "giant", MinShare: 0.001}, // 0.999^2000 = 0.14: 2000 draws cannot judge 0.1%
	}
}

func diceOptions(g props.Game) Options {
	return Options{Games: []props.Game{g}, Boards: 60, Runs: 2048, Seed: 3, Alpha: 1e-6}
}

// Each goal is tested by P(Bin(n, goal) ≤ boards) at its share of the
// budget: a goal the generator meets passes, one it misses fails the game
// and the report, and one that too few boards cannot judge says so (with
// how many would do) without passing as met. A class that never occurs is
// never "ok".
func TestCoverageGoals(t *testing.T) {
	g := dice(threeGoals()...)
	r, _ := mustRun(t, diceOptions(g))
	gr := r.Games[0]
	if r.Pass || gr.Pass {
		t.Fatalf("a missed goal passed the report: %+v", gr.Coverage)
	}
	if gr.BoardsFailed != 0 || !gr.Calibration.Pass {
		t.Fatalf("the boards themselves should pass: %d failed, calibration %+v", gr.BoardsFailed, gr.Calibration)
	}
	if len(gr.Coverage) != 3 {
		t.Fatalf("coverage has %d rows, want 3: %+v", len(gr.Coverage), gr.Coverage)
	}
	// The goals are judged over CoverageDraws boards of the generator, the
	// report's 60 generated boards first among them.
	counts := map[string]int{}
	for _, b := range gr.Boards {
		counts[b.Class]++
	}
	drawn := drawClasses(g, 3, CoverageDraws)
	first := drawClasses(g, 3, 60)
	for class, n := range first {
		if counts[class] != n {
			t.Errorf("%s: %d of the report's boards, %d of the first 60 draws", class, counts[class], n)
		}
	}
	want := []struct {
		verdict string
		pass    bool
	}{{CoverageOK, true}, {CoverageUnder, false}, {CoverageTooFew, true}}
	for i, c := range gr.Coverage {
		if c.Verdict != want[i].verdict || c.Pass != want[i].pass {
			t.Errorf("%s: verdict %s, pass %v; want %s, %v (%+v)", c.Class, c.Verdict, c.Pass, want[i].verdict, want[i].pass, c)
		}
		if n := CoverageDraws; c.Generated != n || c.Boards != drawn[c.Class] || c.Share != float64(c.Boards)/float64(n) {
			t.Errorf("%s: %d of %d boards, share %g; the draws say %d of %d", c.Class, c.Boards, c.Generated, c.Share, drawn[c.Class], n)
		}
		if p := estimate.BinomialCDF(int64(c.Boards), CoverageDraws, c.MinShare); c.PValue != p {
			t.Errorf("%s: p = %g, want P(Bin(%d, %g) ≤ %d) = %g", c.Class, c.PValue, CoverageDraws, c.MinShare, c.Boards, p)
		}
		if c.Alpha != gr.Budget.CoverageAlpha {
			t.Errorf("%s: α = %g, the game's coverage α %g", c.Class, c.Alpha, gr.Budget.CoverageAlpha)
		}
	}
	// Three goals are three more checks of the budget.
	if gr.Budget.CoverageAlpha != 1e-6/float64(60+1+3) || r.Budget.Checks != 60+1+3 || r.Budget.Rule != budgetRuleCoverage {
		t.Errorf("budget %+v, game budget %+v", r.Budget, gr.Budget)
	}
	giant := gr.Coverage[2]
	if giant.Boards != 0 || giant.BoardsNeeded == 0 {
		t.Errorf("giant: %+v", giant)
	}

	var sum bytes.Buffer
	WriteSummary(&sum, r)
	for _, w := range []string{
		"α = 1e-06 over 64 checks",
		"over 60 boards, coverage 1/3 goals under-covered: FAIL",
		"generator: most=12",
		"coverage of 2000 generated boards, α = 1.56e-08 per goal:",
		"  huge      0    0.0%  goal ≥  30.0%  p = 1.57e-310 UNDER-COVERED",
		fmt.Sprintf("too few boards to judge (%d generated boards would do)", giant.BoardsNeeded),
		"verdict: FAIL",
	} {
		if !strings.Contains(sum.String(), w) {
			t.Errorf("the summary does not say %q:\n%s", w, sum.String())
		}
	}
}

// boardsNeeded is the least number of generated boards at which a goal's
// test could reject with no board in its class.
func TestBoardsNeeded(t *testing.T) {
	for _, tc := range []struct {
		boards, samples, goals, games int
		share                         float64
	}{
		{40, 2, 1, 4, 0.2}, {40, 0, 3, 1, 0.01}, {0, 0, 1, 1, 0.5}, {5, 1, 2, 2, 1e-4},
	} {
		p := Plan{Alpha: 1e-6, Boards: tc.boards}
		for range tc.games {
			p.Games = append(p.Games, PlannedGame{SampleBoards: tc.samples, Coverage: make([]CoverageGoal, tc.goals)})
		}
		g := p.Games[0]
		m := boardsNeeded(p, g, tc.share)
		judged := func(m int) bool {
			q := p
			q.Boards = m
			return estimate.BinomialCDF(0, int64(m), tc.share) <= gameBudget(q, g).CoverageAlpha
		}
		if m == 0 || !judged(m) || judged(m-1) {
			t.Errorf("%+v: boardsNeeded = %d; judged there %v, one fewer %v", tc, m, judged(m), judged(m-1))
		}
	}
}

// No generated boards (--boards 0): the goals are still judged, over the
// CoverageDraws boards drawn and classified for them. With no sample
// either, no agreement test is made: nothing failed, and the game judged
// nothing, which is no pass.
func TestCoverageWithoutGeneratedBoards(t *testing.T) {
	opt := diceOptions(dice(props.ClassGoal{Class: "small", MinShare: 0.5}))
	opt.Boards = 0
	r, _ := mustRun(t, opt)
	c := r.Games[0].Coverage
	if len(c) != 1 || c[0].Verdict != CoverageOK || c[0].Generated != CoverageDraws || r.Failed() || !r.Games[0].NothingJudged {
		t.Fatalf("coverage %+v, failed %v, nothing judged %v", c, r.Failed(), r.Games[0].NothingJudged)
	}
	if _, err := io.Discard.Write(jsonBytes(t, r)); err != nil {
		t.Fatal(err)
	}
}

// The parameter values in force and the goals are part of the plan; a game
// without either adds no key to report.json, and its budget rule is the old
// one.
func TestPlanRecordsParamsAndGoals(t *testing.T) {
	g, err := props.WithGenOptions(dice(props.ClassGoal{Class: "small", MinShare: 0.2}), "tiny", nil)
	if err != nil {
		t.Fatal(err)
	}
	opt := diceOptions(g)
	opt.Boards = 5
	r, _ := mustRun(t, opt)
	pg := r.Plan.Games[0]
	if pg.Params["most"] != 3 || len(pg.Params) != 1 || len(pg.Coverage) != 1 || pg.Coverage[0] != (CoverageGoal{Class: "small", MinShare: 0.2}) {
		t.Errorf("plan game %+v", pg)
	}
	js := string(jsonBytes(t, r))
	for _, w := range []string{`"params": {`, `"most": 3`, `"coverage_goals": [`, `"coverage": [`, `"coverage_alpha":`} {
		if !strings.Contains(js, w) {
			t.Errorf("report.json lacks %s", w)
		}
	}

	plain, _ := mustRun(t, Options{Games: []props.Game{waitForOne(waitPlants{})}, Boards: 5, Runs: 2048, Seed: 3, Alpha: 1e-6})
	js = string(jsonBytes(t, plain))
	for _, w := range []string{`"params"`, `"coverage`, "coverage goal"} {
		if strings.Contains(js, w) {
			t.Errorf("report.json of a game without params or goals has %s", w)
		}
	}
	if plain.Budget.Rule != budgetRule || plain.Budget.Checks != 5+1 {
		t.Errorf("budget %+v", plain.Budget)
	}
}

// Shards run under other parameter values are not one run: merge refuses
// them, naming the game and the values. A shard judges no coverage, and its
// merge does.
func TestMergeRefusesOtherParams(t *testing.T) {
	goal := props.ClassGoal{Class: "small", MinShare: 0.2}
	other, err := dice(goal).WithParams(map[string]int{"most": 20})
	if err != nil {
		t.Fatal(err)
	}
	shard := func(g props.Game, i int) *Report {
		opt := diceOptions(g)
		opt.Boards = 4
		opt.Shard = props.Shard{Index: i, Count: 2}
		r, _ := mustRun(t, opt)
		return r
	}
	one, two := shard(dice(goal), 1), shard(dice(goal), 2)
	if one.Games[0].Coverage != nil {
		t.Errorf("a shard judged coverage: %+v", one.Games[0].Coverage)
	}
	_, err = Merge([]*Report{one, shard(other, 2)})
	if want := "report 2 was run with other generator parameters for dice (most=20, the first report most=12): every shard needs the same --gen and --limits"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
	_, err = Merge([]*Report{one, shard(dice(props.ClassGoal{Class: "small", MinShare: 0.3}), 2)})
	if err == nil || !strings.Contains(err.Error(), "other coverage goals for dice") {
		t.Errorf("other goals: %v", err)
	}
	merged, err := Merge([]*Report{one, two})
	if err != nil || len(merged.Games[0].Coverage) != 1 {
		t.Fatalf("merge: %v, coverage %+v", err, merged)
	}
	whole, _ := mustRun(t, func() Options { o := diceOptions(dice(goal)); o.Boards = 4; return o }())
	if !bytes.Equal(jsonBytes(t, merged), jsonBytes(t, whole)) {
		t.Errorf("merged report differs from the whole run's:\n%s", firstDifference(jsonBytes(t, merged), jsonBytes(t, whole)))
	}
}

// report.md and report.html show the coverage table; junit.xml has a test
// case per goal: failed when under-covered, skipped when too few boards.
func TestCoverageOutputs(t *testing.T) {
	r, tim := mustRun(t, diceOptions(dice(threeGoals()...)))
	var md, html, junit bytes.Buffer
	if err := WriteMarkdown(&md, r, tim); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&html, r, tim); err != nil {
		t.Fatal(err)
	}
	if err := WriteJUnit(&junit, r, tim); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"1.56e-08 per coverage goal.",
		"Generator parameters: `most=12`.",
		"| class | boards | share | goal | p | verdict |",
		"| huge | 0 | 0.0% | ≥ 30.0% | 1.57e-310 | UNDER-COVERED |",
		"| giant | 0 | 0.0% | ≥ 0.1% | 0.135 | too few boards to judge (23885 generated boards would do) |",
	} {
		if !strings.Contains(md.String(), w) {
			t.Errorf("report.md lacks %q", w)
		}
	}
	for _, w := range []string{"<h3>Coverage goals</h3>", "<code>most=12</code>", "<td>huge</td>", "≥ 30.0%", "too few boards to judge"} {
		if !strings.Contains(html.String(), w) {
			t.Errorf("report.html lacks %q", w)
		}
	}
	var suites junitSuites
	if err := xml.Unmarshal(junit.Bytes(), &suites); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range suites.Suites[0].Cases {
		switch {
		case c.Failure != nil:
			got[c.Name] = "fail"
		case c.Skipped != nil:
			got[c.Name] = "skip"
		default:
			got[c.Name] = "pass"
		}
	}
	for name, want := range map[string]string{"coverage/small": "pass", "coverage/huge": "fail", "coverage/giant": "skip"} {
		if got[name] != want {
			t.Errorf("junit %s: %s, want %s (%v)", name, got[name], want, got)
		}
	}
}

// TestCoverageVerdictOneSpelling holds the JSON spelling of a coverage
// verdict one: report.json's (CoverageRow.Verdict) is props.CoverageVerdict's
// MarshalText, which check --json writes. A verdict spelled otherwise in
// either place, or a verdict MarshalText does not know, fails here.
func TestCoverageVerdictOneSpelling(t *testing.T) {
	for _, tt := range []struct {
		v    props.CoverageVerdict
		want string
	}{{props.CoverageOK, CoverageOK}, {props.UnderCovered, CoverageUnder}, {props.TooFewBoards, CoverageTooFew}} {
		got, err := tt.v.MarshalText()
		if err != nil || string(got) != tt.want {
			t.Errorf("%v: MarshalText %q, %v; report.json spells it %q", tt.v, got, err, tt.want)
		}
		var back props.CoverageVerdict
		if err := back.UnmarshalText([]byte(tt.want)); err != nil || back != tt.v {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", tt.want, back, err, tt.v)
		}
	}
	if got, err := props.CoverageVerdict(99).MarshalText(); err == nil {
		t.Errorf("verdict 99: MarshalText %q, want an error", got)
	}
	var v props.CoverageVerdict
	if err := v.UnmarshalText([]byte("too few boards to judge")); err == nil {
		t.Errorf("the printed spelling read back as %v, want an error: JSON has one spelling", v)
	}
}
