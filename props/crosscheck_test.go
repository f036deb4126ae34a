package props

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/internal/rapidflags"
	"github.com/chancecheck/chancecheck/internal/rapidtest"
	"github.com/chancecheck/chancecheck/montecarlo"
	"pgregory.net/rapid"
)

func TestParseAnswers(t *testing.T) {
	tests := []struct {
		name  string
		judge Judge
		out   string
		n     int
		want  []float64
		line  int // 0: parses; else the FormatError's line (-1: whole output)
	}{
		{"nan", coins(), "nan\n", 1, nil, 1},
		{"-nan", coins(), "-nan\n", 1, nil, 1},
		{"NaN", coins(), "NaN\n", 1, nil, 1},
		{"inf", coins(), "inf\n", 1, nil, 1},
		{"overflow to inf", coins(), "1e999\n", 1, nil, 1},
		{"glued garbage", coins(), "0.5abc\n", 1, nil, 1},
		{"hex float", coins(), "0x1p-1\n", 1, nil, 1},
		{"two numbers", coins(), "0.5 0.5\n", 1, nil, 1},
		{"empty line between", coins(), "0.5\n\n0.25\n", 3, nil, 2},
		{"empty output", coins(), "", 1, nil, -1},
		{"blank output", coins(), "  \n", 1, nil, -1},
		{"NUL byte", coins(), "0.5\x00\n", 1, nil, -1},
		{"plain", coins(), " 17.119213696602 \n", 1, []float64{17.119213696602}, 0},
		{"forms", coins(), "1.\n.5\n+2e-3\n", 3, []float64{1, .5, 2e-3}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.judge.ParseAnswers([]byte(tt.out), tt.n)
			if tt.line == 0 {
				if err != nil || fmt.Sprint(got) != fmt.Sprint(tt.want) {
					t.Fatalf("got %v, %v; want %v", got, err, tt.want)
				}
				return
			}
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("got %v, %v; want a FormatError", got, err)
			}
			if want := max(tt.line, 0); fe.Line != want {
				t.Errorf("error %q on line %d, want line %d", fe, fe.Line, want)
			}
		})
	}
}

func TestAgrees(t *testing.T) {
	tests := []struct {
		name   string
		judge  Judge
		ours   Solution
		theirs float64
		full   bool
		want   bool
	}{
		{"absolute", coins(), Solution{Value: 0.5}, 0.5000009, false, true},
		{"relative", coins(), Solution{Value: 1e4}, 1e4 + 5e-3, false, true},
		{"beyond", coins(), Solution{Value: 0.5}, 0.500002, false, false},
		{"plain", coins(), Solution{Value: 17.119213696601992}, 17.119213696602, false, true},
	}
	for _, tt := range tests {
		if got := tt.judge.Agrees(tt.ours, answer.FloatValue(tt.theirs), tt.full); got != tt.want {
			t.Errorf("%s: Agrees(%v, %v) = %v, want %v", tt.name, tt.ours.Value, tt.theirs, got, tt.want)
		}
	}
}

// fakeSolver is a Runner in the test: it reads the input with the game's
// parser, answers with the analyst, and lets answer rewrite the output. It
// is safe for concurrent use when answer is.
type fakeSolver struct {
	game   Game
	answer func(boards []Board, sols []Solution) (string, RunResult)
	runs   atomic.Int64
}

func (f *fakeSolver) Run(_ context.Context, input []byte) (RunResult, error) {
	f.runs.Add(1)
	boards, err := f.game.Parse(bytes.NewReader(input), "stdin")
	if err != nil {
		return RunResult{ExitCode: 1, StderrTail: err.Error()}, nil
	}
	sols := make([]Solution, len(boards))
	for i, b := range boards {
		sols[i], _ = f.game.Solve(b)
	}
	out, res := f.answer(boards, sols)
	res.Stdout = []byte(out)
	return res, nil
}

