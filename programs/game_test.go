package programs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
)

func urnGame(t *testing.T) props.Game {
	t.Helper()
	g, err := Game(GameSpec{Name: "urn", Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0), Brute: urnSolver(0),
		Params: []Param{{"a", 0, 20}, {"b", 0, 20}}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGameRefusals(t *testing.T) {
	tests := []struct {
		name string
		spec GameSpec
		want string
	}{
		{"no brute force", GameSpec{Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0)}, "a brute force"},
		{"no kind", GameSpec{Generator: urnGenerator(), Referee: urnReferee(0), Brute: urnSolver(0)}, "the kind"},
		{"a range past 32 bits", GameSpec{Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0), Brute: urnSolver(0),
			Params: []Param{{"n", 0, 1 << 40}}}, "within 32 bits"},
		// Issue 21: these panicked (a name of two words) or were accepted
		// (an infinite tolerance, which passes every answer).
		{"a name of two words", GameSpec{Name: "a b", Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0), Brute: urnSolver(0)}, "one word"},
		{"a name with a slash", GameSpec{Name: "a/b", Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0), Brute: urnSolver(0)}, "one word"},
		{"a name with a dot", GameSpec{Name: "a.b", Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0), Brute: urnSolver(0)}, "one word"},
		{"an infinite tolerance", GameSpec{Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0), Brute: urnSolver(0),
			Tolerance: props.Tolerance{Abs: math.Inf(1), Rel: math.Inf(1)}}, "finite"},
		{"a NaN tolerance", GameSpec{Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0), Brute: urnSolver(0),
			Tolerance: props.Tolerance{Abs: math.NaN()}}, "absolute error allowed is not a number"},
		// The message fits the value: a negative one was refused as if it
		// were infinite ("an infinite one accepts every answer").
		{"a negative tolerance", GameSpec{Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0), Brute: urnSolver(0),
			Tolerance: props.Tolerance{Rel: -1e-6}}, "relative error allowed must not be negative"},
		{"a tolerance with an exact answer", GameSpec{Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0), Brute: urnSolver(0),
			Tolerance: props.Tolerance{Abs: 1e-9}, Answer: answer.Rule{Kind: answer.Fraction}}, "compared exactly, with no tolerance"},
	}
	for _, tt := range tests {
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s: panic %v, want an error saying %q", tt.name, p, tt.want)
				}
			}()
			if _, err := Game(tt.spec); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: error %v, want one saying %q", tt.name, err, tt.want)
			}
		}()
	}
}

// slowBrute is a brute force that runs out of time on inputs with more
// than limit black balls, and answers the others.
type slowBrute struct{ limit int }

func (s slowBrute) Run(ctx context.Context, args []string, input []byte) (props.RunResult, error) {
	if _, b := readUrn(input); b > s.limit {
		return props.RunResult{TimedOut: true, ExitCode: -1, Signal: "killed"}, nil
	}
	return urnSolver(0).Run(ctx, args, input)
}
func (slowBrute) String() string { return "slow-brute" }

