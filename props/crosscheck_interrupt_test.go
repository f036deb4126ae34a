package props

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// interruptingSolver is wrong on boards with a coin of chance 90..99; on its
// n-th run on such a board it cancels the check, as Ctrl-C does, and ends
// as the harness's kill leaves a real process: killed by a signal.
type interruptingSolver struct {
	game   Game
	n      int64
	cancel context.CancelFunc
	wrong  atomic.Int64
}

func (s *interruptingSolver) Run(_ context.Context, input []byte) (RunResult, error) {
	boards, err := s.game.Parse(bytes.NewReader(input), "stdin")
	if err != nil {
		return RunResult{ExitCode: 1}, nil
	}
	var out strings.Builder
	for _, b := range boards {
		sol, _ := s.game.Solve(b)
		v := sol.Value
		if hasCoin(b, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99) {
			if s.wrong.Add(1) == s.n {
				s.cancel()
				return RunResult{ExitCode: -1, Signal: "killed"}, nil
			}
			v++
		}
		fmt.Fprintf(&out, "%v\n", v)
	}
	return RunResult{Stdout: []byte(out.String())}, nil
}

// noSamples is a game without its published samples, so that every
// failure a test counts is a generated board's.
type noSamples struct{ Game }

func (noSamples) Samples() []Sample { return nil }

// An interrupt is no verdict: a solver the interrupt killed is not a
// crash (the search), and an interrupt while shrinking is not "rapid could
// not reproduce the failure (a flaky solver?)" (issue 21 part 3).
func TestCrossCheckInterrupted(t *testing.T) {
	tests := []struct {
		name      string
		n         int64 // the wrong run that is interrupted
		wantFirst bool  // the search's failure is kept
	}{
		{"the first failing run", 1, false},
		{"the failure's replay while shrinking", 2, true},
		{"a later shrinking try", 4, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			solver := &interruptingSolver{game: coins(), n: tt.n, cancel: cancel}
			cc := &CrossCheck{Game: noSamples{coins()}, Solver: solver, Cases: 200, Seed: 1, Batch: 1, ShrinkTime: time.Minute}
			out, err := cc.Run(ctx)
			if err != nil {
				t.Fatalf("error %v: an interruption is no error of the harness", err)
			}
			if !out.Interrupted {
				t.Fatal("not marked interrupted")
			}
			if out.Counts[Crash] > 0 {
				t.Errorf("the solver the interrupt killed counts as a crash: %v", out.Counts)
			}
			if got := out.First != nil; got != tt.wantFirst {
				t.Fatalf("first failure %+v, want one: %v", out.First, tt.wantFirst)
			}
			if tt.wantFirst && (out.First.Verdict != WrongAnswer || strings.Contains(out.Shrink.Note, "flaky") ||
				!strings.Contains(out.Shrink.Note, "interrupted") || !out.Shrink.CutShort) {
				t.Errorf("first %s, shrink %+v: want the wrong answer found, shrinking cut short by the interruption and saying so", out.First.Verdict, out.Shrink)
			}
		})
	}
}
