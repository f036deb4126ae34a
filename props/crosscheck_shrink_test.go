package props

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// slowSolver is a Runner that takes at least delay a run, and records the
// longest run.
type slowSolver struct {
	Runner
	delay time.Duration

	mu      sync.Mutex
	longest time.Duration
}

func (s *slowSolver) Run(ctx context.Context, input []byte) (RunResult, error) {
	start := time.Now()
	time.Sleep(s.delay)
	res, err := s.Runner.Run(ctx, input)
	s.mu.Lock()
	s.longest = max(s.longest, time.Since(start))
	s.mu.Unlock()
	return res, err
}

// wrongOnHighCoins answers one more than the analyst on a board with a
// coin of chance 90..99.
func wrongOnHighCoins(b []Board, s []Solution) (string, RunResult) {
	return coinLines(s, func(i int, s Solution) string {
		if hasCoin(b[i], 90, 91, 92, 93, 94, 95, 96, 97, 98, 99) {
			return fmt.Sprint(s.Value + 1)
		}
		return fmt.Sprint(s.Value)
	}), RunResult{}
}

// TestShrinkTimeIsAHardBound runs a solver of 250 ms a run, whose failure
// takes 9 runs to shrink to the end (2.3 s), under ShrinkTime 1s: shrinking, both phases together, stops
// within one run of the second, and says it was cut short. The bound
// asserted leaves room for a loaded machine: the time limit, two of the
// longest runs seen, and half a second. Four jobs find the failure in the
// first round of runs, where one took five runs in a row; shrinking runs one
// board at a time whatever Jobs is.
func TestShrinkTimeIsAHardBound(t *testing.T) {
	if testing.Short() {
		t.Skip("takes a few seconds")
	}
	const shrinkTime = time.Second
	solver := &slowSolver{Runner: &fakeSolver{game: coins(), answer: wrongOnHighCoins}, delay: 250 * time.Millisecond}
	cc := &CrossCheck{Game: coins(), Solver: solver, Cases: 200, Seed: 7, Batch: 1, Jobs: 4, ShrinkTime: shrinkTime}
	out, err := cc.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.Found == nil {
		t.Fatalf("not shrunk: %+v", out.Shrink)
	}
	bound := shrinkTime + 2*solver.longest + 500*time.Millisecond
	st := out.Shrink
	t.Logf("found after %v; shrinking: %v, %d runs (longest %v); %+v", out.TimeToFailure, st.Elapsed, st.Runs, solver.longest, st)
	if st.Elapsed > bound {
		t.Errorf("shrinking took %v, want at most %v (ShrinkTime %v)", st.Elapsed, bound, shrinkTime)
	}
	if after := out.Elapsed - out.TimeToFailure; after > bound+solver.longest {
		t.Errorf("the check took %v after the failure was found, want at most %v", after, bound+solver.longest)
	}
	if !st.CutShort || st.ShrinkTime != shrinkTime || st.Note == "" {
		t.Errorf("not reported as cut short at %v: %+v", shrinkTime, st)
	}
	if st.Runs == 0 || len(out.First.Input) > len(out.Found.Input) {
		t.Errorf("%d runs, from %d to %d bytes", st.Runs, len(out.Found.Input), len(out.First.Input))
	}
}

// TestShrinkIsDeterministic checks that a seed gives the same failure and
// the same shrunk board on every run, when time does not cut shrinking
// short.
func TestShrinkIsDeterministic(t *testing.T) {
	var first *Result
	for range 2 {
		cc := &CrossCheck{Game: coins(), Solver: &fakeSolver{game: coins(), answer: wrongOnHighCoins}, Cases: 200, Seed: 7, Batch: 1}
		out, err := cc.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if out.Found == nil || out.Shrink.CutShort {
			t.Fatalf("not shrunk to the end: %+v", out.Shrink)
		}
		if first == nil {
			first = out
			continue
		}
		if string(out.Found.Input) != string(first.Found.Input) || string(out.First.Input) != string(first.First.Input) {
			t.Errorf("found\n%s shrunk to\n%s then found\n%s shrunk to\n%s",
				first.Found.Input, first.First.Input, out.Found.Input, out.First.Input)
		}
		a, b := first.Shrink, out.Shrink
		if a.Runs != b.Runs || a.RapidSteps != b.RapidSteps || a.SimplifierSteps != b.SimplifierSteps {
			t.Errorf("shrunk by %+v, then by %+v", a, b)
		}
	}
}