// TestCrossCheckTimeLimitTogether checks a batch whose boards each pass
// alone but are over the time limit together: the verdict names the
// fewest slowest boards that are over it together, found in one more run
// rather than by dropping boards one run a board. The fake takes 4 ms a
// board with a coin of 90 or more, 0.1 ms another, after 1 ms of
// start-up, killed at 10 ms: three slow boards are over it, two are not.
func TestCrossCheckTimeLimitTogether(t *testing.T) {
	slowTogether := func(b []Board, s []Solution) (string, RunResult) {
		cpu := time.Millisecond
		for _, x := range b {
			if hasCoin(x, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99) {
				cpu += 4 * time.Millisecond
			} else {
				cpu += 100 * time.Microsecond
			}
		}
		if cpu > 10*time.Millisecond {
			return "", RunResult{TimedOut: true, CPU: 10 * time.Millisecond}
		}
		return coinLines(s, func(_ int, s Solution) string { return fmt.Sprint(s.Value) }), RunResult{CPU: cpu}
	}
	solver := &fakeSolver{game: coins(), answer: slowTogether}
	cc := &CrossCheck{Game: coins(), Solver: solver, Cases: 200, Seed: 7, Batch: 20, ShrinkTime: time.Second}
	out, err := cc.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	f := out.First
	if f == nil || f.Verdict != TimeLimit {
		t.Fatalf("first failure %+v, want a time limit", f)
	}
	slow := 0
	for _, b := range f.Boards {
		if hasCoin(b, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99) {
			slow++
		}
	}
	if len(f.Boards) != 3 || slow != 3 {
		t.Errorf("the failure holds %d boards, %d of them slow; want the 3 slow ones together (%s)", len(f.Boards), slow, f.Source)
	}
	// The sample input, the failing batch (the first), its 20 boards alone,
	// one try of the slowest together and the runs alone that confirm the
	// two time limits make 26 runs; dropping boards one a run made 61.
	if n := solver.runs.Load(); n >= 40 {
		t.Errorf("%d solver runs: the boards over the limit together were not found in one try", n)
	}
	if !strings.Contains(f.Detail, "together is over the limit") {
		t.Errorf("detail %q does not say the boards pass alone", f.Detail)
	}
}

// TestCrossCheckVerdicts plants one fault of each kind in a fake solver
// and checks the verdict, and that a batch failure is pinned on one board.
func TestCrossCheckVerdicts(t *testing.T) {
	tests := []struct {
		name   string
		answer func([]Board, []Solution) (string, RunResult)
		want   Verdict
		single bool // the failure must be pinned on a single board
	}{
		{"correct", func(_ []Board, s []Solution) (string, RunResult) {
			return coinLines(s, func(_ int, s Solution) string { return fmt.Sprintf("%.8f", s.Value) }), RunResult{}
		}, Accepted, false},
		{"nan on boards with a coin of 98..99", func(b []Board, s []Solution) (string, RunResult) {
			return coinLines(s, func(i int, s Solution) string {
				if hasCoin(b[i], 98, 99) {
					return "-nan"
				}
				return fmt.Sprint(s.Value)
			}), RunResult{}
		}, OutputFormat, true},
		{"wrong on a coin of 90..99", func(b []Board, s []Solution) (string, RunResult) {
			return coinLines(s, func(i int, s Solution) string {
				if hasCoin(b[i], 90, 91, 92, 93, 94, 95, 96, 97, 98, 99) {
					return fmt.Sprint(s.Value + 1)
				}
				return fmt.Sprint(s.Value)
			}), RunResult{}
		}, WrongAnswer, true},
		{"crash with stderr", func(_ []Board, _ []Solution) (string, RunResult) {
			return "", RunResult{ExitCode: -1, Signal: "segmentation fault", StderrTail: "core dumped"}
		}, Crash, false},
		{"time limit", func(_ []Board, _ []Solution) (string, RunResult) {
			return "", RunResult{TimedOut: true, Elapsed: 2 * time.Second}
		}, TimeLimit, false},
		{"memory limit on boards with a coin of 98..99", func(b []Board, s []Solution) (string, RunResult) {
			for _, x := range b {
				if hasCoin(x, 98, 99) {
					return "", RunResult{ExitCode: -1, Signal: "aborted", StderrTail: "std::bad_alloc", OverMemory: "aborted after an allocation failed"}
				}
			}
			return coinLines(s, func(_ int, s Solution) string { return fmt.Sprint(s.Value) }), RunResult{}
		}, MemoryLimit, true},
		{"forgets to reset between cases", func(_ []Board, s []Solution) (string, RunResult) {
			return coinLines(s, func(i int, s Solution) string { return fmt.Sprint(s.Value + float64(i)) }), RunResult{}
		}, WrongAnswer, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cc := &CrossCheck{Game: coins(), Solver: &fakeSolver{game: coins(), answer: tt.answer},
				Cases: 80, Seed: 7, Batch: 10, ShrinkTime: time.Second}
			out, err := cc.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == Accepted {
				if out.Failed() {
					t.Fatalf("flagged: %s on %s: %s", out.First.Verdict, out.First.Source, out.First.Detail)
				}
				if out.Generated != 80 || out.Samples != 2 || len(out.Classes) == 0 {
					t.Errorf("checked %d generated, %d sample boards, classes %v", out.Generated, out.Samples, out.Classes)
				}
				return
			}
			if out.First == nil || out.First.Verdict != tt.want {
				t.Fatalf("first failure %+v, want %s", out.First, tt.want)
			}
			if tt.single && (len(out.First.Boards) != 1 || out.Found == nil) {
				t.Errorf("%s: %d boards, shrunk %v (%s)", out.First.Source, len(out.First.Boards), out.Found != nil, out.Shrink.Note)
			}
		})
	}
}

