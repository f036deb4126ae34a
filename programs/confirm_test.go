package programs

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
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

// slowOnce is a referee that runs out of time (idle: at the idleness
// limit) the first time it is given a seed and an input, and plays them as
// ref does every later time (always: never): a referee a loaded machine
// slowed down once.
type slowOnce struct {
	ref          Program
	idle, always bool
	mu           sync.Mutex
	seen         map[string]bool
}

func (r *slowOnce) Run(ctx context.Context, args []string, input []byte) (props.RunResult, error) {
	key := strings.Join(args, " ") + "\n" + string(input)
	r.mu.Lock()
	again := r.seen[key]
	r.seen[key] = true
	r.mu.Unlock()
	if !again || r.always {
		return props.RunResult{TimedOut: !r.idle, Idle: r.idle, ExitCode: -1, Signal: "killed"}, nil
	}
	return r.ref.Run(ctx, args, input)
}
func (*slowOnce) String() string { return "slow-once-ref" }

// A referee's time or idleness limit on a case is run again alone, with
// the same seed, before the case is not judged: one that does not recur
// judges the case as if it had been the first run (and is listed as not
// reproduced), one that recurs leaves the case not judged. Before, every
// row's cases were not judged, and the wrong solver passed as NOTHING
// JUDGED.
func TestStressRefereeOutOfTimeRunAgainAlone(t *testing.T) {
	for _, tt := range []struct {
		name         string
		idle, always bool
		failed       bool // the wrong solver is caught
	}{
		{"time limit once", false, false, true},
		{"idleness limit once", true, false, true},
		{"time limit always", false, true, false},
		{"idleness limit always", true, true, false},
	} {
		var first []byte // the failing input, the same whatever Jobs is
		for _, jobs := range []int{1, 3} {
			t.Run(fmt.Sprintf("%s/jobs=%d", tt.name, jobs), func(t *testing.T) {
				s := urnStress()
				s.Jobs = jobs
				s.Solver = urnSolver(2)
				s.Referee = &slowOnce{ref: urnReferee(0), idle: tt.idle, always: tt.always, seen: map[string]bool{}}
				out, err := s.Run(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if out.Fault != nil {
					t.Fatalf("fault %v: want nobody's fault", out.Fault)
				}
				if !tt.failed {
					if out.Failed() || !out.NothingJudged() || out.NotJudgedSlow != out.Judged || len(out.NotReproducedRuns) != 0 {
						t.Fatalf("failed %v, %d of %d not judged (%d out of time), not reproduced %q: want every case not judged, the referee out of time",
							out.Failed(), out.NotJudged, out.Judged, out.NotJudgedSlow, out.NotReproducedRuns)
					}
					return
				}
				if !out.Failed() || out.First.Kind != RefereeDisagrees || out.First.Verdict != props.WrongAnswer {
					t.Fatalf("failure %+v, %d of %d not judged (%q): want the referee to reject the solver's answer", out.First, out.NotJudged, out.Judged, out.NotJudgedNote)
				}
				if out.NotJudged != 0 || out.RefereeSkipped != 0 {
					t.Errorf("%d not judged, %d skipped by the referee: want none", out.NotJudged, out.RefereeSkipped)
				}
				if len(out.NotReproducedRuns) == 0 || !strings.HasPrefix(out.NotReproducedRuns[0], "the referee (slow-once-ref ") {
					t.Errorf("not reproduced %q: want the referee's runs listed", out.NotReproducedRuns)
				}
				if first == nil {
					first = out.First.Input
				} else if !bytes.Equal(first, out.First.Input) {
					t.Errorf("jobs=%d: failing input %q, jobs=1: %q", jobs, out.First.Input, first)
				}
			})
		}
	}
}