// pair is the board of a tiny game with two simplifiers: one A fewer, one
// B fewer. Its generator draws the pair as a unit, which rapid's shrinking
// cannot take below (3, 5).
type pair struct{ A, B int }

func pairGame() Game {
	return Define(Spec[pair]{
		Name: "pair",
		Parse: func(r io.Reader, _ string) ([]pair, error) {
			var p pair
			_, err := fmt.Fscan(r, &p.A, &p.B)
			return []pair{p}, err
		},
		Write: func(w io.Writer, ps []pair) error {
			_, err := fmt.Fprintf(w, "%d %d\n", ps[0].A, ps[0].B)
			return err
		},
		Generator: rapid.Custom(func(t *rapid.T) pair {
			x := rapid.IntRange(0, 100).Draw(t, "x")
			return pair{3 + x%4, 5 + x%3}
		}),
		Solve: func(pair) (Solution, error) { return Solution{Value: 0.5}, nil },
		Play:  func(_ pair, rng *rand.Rand) (int, error) { return rng.IntN(2), nil },
		Simplifiers: []func(pair) []pair{
			func(p pair) []pair {
				if p.A == 0 {
					return nil
				}
				return []pair{{p.A - 1, p.B}}
			},
			func(p pair) []pair {
				if p.B == 0 {
					return nil
				}
				return []pair{{p.A, p.B - 1}}
			},
		},
	})
}

// pairFails is the planted bug: wrong on a pair of two or more each.
func pairFails(b Board) bool { p := b.(pair); return p.A >= 2 && p.B >= 2 }

// TestSimplestTriesEverySimplifier checks the order of the search: each step
// tries the first simplifier's candidates, then the second's, and the next
// step starts again from the first, on the new board. From (2, 5) only the
// second applies (one A fewer passes); from (3, 5) the first does.
func TestSimplestTriesEverySimplifier(t *testing.T) {
	var tried []pair
	got, steps := simplest(pairGame(), pair{3, 5}, func(b Board) bool {
		tried = append(tried, b.(pair))
		return pairFails(b)
	}, func() bool { return true })
	want := []pair{{2, 5}, {1, 5}, {2, 4}, {1, 4}, {2, 3}, {1, 3}, {2, 2}, {1, 2}, {2, 1}}
	if got != (pair{2, 2}) || steps != 4 || !reflect.DeepEqual(tried, want) {
		t.Errorf("simplest = %v in %d steps, trying %v; want (2, 2) in 4, trying %v", got, steps, tried, want)
	}
}