// A brute force out of time cannot judge the input (props.ErrCannotJudge):
// check skips it and counts it, and the solver is judged on the others; a
// solver wrong only there is not failed (issue 21: the check stopped with
// exit 1 on the first such board).
func TestGameBruteOutOfTimeIsNotJudged(t *testing.T) {
	g, err := Game(GameSpec{Name: "urn", Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0), Brute: slowBrute{limit: 10},
		Params: []Param{{"a", 0, 20}, {"b", 0, 20}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Solve(Input{Text: "1 15\n"}); !errors.Is(err, props.ErrCannotJudge) {
		t.Fatalf("Solve on an input the brute force runs out of time on: %v, want props.ErrCannotJudge", err)
	}
	cc := &props.CrossCheck{Game: g, Solver: runner{urnSolver(11)}, Cases: 60, Seed: 1, ShrinkTime: 5 * time.Second}
	out, err := cc.Run(context.Background())
	if err != nil {
		t.Fatalf("the check stopped: %v", err)
	}
	if out.Failed() || out.NotJudged == 0 || out.Generated+out.NotJudgedGenerated != 60 {
		t.Errorf("failed %v (%+v), %d not judged, %d judged: want a pass with some not judged, 60 in all", out.Failed(), out.First, out.NotJudged, out.Generated)
	}
}

// The referee program, run a block of montecarlo.BlockRuns games at a time,
// gives the same histogram whatever the number of workers, with every run
// counted.
func TestGameSimulateDeterministic(t *testing.T) {
	g := urnGame(t)
	b := Input{Text: "3 5\n"}
	runs := int64(3*montecarlo.BlockRuns + 17)
	var first montecarlo.Histogram
	for _, workers := range []int{1, 2, 4} {
		h, err := g.Simulate(context.Background(), b, props.Solution{}, montecarlo.Config{Runs: runs, Seed: 9, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		var total int64
		for _, c := range h.Counts {
			total += c
		}
		if total != runs {
			t.Fatalf("%d workers: %d runs counted, want %d", workers, total, runs)
		}
		if workers == 1 {
			first = h
		} else if !reflect.DeepEqual(h.Counts, first.Counts) {
			t.Errorf("%d workers: %v, one worker %v", workers, h.Counts, first.Counts)
		}
	}
	if p := float64(first.Counts[1]) / float64(runs); p < 0.3 || p > 0.45 {
		t.Errorf("the referee won %.3f of its runs, want about 3/8", p)
	}
	// Fewer runs than a block take a part of the block's outcomes, which
	// the referee printed wins first: a part taken in that order would be
	// all wins.
	h, err := g.Simulate(context.Background(), b, props.Solution{}, montecarlo.Config{Runs: 400, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	if p := float64(h.Counts[1]) / 400; p < 0.25 || p > 0.5 {
		t.Errorf("400 runs of a partial block: the referee won %.3f, want about 3/8", p)
	}
}

// The brute force is the analyst; its faults and a referee's are errors
// that name the program.
func TestGameProgramsFaults(t *testing.T) {
	g := urnGame(t)
	if sol, err := g.Solve(Input{Text: "1 3\n"}); err != nil || sol.Value != 0.25 || len(sol.PMF) != 2 {
		t.Errorf("Solve = %+v, %v; want 1/4 with its win/loss distribution", sol, err)
	}
	bad, _ := Game(GameSpec{Quantity: Probability, Generator: urnGenerator(), Referee: output("1 7\n"), Brute: crash()})
	if _, err := bad.Solve(Input{Text: "1 3\n"}); err == nil || !strings.Contains(err.Error(), "the brute force failed (crash)") {
		t.Errorf("a crashing brute force: %v", err)
	}
	if _, err := bad.Simulate(context.Background(), Input{Text: "1 3\n"}, props.Solution{}, montecarlo.Config{Runs: 10, Seed: 1}); err == nil || !strings.Contains(err.Error(), "runs reported") {
		t.Errorf("a referee printing too few runs: %v", err)
	}
	if _, err := bad.Parse(strings.NewReader(" \n"), "x.in"); err == nil || !strings.Contains(err.Error(), "x.in:1: empty input") {
		t.Errorf("an empty input: %v", err)
	}
}

// runner adapts an in-process solver to props.Runner, for CrossCheck.
type runner struct{ p Func }

func (r runner) Run(ctx context.Context, input []byte) (props.RunResult, error) {
	return r.p.Run(ctx, nil, input)
}

// check works on the game: the wrong solver is caught and rapid shrinks
// its input over the generator's SEED and parameters to the urn "1 2".
func TestGameCrossCheck(t *testing.T) {
	g := urnGame(t)
	cc := &props.CrossCheck{Game: g, Solver: runner{urnSolver(2)}, Cases: 100, Seed: 1, ShrinkTime: 20 * time.Second}
	out, err := cc.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.First == nil || out.First.Verdict != props.WrongAnswer || string(out.First.Input) != "1 2\n" {
		t.Fatalf("first failure %+v, want a wrong answer shrunk to 1 2", out.First)
	}
	g2, err := g.WithParams(map[string]int{"b": 1})
	if err != nil {
		t.Fatal(err)
	}
	cc = &props.CrossCheck{Game: g2, Solver: runner{urnSolver(2)}, Cases: 50, Seed: 1}
	if out, err := cc.Run(context.Background()); err != nil || out.Failed() {
		t.Errorf("with at most one black ball the slip cannot show, yet: %+v, %v", out, err)
	}
}

// TestGameValidator checks that a game with a validator refuses an input
// file it rejects, naming the file and giving its reason, and reads one it
// accepts; a generated input it rejects is handed out, but the analyst,
// the referee and Write refuse it with the reason, so a command stops on
// it in the boards' order (rapid would draw again without a word).
func TestGameValidator(t *testing.T) {
	g, err := Game(GameSpec{Name: "urn", Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0), Brute: urnSolver(0),
		Validator: urnValidator(20), Params: []Param{{"a", 0, 20}, {"b", 0, 20}}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		input string
		want  string // in the error; "" for none
	}{
		{"3 5\n", ""},
		{"12 9\n", "urn.in: not a valid input: the validator val rejects it (exit status 1; or the validator is wrong)\nstderr (tail):\nline 1: a + b = 21 > 20"},
	}
	for _, tt := range tests {
		boards, err := g.Parse(strings.NewReader(tt.input), "urn.in")
		switch {
		case tt.want == "" && (err != nil || len(boards) != 1):
			t.Errorf("%q: %d boards, error %v; want one board", tt.input, len(boards), err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%q: error %v; want one containing %q", tt.input, err, tt.want)
		}
	}
	rejected := 0
	for i := range 50 { // a fair share of the urns have more than 20 balls
		b := g.Generator().Example(i)
		a, c := readUrn([]byte(b.(Input).Text))
		_, answerErr := g.Answer(b)
		_, simErr := g.Simulate(context.Background(), b, props.Solution{}, montecarlo.Config{Runs: 10, Seed: 1})
		writeErr := g.WriteInput(io.Discard, []props.Board{b})
		if a+c <= 20 {
			if answerErr != nil || simErr != nil || writeErr != nil {
				t.Errorf("example %d, %q: errors %v, %v, %v on a valid input", i, b, answerErr, simErr, writeErr)
			}
			continue
		}
		rejected++
		for _, err := range []error{answerErr, simErr, writeErr} {
			if err == nil || !strings.Contains(err.Error(), "not a valid input: the validator val rejects it") {
				t.Errorf("example %d, %q: error %v; want the validator's rejection", i, b, err)
			}
		}
	}
	if rejected == 0 {
		t.Error("no example had more than 20 balls: the test tested nothing")
	}

	// A generator that fails has no input to hand out: a stand-in carries
	// the fault.
	g, err = Game(GameSpec{Name: "urn", Quantity: Probability, Generator: crash(), Referee: urnReferee(0), Brute: urnSolver(0)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Answer(g.Generator().Example(1)); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("a crashing generator's draw answered with error %v; want its crash", err)
	}
}

// On the programs route too, a brute force that disagrees with the solver
// is run again, and one that changes its answer is named, never the
// correct solver (issue 21 part 3: inconsistent by 0.003, it made a
// correct solver a wrong answer three runs in three).
func TestGameInconsistentBrute(t *testing.T) {
	g, err := Game(GameSpec{Name: "urn", Quantity: Probability, Generator: urnGenerator(), Referee: urnReferee(0), Brute: inconsistentBrute(0.003),
		Params: []Param{{"a", 0, 20}, {"b", 0, 20}}})
	if err != nil {
		t.Fatal(err)
	}
	cc := &props.CrossCheck{Game: g, Solver: runner{urnSolver(0)}, Cases: 30, Seed: 1, ShrinkTime: 5 * time.Second}
	out, err := cc.Run(context.Background())
	if !errors.Is(err, props.ErrInconsistentOracle) || !strings.Contains(err.Error(), "the brute force brute") {
		t.Fatalf("outcome %+v, error %v: want the brute force named inconsistent", out, err)
	}
}

// On the programs route the generator is checked as stress checks it
// (issue 21 part 3): one that prints other bytes for the same arguments is
// named, and so is one whose output no program takes (the brute force and
// the referee both fail on it), not the brute force.
func TestGameBlamesTheGenerator(t *testing.T) {
	var n atomic.Int64
	nondeterministic := Func{Name: "gen", Fn: func([]string, []byte) ([]byte, error) {
		return fmt.Appendf(nil, "1 %d\n", n.Add(1)), nil
	}}
	tests := []struct {
		name           string
		spec           GameSpec
		want, unwanted string // the error says want, and not unwanted (when set)
	}{
		{"not deterministic", GameSpec{Quantity: Probability, Generator: nondeterministic, Referee: urnReferee(0), Brute: urnSolver(0)}, "same bytes for the same arguments", ""},
		{"garbage", GameSpec{Quantity: Probability, Generator: output("hello\n"), Referee: strictUrn(urnReferee(0)), Brute: strictUrn(urnSolver(0))},
			"the generator's fault: no program takes the input of fixed", ""},
		{"garbage the referee plays", GameSpec{Quantity: Probability, Generator: output("hello\n"), Referee: urnReferee(0), Brute: strictUrn(urnSolver(0))},
			"the brute force failed (crash)", "the generator's fault"},
		// Before: the referee's time limit counted as its failing on the
		// input too, and the generator was blamed.
		{"garbage the referee runs out of time on", GameSpec{Quantity: Probability, Generator: output("hello\n"), Referee: slowReferee{limit: -1}, Brute: strictUrn(urnSolver(0))},
			"the brute force failed (crash)", "the generator's fault"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Game(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			cc := &props.CrossCheck{Game: g, Solver: runner{urnSolver(0)}, Cases: 10, Seed: 1}
			out, err := cc.Run(context.Background())
			if err == nil || !strings.Contains(err.Error(), tt.want) || tt.unwanted != "" && strings.Contains(err.Error(), tt.unwanted) {
				t.Fatalf("outcome %+v, error %v: want one saying %q, not %q", out, err, tt.want, tt.unwanted)
			}
		})
	}
}

// A referee out of time (or idle) on a board cannot play it, which is
// nobody's fault: Simulate's error wraps props.ErrCannotJudge, so report
// counts the board as not played, as stress counts an input too big to
// simulate. Before, the referee's time limit was the board's error, a
// failure of the game.
func TestGameRefereeOutOfTimeCannotJudge(t *testing.T) {
	for _, idle := range []bool{false, true} {
		referee := result{props.RunResult{TimedOut: !idle, Idle: idle, ExitCode: -1, Signal: "killed"}}
		g, err := Game(GameSpec{Name: "urn", Quantity: Probability, Generator: urnGenerator(), Referee: referee, Brute: urnSolver(0)})
		if err != nil {
			t.Fatal(err)
		}
		b := Input{Text: "1 2\n"}
		sol, err := g.Solve(b)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Simulate(context.Background(), b, sol, montecarlo.Config{Runs: 10, Seed: 1}); !errors.Is(err, props.ErrOutOfTime) || !errors.Is(err, props.ErrCannotJudge) || !strings.Contains(err.Error(), "referee") {
			t.Errorf("idle %v: Simulate with the referee out of time: %v, want an error naming the referee that wraps props.ErrOutOfTime and props.ErrCannotJudge", idle, err)
		}
	}
}
