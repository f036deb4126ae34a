package props

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/internal/solverproc"
	"github.com/chancecheck/chancecheck/montecarlo"
)

// hangingConfirmations is a solver that fails on every input it runs
// unless hang says the run is one that confirms a failure: that run waits
// until the check cancels it (Time ran out), as a solver that hangs does
// until it is killed. confirming receives the input of the first such run
// of each input, so that a test knows that a failure was seen.
type hangingConfirmations struct {
	game  Game
	fail  func(boards []Board, sols []Solution) (string, RunResult)
	hang  func(ctx context.Context, boards []Board) bool
	mu    sync.Mutex
	begun map[string]bool // inputs a confirming run began on
}

func (h *hangingConfirmations) Run(ctx context.Context, input []byte) (RunResult, error) {
	boards, err := h.game.Parse(bytes.NewReader(input), "stdin")
	if err != nil {
		return RunResult{ExitCode: 1, StderrTail: err.Error()}, nil
	}
	if h.hang(ctx, boards) {
		h.mu.Lock()
		h.begun[string(input)] = true
		h.mu.Unlock()
		<-ctx.Done()
		return RunResult{ExitCode: -1, Signal: "killed"}, nil
	}
	sols := make([]Solution, len(boards))
	for i, b := range boards {
		sols[i], _ = h.game.Solve(b)
	}
	out, res := h.fail(boards, sols)
	res.Stdout = []byte(out)
	return res, nil
}

// begunOn reports whether a confirming run began on input.
func (h *hangingConfirmations) begunOn(input []byte) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.begun[string(input)]
}

// hangingConfirm is a game whose oracle, asked to confirm its answer to a
// board a solver got wrong, works until the check cancels it.
type hangingConfirm struct {
	Game
	mu    sync.Mutex
	begun int
}

func (h *hangingConfirm) Confirm(ctx context.Context, _ Board, _ Solution) (Solution, error) {
	h.mu.Lock()
	h.begun++
	h.mu.Unlock()
	<-ctx.Done()
	return Solution{}, fmt.Errorf("the engine: %w", ctx.Err())
}

// generatedInput is the input of generated boards first..last−1 of seed, as
// the search writes it.
func generatedInput(t *testing.T, g Game, seed uint64, first, last int) []byte {
	t.Helper()
	var boards []Board
	for i := first; i < last; i++ {
		boards = append(boards, g.Generator().Example(exampleSeed(montecarlo.SubSeed(seed, uint64(i)))))
	}
	var in bytes.Buffer
	if err := g.WriteInput(&in, boards); err != nil {
		t.Fatal(err)
	}
	return in.Bytes()
}

