package programs

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chancecheck/chancecheck/internal/solverproc"
	"github.com/chancecheck/chancecheck/props"
)

// loaded runs its Program as it is when run alone (solverproc.Alone), and
// ends every third run beside others as a loaded machine can make it end.
type loaded struct {
	Program
	fault props.RunResult
	calls atomic.Int64
}

func (l *loaded) Run(ctx context.Context, args []string, input []byte) (props.RunResult, error) {
	if !solverproc.IsAlone(ctx) && l.calls.Add(1)%3 == 0 {
		return l.fault, nil
	}
	return l.Program.Run(ctx, args, input)
}

// TestStressConfirmsAlone checks that a time or idleness limit, a crash
// or an output format that does not recur when the program is run again
// alone is no fault, of the solver or of any other program, and that the
// run lists it; and that one that recurs is the program's, confirmed.
func TestStressConfirmsAlone(t *testing.T) {
	for _, tt := range []struct {
		name   string
		fault  props.RunResult
		set    func(s *Stress, p Program) // puts the loaded program in its role
		steady bool
	}{
		{"solver's time limit", props.RunResult{TimedOut: true}, func(s *Stress, p Program) { s.Solver = p }, false},
		{"solver's idleness", props.RunResult{Idle: true}, func(s *Stress, p Program) { s.Solver = p }, false},
		{"referee's crash", props.RunResult{ExitCode: -1, Signal: "killed"}, func(s *Stress, p Program) { s.Referee = p }, false},
		{"solver's kill from outside", props.RunResult{ExitCode: -1, Signal: "killed"}, func(s *Stress, p Program) { s.Solver = p }, false},
		{"generator's time limit", props.RunResult{TimedOut: true}, func(s *Stress, p Program) { s.Generator = p }, false},
		{"solver's steady crash", props.RunResult{ExitCode: 3}, func(s *Stress, _ Program) { s.Solver = result{props.RunResult{ExitCode: 3}} }, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := urnStress()
			s.Cases, s.Jobs = 12, 4
			var inner Program
			switch {
			case strings.HasPrefix(tt.name, "solver"):
				inner = s.Solver
			case strings.HasPrefix(tt.name, "referee"):
				inner = s.Referee
			default:
				inner = s.Generator
			}
			tt.set(s, &loaded{Program: inner, fault: tt.fault})
			out, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if tt.steady {
				if out.First == nil || out.First.Kind != SolverFault || !strings.Contains(out.First.Detail, "confirmed: run again with no other solver") {
					t.Fatalf("first failure %+v, want a confirmed crash", out.First)
				}
				return
			}
			if out.Failed() || out.Fault != nil || out.Judged != 12 {
				t.Fatalf("failed %v, fault %v, judged %d", out.First, out.Fault, out.Judged)
			}
			if len(out.NotReproducedRuns) == 0 || !strings.Contains(out.NotReproducedRuns[0], "run again with no other solver of this run running, it ended cleanly") {
				t.Errorf("not reproduced: %q", out.NotReproducedRuns)
			}
		})
	}
}

// TestStressFlaky checks that a crash of the solver's own doing or an
// output-format failure that does not recur when run again is the
// solver's fault, flaky, with what both runs saw (issue 21: it was listed
// as not reproduced, and the run passed).
func TestStressFlaky(t *testing.T) {
	for _, tt := range []struct {
		name  string
		fault props.RunResult
		first string
	}{
		{"exit status", props.RunResult{ExitCode: 3}, "the first run: crash: exit status 3"},
		{"segmentation fault", props.RunResult{ExitCode: -1, Signal: "segmentation fault"}, "the first run: crash: killed by signal: segmentation fault"},
		{"output format", props.RunResult{Stdout: []byte("0.3 garbage")}, "the first run: output format: "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := urnStress()
			s.Cases, s.Jobs = 12, 4
			s.Solver = &loaded{Program: s.Solver, fault: tt.fault}
			out, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			f := out.First
			if f == nil || f.Kind != SolverFault || f.Verdict != props.Flaky || !strings.Contains(f.Detail, tt.first) ||
				!strings.Contains(f.Detail, "run again with no other solver of this run running, it ended cleanly") {
				t.Fatalf("first failure %+v, want a flaky solver", f)
			}
		})
	}
}