// TestCrossCheckBatchOnly plants a solver that fails only when an input
// holds several cases: every board passes alone, and the batch is cut down
// to two boards.
func TestCrossCheckBatchOnly(t *testing.T) {
	fake := &fakeSolver{game: coins(), answer: func(_ []Board, s []Solution) (string, RunResult) {
		return coinLines(s, func(i int, s Solution) string { return fmt.Sprint(s.Value + float64(i)) }), RunResult{}
	}}
	cc := &CrossCheck{Game: coins(), Solver: fake, Cases: 10, Seed: 3, Batch: 10}
	out, err := cc.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	f := out.First
	if f == nil || f.Verdict != WrongAnswer || len(f.Boards) != 2 || !strings.Contains(f.Detail, "passes alone") {
		t.Fatalf("got %+v", f)
	}
}

// TestCheckSolverShrinks plants a Go solver that ignores coins of chance
// 97..99 (it passes the samples, whose highest coin is 50) and sees
// CheckSolver fail with a board of that one coin: every other coin can go
// and the failure stays, and without the coin there is none.
func TestCheckSolverShrinks(t *testing.T) {
	wrong := func(b coinBoard) (float64, error) {
		var kept coinBoard
		for _, v := range b.Coins {
			if v < 97 {
				kept.Coins = append(kept.Coins, v)
			}
		}
		sol, err := solveCoins(kept)
		return sol.Value, err
	}
	rec := rapidtest.NewRecorder(t, "planted-"+strings.ReplaceAll(t.Name(), "/", "-"))
	CheckSolver(rec, coins(), wrong)
	if !rec.Failed() {
		t.Fatal("CheckSolver passed a solver that ignores coins of 97..99")
	}
	log := rec.Output()
	i := strings.LastIndex(log, "input:\n")
	if i < 0 {
		t.Fatalf("no input in the report:\n%s", log)
	}
	in := log[i+len("input:\n"):]
	boards, err := coins().Parse(strings.NewReader(in), "report")
	if err != nil || len(boards) != 1 {
		t.Fatalf("the reported input does not parse (%v):\n%s", err, in)
	}
	got := boards[0].(coinBoard).Coins
	if len(got) != 1 || !hasCoin(boards[0], 97, 98, 99) {
		t.Errorf("shrunk board %v, want one coin, of 97..99\n%s", got, log)
	}
}