// When Time runs out while the first input's failure is being confirmed,
// the run is no pass: the failure seen is Result.Unconfirmed, saying what
// was being done, and no failure of the solver is reported. Before issue 31
// the input was only counted in Cancelled, and the run passed.
//
// No assertion rests on timing: the confirming run (or the oracle's
// confirmation) waits until Time cancels it, so once it has begun on the
// first input, that input can only be cut while confirming. A machine so
// slow that Time ran out before it began gets a longer Time.
func TestCrossCheckTimeCutsConfirmation(t *testing.T) {
	timeLimit := func([]Board, []Solution) (string, RunResult) { return "", RunResult{TimedOut: true} }
	wrong := func(_ []Board, s []Solution) (string, RunResult) {
		return coinLines(s, func(_ int, s Solution) string { return fmt.Sprint(s.Value + 1) }), RunResult{}
	}
	tests := []struct {
		name    string
		batch   int
		fail    func([]Board, []Solution) (string, RunResult)
		hang    func(ctx context.Context, boards []Board) bool
		confirm bool // the oracle's confirmation hangs (hangingConfirm)
		verdict Verdict
		source  string
		what    string // in CutWhile
	}{
		{"run again alone", 1, timeLimit, func(ctx context.Context, _ []Board) bool { return solverproc.IsAlone(ctx) }, false,
			TimeLimit, "generated board 1", "run again with no other solver running"},
		{"the batch's boards run alone", 4, timeLimit, func(_ context.Context, b []Board) bool { return len(b) == 1 }, false,
			TimeLimit, "generated boards 1..4", "boards were being run alone"},
		{"the oracle asked again", 1, wrong, func(context.Context, []Board) bool { return false }, true,
			WrongAnswer, "generated board 1", "oracle was solving the board again"},
	}
	for _, tt := range tests {
		for _, jobs := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s, jobs %d", tt.name, jobs), func(t *testing.T) {
				t.Parallel()
				const seed = 3
				for limit := 200 * time.Millisecond; ; limit *= 2 {
					var g Game = noSamples{coins()}
					hc := &hangingConfirm{Game: g}
					if tt.confirm {
						g = hc
					}
					solver := &hangingConfirmations{game: coins(), fail: tt.fail, hang: tt.hang, begun: map[string]bool{}}
					cc := &CrossCheck{Game: g, Solver: solver, Time: limit, Seed: seed, Batch: tt.batch, Jobs: jobs, ShrinkTime: time.Second}
					out, err := cc.Run(context.Background())
					if err != nil {
						t.Fatal(err)
					}
					begun := hc.begun > 0
					if !tt.confirm {
						begun = solver.begunOn(generatedInput(t, coins(), seed, 0, 1))
						if tt.batch > 1 {
							begun = begun || solver.begunOn(generatedInput(t, coins(), seed, 1, 2))
						}
					}
					if !begun {
						if limit > 30*time.Second {
							t.Fatalf("no confirmation began on the first input in %v: %+v", limit, out)
						}
						continue // Time ran out before: a slow machine
					}
					if out.Failed() || out.Generated != 0 {
						t.Errorf("failed %v (%+v), %d generated boards judged: want no verdict, nothing judged", out.Failed(), out.First, out.Generated)
					}
					u := out.Unconfirmed
					if u == nil {
						t.Fatalf("no unconfirmed failure: a failure seen while --time ran out is lost (cancelled %d)", out.Cancelled)
					}
					if u.Verdict != tt.verdict || u.Source != tt.source || !strings.Contains(u.CutWhile, tt.what) {
						t.Errorf("unconfirmed %v on %q, %q; want %v on %q, saying %q", u.Verdict, u.Source, u.CutWhile, tt.verdict, tt.source, tt.what)
					}
					if out.Cancelled < 1 {
						t.Errorf("cancelled %d: the input cut is still counted as cancelled", out.Cancelled)
					}
					return
				}
			})
		}
	}
}

// An input cut by Time that had ended with a failure, behind an earlier
// input still in progress, is not judged in its turn (it may not be the
// first failure) and is no pass: it is the Unconfirmed failure, unless an
// earlier cut input had seen one; what was cut with nothing seen is not.
func TestSearcherCut(t *testing.T) {
	whole := &Failure{Verdict: WrongAnswer, Source: "generated board 2"}
	seen := &Failure{Verdict: TimeLimit, Source: "generated boards 3..4", CutWhile: "being confirmed"}
	cut := &unconfirmedError{seen: seen, err: context.Canceled}
	notReproduced := &Failure{Verdict: TimeLimit, NotReproduced: true}
	tests := []struct {
		name string
		cut  []inputResult
		want *Failure
		what string
	}{
		{"nothing seen", []inputResult{{err: context.Canceled}, {}}, nil, ""},
		{"a whole failure behind an input in progress", []inputResult{{err: context.Canceled}, {failure: whole}, {err: cut}}, whole, "not judged in its turn"},
		{"a failure being confirmed", []inputResult{{err: context.Canceled}, {err: cut}, {failure: whole}}, seen, "being confirmed"},
		{"not reproduced is no failure", []inputResult{{failure: notReproduced}, {err: context.Canceled}}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			whole.CutWhile, seen.CutWhile = "", "being confirmed"
			s := &searcher{out: &Result{}}
			for i, r := range tt.cut {
				s.cut(i, r)
			}
			if got := s.out.Unconfirmed; got != tt.want || got != nil && !strings.Contains(got.CutWhile, tt.what) {
				t.Errorf("unconfirmed %+v, want %+v saying %q", got, tt.want, tt.what)
			}
		})
	}
}