// TestCrossCheckSimplifiesAfterRapid runs the pair game through a check:
// rapid takes the board to (3, 5), and both simplifiers take it on to (2, 2).
func TestCrossCheckSimplifiesAfterRapid(t *testing.T) {
	g := pairGame()
	solver := &fakeSolver{game: g, answer: func(b []Board, _ []Solution) (string, RunResult) {
		if pairFails(b[0]) {
			return "0.75\n", RunResult{}
		}
		return "0.5\n", RunResult{}
	}}
	out, err := (&CrossCheck{Game: g, Solver: solver, Cases: 10, Seed: 1}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.First == nil || out.Found == nil {
		t.Fatalf("no shrunk failure: %+v", out)
	}
	st := out.Shrink
	if got := out.First.Boards[0]; got != (pair{2, 2}) || st.SimplifierSteps != 4 || st.Method != "rapid, then one part at a time" || st.CutShort {
		t.Errorf("shrunk to %v by %+v; want (2, 2) after 4 simplifier steps", got, st)
	}
}

// row is the board of a game whose generator draws a fixed length, 60
// digits: rapid's shrinking can lower the digits but never shorten it, and
// a simplifier takes the last digit away.
type row []int

func rowGame() Game {
	return Define(Spec[row]{
		Name: "row",
		Parse: func(r io.Reader, _ string) ([]row, error) {
			var n int
			if _, err := fmt.Fscan(r, &n); err != nil {
				return nil, err
			}
			b := make(row, n)
			for i := range b {
				if _, err := fmt.Fscan(r, &b[i]); err != nil {
					return nil, err
				}
			}
			return []row{b}, nil
		},
		Write: func(w io.Writer, bs []row) error {
			_, err := fmt.Fprintln(w, len(bs[0]), strings.Trim(fmt.Sprint(bs[0]), "[]"))
			return err
		},
		Generator: rapid.Custom(func(t *rapid.T) row {
			b := make(row, 60)
			for i := range b {
				b[i] = rapid.IntRange(0, 9).Draw(t, "digit")
			}
			return b
		}),
		Solve: func(row) (Solution, error) { return Solution{Value: 0.5}, nil },
		Play:  func(_ row, rng *rand.Rand) (int, error) { return rng.IntN(2), nil },
		Simplifiers: []func(row) []row{func(b row) []row {
			if len(b) == 0 {
				return nil
			}
			return []row{b[:len(b)-1]}
		}},
	})
}

// TestShrinkLeavesHalfToTheSimplifiers runs a solver of 100 ms a run that is
// wrong on every row of two digits or more, under ShrinkTime 3s. rapid
// alone would spend it all lowering the 60 digits one run at a time (60
// runs, 6 s) and never shorten the row; with half the budget for it, the
// simplifier takes digits away in the other half. The runs are sleeps long
// beside the harness's own work, so a loaded machine leaves the count of
// runs in each half about the same (40 ms runs under 1.2s came within a few
// digits of the bound at load 30).
func TestShrinkLeavesHalfToTheSimplifiers(t *testing.T) {
	t.Parallel() // the one shrink in parallel: see parallel_test.go
	if testing.Short() {
		t.Skip("takes a few seconds")
	}
	g := rowGame()
	wrongOnTwoDigits := func(b []Board, _ []Solution) (string, RunResult) {
		if len(b[0].(row)) >= 2 {
			return "0.75\n", RunResult{}
		}
		return "0.5\n", RunResult{}
	}
	solver := &slowSolver{Runner: &fakeSolver{game: g, answer: wrongOnTwoDigits}, delay: 100 * time.Millisecond}
	out, err := (&CrossCheck{Game: g, Solver: solver, Cases: 10, Seed: 1, ShrinkTime: 3 * time.Second}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.First == nil || out.Found == nil {
		t.Fatalf("no shrunk failure: %+v", out)
	}
	st := out.Shrink
	t.Logf("shrunk to %d digits: %+v", len(out.First.Boards[0].(row)), st)
	if n := len(out.First.Boards[0].(row)); n >= 60 || st.SimplifierSteps == 0 || st.Method != "rapid, then one part at a time" {
		t.Errorf("shrunk to %d digits by %+v; want fewer than 60, taken away by the simplifier", n, st)
	}
	// Quiet, rapid's half runs out (10 tries of 100 ms cannot shrink 100
	// digits); beside CPU hogs rapid may stop sooner on its own and the
	// simplifier's half run out instead. Either way the note says which.
	if !st.CutShort || !strings.Contains(st.Note, "ran out") {
		t.Errorf("the note does not say the shrinking time ran out: %+v", st)
	}
}

// TestUnshrunkFailureIsNotCalledShrunk checks that a failure shrinking
// could not make smaller keeps its own name: the generator draws one board
// alone (one coin of 50, no choices for rapid to shrink), the solver is
// wrong on it alone, and taking its coin away gives a board it answers.
// It was called "a board shrunk from generated board 1" after 0 steps.
func TestUnshrunkFailureIsNotCalledShrunk(t *testing.T) {
	spec := coinsSpec()
	spec.GeneratorWith = func(map[string]int) *rapid.Generator[coinBoard] {
		return rapid.Just(coinBoard{Coins: []int{50}})
	}
	g := Define(spec)
	wrongOnLoneFifty := func(b []Board, s []Solution) (string, RunResult) {
		return coinLines(s, func(i int, s Solution) string {
			if c := b[i].(coinBoard).Coins; len(c) == 1 && c[0] == 50 {
				return fmt.Sprint(s.Value + 0.25)
			}
			return fmt.Sprint(s.Value)
		}), RunResult{}
	}
	cc := &CrossCheck{Game: g, Solver: &fakeSolver{game: g, answer: wrongOnLoneFifty}, Cases: 3, Seed: 1, Batch: 1}
	res, err := cc.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.First == nil {
		t.Fatal("the planted slip was not caught")
	}
	if want := "generated board 1 (no smaller failing board found)"; res.First.Source != want {
		t.Errorf("the failure's source is %q, want %q (shrink: %+v)", res.First.Source, want, res.Shrink)
	}
}