// TestShrinkStartsFromTheFailingBoard checks what the shrinker relies on:
// rapid's first check, seeded with a board's Example seed, draws that very
// board, for games of a generator of their own and of one drawing a unit
// (internal/rapidflags pins the same for a generator of its own).
func TestShrinkStartsFromTheFailingBoard(t *testing.T) {
	for _, g := range []Game{coins(), pairGame(), rowGame()} {
		gen := g.Generator()
		for i := uint64(0); i < 3; i++ {
			seed := montecarlo.SubSeed(11, i)
			want := gen.Example(exampleSeed(seed))
			var first Board
			_, err := rapidflags.Check("first-draw", rapidflags.Settings{Seed: uint64(exampleSeed(seed))}, func(rt *rapid.T) {
				b := gen.Draw(rt, "board")
				if first == nil {
					first = b
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(first, want) {
				t.Errorf("%s seed %d: rapid drew %v first, Example gives %v", g.Name(), seed, first, want)
			}
		}
	}
}

// TestCrossCheckShard checks that the shards of a check split its boards:
// the classes sum to the whole run's, the samples are shard 1's, and a
// shard's first failure is its lowest board.
func TestCrossCheckShard(t *testing.T) {
	right := &fakeSolver{game: coins(), answer: func(_ []Board, s []Solution) (string, RunResult) {
		return coinLines(s, func(_ int, s Solution) string { return fmt.Sprint(s.Value) }), RunResult{}
	}}
	whole, err := (&CrossCheck{Game: coins(), Solver: right, Cases: 14, Seed: 5, Batch: 4}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	sum := map[string]int{}
	samples := 0
	for i := 1; i <= 3; i++ {
		sh := Shard{Index: i, Count: 3}
		out, err := (&CrossCheck{Game: coins(), Solver: right, Cases: 14, Seed: 5, Batch: 4, Shard: sh}).Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if out.Generated != sh.Boards(14) || out.Shard != sh || out.FirstBoard != -1 {
			t.Errorf("shard %d/3: %d boards, shard %v, first %d", i, out.Generated, out.Shard, out.FirstBoard)
		}
		samples += out.Samples
		for c, n := range out.Classes {
			sum[c] += n
		}
	}
	if samples != whole.Samples || !reflect.DeepEqual(sum, whole.Classes) {
		t.Errorf("shards: %d samples, classes %v; whole run: %d, %v", samples, sum, whole.Samples, whole.Classes)
	}
	wrong := &fakeSolver{game: coins(), answer: func(_ []Board, s []Solution) (string, RunResult) {
		return coinLines(s, func(_ int, s Solution) string { return fmt.Sprint(s.Value + 1) }), RunResult{}
	}}
	out, err := (&CrossCheck{Game: coins(), Solver: wrong, Cases: 14, Seed: 5, Batch: 1, Shard: Shard{Index: 2, Count: 3}, ShrinkTime: time.Second}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.FirstBoard != 1 || out.Found == nil && out.First.Source != "generated board 2" || out.Found != nil && out.Found.Source != "generated board 2" {
		t.Errorf("shard 2/3 of an always wrong solver: first board %d, %+v", out.FirstBoard, out.First)
	}
}

// TestFullPrecisionShowsOurDigits checks that under FullPrecision a failure
// shows our answer with the digits the judge reads: a solver printing one
// decimal fails there, and our answer beside its "2.3" must not be "2.3"
// too.
func TestFullPrecisionShowsOurDigits(t *testing.T) {
	oneDecimal := &fakeSolver{game: coins(), answer: func(_ []Board, s []Solution) (string, RunResult) {
		return coinLines(s, func(_ int, s Solution) string { return fmt.Sprintf("%.1f", s.Value) }), RunResult{}
	}}
	cc := &CrossCheck{Game: coins(), Solver: oneDecimal, Cases: 40, Seed: 1, Jobs: 2, FullPrecision: true, ShrinkTime: time.Second}
	out, err := cc.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.First == nil || out.First.Verdict != WrongAnswer {
		t.Fatalf("one decimal passed the full-precision judge: %+v", out.First)
	}
	_, frac, _ := strings.Cut(strings.TrimSpace(out.First.OursText), ".")
	if len(frac) != fullPrecisionDigits {
		t.Errorf("our answer shown as %q beside the solver's %q; want %d decimals", out.First.OursText, out.First.Stdout, fullPrecisionDigits)
	}
}
