package programs

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/chancecheck/chancecheck/props"
)

// strictUrn wraps a program of the urn game so that it fails, as a C++
// program reading with scanf would, on an input that is not two numbers.
func strictUrn(p Func) Func {
	return Func{Name: p.Name, Fn: func(args []string, input []byte) ([]byte, error) {
		var a, b int
		if n, _ := fmt.Sscan(string(input), &a, &b); n != 2 {
			return nil, errors.New("cannot read two numbers")
		}
		return p.Fn(args, input)
	}}
}

// inconsistentBrute answers the urn's probability plus shift on every
// other run: it changes its answer on the same input.
func inconsistentBrute(shift float64) Func {
	var runs atomic.Int64
	return Func{Name: "brute", Fn: func(_ []string, input []byte) ([]byte, error) {
		a, b := readUrn(input)
		p := 0.0
		if a+b > 0 {
			p = float64(a) / float64(a+b)
		}
		if runs.Add(1)%2 == 1 {
			p += shift
		}
		return fmt.Appendf(nil, "%.9f\n", p), nil
	}}
}

// Hostile programs are named, never the solver (issue 21 part 3): a
// generator printing garbage that every program fails on, a brute force
// that changes its answer (by 0.003: a correct solver was a wrong answer
// three runs in three), and, as before, the solver when only it fails.
func TestStressBlamesTheRightProgram(t *testing.T) {
	garbage := output("hello\n")
	tests := []struct {
		name         string
		plant        func(s *Stress)
		fault        Role // "" for the solver's failure
		inconsistent bool
		wantInMsg    string
		solverToo    bool // the solver's failure is reported beside the fault
	}{
		{"garbage generator, no validator, with a brute force", func(s *Stress) {
			s.Generator, s.Solver, s.Referee, s.Brute = garbage, strictUrn(urnSolver(0)), strictUrn(urnReferee(0)), strictUrn(urnSolver(0))
		}, RoleGenerator, false, "no program takes its input", false},
		{"garbage generator, no validator, no brute force", func(s *Stress) {
			s.Generator, s.Solver, s.Referee = garbage, strictUrn(urnSolver(0)), strictUrn(urnReferee(0))
		}, RoleGenerator, false, "no program takes its input", false},
		{"garbage that the referee alone fails on", func(s *Stress) {
			s.Generator, s.Solver, s.Referee, s.Brute = garbage, strictUrn(urnSolver(0)), strictUrn(urnReferee(0)), urnSolver(0)
		}, RoleReferee, false, "cannot read two numbers", true},
		// Before, only the brute force's crash was reported.
		{"the solver and the brute force crash on an input the referee plays", func(s *Stress) {
			s.Solver, s.Brute = crash(), crash()
		}, RoleBrute, false, "boom", true},
		{"a brute force inconsistent by 0.003", func(s *Stress) { s.Brute = inconsistentBrute(0.003) }, RoleBrute, true, "then", false},
		{"a solver that alone crashes", func(s *Stress) { s.Solver, s.Brute = crash(), urnSolver(0) }, "", false, "boom", false},
		{"a wrong solver, a consistent brute force", func(s *Stress) { s.Solver, s.Brute = urnSolver(2), urnSolver(0) }, "", false, "the brute force", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := urnStress()
			tt.plant(s)
			out, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if tt.fault == "" {
				if out.Fault != nil || !out.Failed() || !strings.Contains(out.First.Detail, tt.wantInMsg) {
					t.Fatalf("fault %v, failure %+v: want the solver's failure saying %q", out.Fault, out.First, tt.wantInMsg)
				}
				return
			}
			if out.Failed() != tt.solverToo || out.Fault == nil || out.Fault.Role != tt.fault || out.Fault.Inconsistent != tt.inconsistent {
				t.Fatalf("fault %+v, failure %+v: want the %s's fault (inconsistent %v), and the solver's failure %v", out.Fault, out.First, tt.fault, tt.inconsistent, tt.solverToo)
			}
			if tt.solverToo && (out.First.Kind != SolverFault || !bytes.Equal(out.First.Input, out.Fault.Input)) {
				t.Errorf("the solver's failure %+v: want its own fault on the input of the %s's", out.First, tt.fault)
			}
			if !strings.Contains(out.Fault.Error(), tt.wantInMsg) || len(out.Fault.Input) == 0 {
				t.Errorf("fault %q with input %q: want it to say %q and show the input", out.Fault.Error(), out.Fault.Input, tt.wantInMsg)
			}
			if tt.inconsistent && out.Fault.Verdict != props.WrongAnswer {
				t.Errorf("an inconsistent brute force: verdict %s", out.Fault.Verdict)
			}
		})
	}
}

// cancelOn wraps p so that its n-th run cancels the run, as Ctrl-C does
// while that program runs; n counts from 1.
func cancelOn(p Func, n int64, cancel context.CancelFunc) Func {
	var runs atomic.Int64
	return Func{Name: p.Name, Fn: func(args []string, input []byte) ([]byte, error) {
		if runs.Add(1) == n {
			cancel()
			return nil, errors.New("killed by the interruption")
		}
		return p.Fn(args, input)
	}}
}

// An interruption is never a verdict on anyone (issue 21 part 3: Ctrl-C
// while shrinking was reported as "could not reproduce"): it is reported
// as such, with what was found before it.
func TestStressInterrupted(t *testing.T) {
	tests := []struct {
		name       string
		plant      func(s *Stress, cancel context.CancelFunc)
		found      bool // a failure found before the interruption
		confirmed  bool // ... and confirmed: First is set
		shrinkNote bool // shrinking says it was interrupted
	}{
		{"during the search", func(s *Stress, cancel context.CancelFunc) { s.Solver = cancelOn(urnSolver(0), 5, cancel) }, false, false, false},
		{"while confirming a statistical failure", func(s *Stress, cancel context.CancelFunc) {
			// The wrong solver fails the referee's test on the first case
			// with two black balls; its second run on that input, which
			// settling does, is interrupted.
			var mu sync.Mutex
			seen := map[string]bool{}
			wrong := urnSolver(2)
			s.Solver = Func{Name: "sol", Fn: func(args []string, input []byte) ([]byte, error) {
				mu.Lock()
				again := seen[string(input)]
				seen[string(input)] = true
				mu.Unlock()
				if again {
					cancel()
					return nil, errors.New("killed by the interruption")
				}
				return wrong.Fn(args, input)
			}}
		}, true, false, false},
		{"while shrinking", func(s *Stress, cancel context.CancelFunc) {
			// The third wrong answer is a shrinking try's: it is cut
			// short, and the failure found and shrunk so far stands.
			s.Brute = urnSolver(0)
			var wrongs atomic.Int64
			wrong := urnSolver(2)
			s.Solver = Func{Name: "sol", Fn: func(args []string, input []byte) ([]byte, error) {
				if a, b := readUrn(input); a > 0 && b >= 2 && wrongs.Add(1) == 3 {
					cancel()
					return nil, errors.New("killed by the interruption")
				}
				return wrong.Fn(args, input)
			}}
		}, true, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			s := urnStress()
			tt.plant(s, cancel)
			out, err := s.Run(ctx)
			if err != nil {
				t.Fatalf("an interruption is an error of the harness: %v", err)
			}
			if !out.Interrupted || out.Fault != nil {
				t.Fatalf("interrupted %v, fault %v: want an interruption and nobody's fault", out.Interrupted, out.Fault)
			}
			if got := out.Found != nil; got != tt.found {
				t.Fatalf("found %+v, want found %v", out.Found, tt.found)
			}
			if got := out.First != nil; got != tt.confirmed {
				t.Errorf("first %+v, want confirmed %v", out.First, tt.confirmed)
			}
			if tt.found && !tt.confirmed && out.Unsettled() == nil {
				t.Error("an unconfirmed failure is not reported as found so far")
			}
			if out.Found != nil && out.Found.Kind == SolverFault {
				t.Errorf("the interruption became the solver's fault: %+v", out.Found)
			}
			if tt.shrinkNote && !strings.Contains(out.Shrink.Note, "interrupted") {
				t.Errorf("shrink note %q, want it to say it was interrupted", out.Shrink.Note)
			}
			if out.Judged >= s.Cases && !tt.found {
				t.Errorf("%d cases judged of %d: the interruption did not stop the search", out.Judged, s.Cases)
			}
		})
	}
}

// slowReferee runs out of time on urns of more than limit balls, as a
// referee does on an input too big to simulate, and plays the others.
type slowReferee struct{ limit int }

func (s slowReferee) Run(ctx context.Context, args []string, input []byte) (props.RunResult, error) {
	if a, b := readUrn(input); a+b > s.limit {
		return props.RunResult{TimedOut: true, ExitCode: -1, Signal: "killed"}, nil
	}
	return urnReferee(0).Run(ctx, args, input)
}
func (slowReferee) String() string { return "slow-ref" }

// A case too big to simulate is nobody's fault (issue 21 part 6): judged
// by the brute force alone where it answers, else not judged and counted
// apart, never a failure and never a pass; a run that judges nothing is
// no pass. Before, the referee's time limit stopped the run as its fault.
func TestStressTooBigToSimulate(t *testing.T) {
	tests := []struct {
		name                            string
		plant                           func(s *Stress)
		refereeSkipped, notJudged, none bool
		failed                          bool
	}{
		{"with a brute force", func(s *Stress) { s.Referee, s.Brute = slowReferee{limit: 10}, urnSolver(0) }, true, false, false, false},
		{"with a brute force, a wrong solver", func(s *Stress) { s.Referee, s.Brute, s.Solver = slowReferee{limit: 10}, urnSolver(0), urnSolver(2) }, true, false, false, true},
		{"without a brute force", func(s *Stress) { s.Referee = slowReferee{limit: 10} }, true, true, false, false},
		{"nothing small enough", func(s *Stress) { s.Referee = slowReferee{limit: -1} }, true, true, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := urnStress()
			tt.plant(s)
			out, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if out.Fault != nil {
				t.Fatalf("fault %v: a case too big to simulate is nobody's fault", out.Fault)
			}
			if (out.RefereeSkipped > 0) != tt.refereeSkipped || (out.NotJudged > 0) != tt.notJudged || out.NothingJudged() != tt.none || out.Failed() != tt.failed {
				t.Errorf("referee skipped %d, not judged %d of %d, nothing judged %v, failed %v; want %v, %v, %v, %v",
					out.RefereeSkipped, out.NotJudged, out.Judged, out.NothingJudged(), out.Failed(), tt.refereeSkipped, tt.notJudged, tt.none, tt.failed)
			}
		})
	}
}

// recheckOutOfTime answers the urn's probability plus shift the first time
// it sees an input, and runs out of time (verdict v's way) on every later
// run on it: a brute force whose re-check cannot be done.
type recheckOutOfTime struct {
	shift float64
	idle  bool
	mu    sync.Mutex
	seen  map[string]bool
}

func (b *recheckOutOfTime) Run(_ context.Context, _ []string, input []byte) (props.RunResult, error) {
	b.mu.Lock()
	again := b.seen[string(input)]
	b.seen[string(input)] = true
	b.mu.Unlock()
	if again {
		return props.RunResult{TimedOut: !b.idle, Idle: b.idle, ExitCode: -1, Signal: "killed"}, nil
	}
	a, n := readUrn(input)
	p := 0.0
	if a+n > 0 {
		p = float64(a) / float64(a+n)
	}
	return props.RunResult{Stdout: fmt.Appendf(nil, "%.9f\n", p+b.shift)}, nil
}
func (*recheckOutOfTime) String() string { return "brute" }

// confirmingOutOfTime is a referee biased by bias that runs out of time
// (verdict v's way) when it is given seed, and only then: with the seed of
// a re-confirmation, a referee whose confirming run cannot be done.
type confirmingOutOfTime struct {
	bias float64
	seed int64
	idle bool
}

func (r confirmingOutOfTime) Run(ctx context.Context, args []string, input []byte) (props.RunResult, error) {
	if args[0] == strconv.FormatInt(r.seed, 10) {
		return props.RunResult{TimedOut: !r.idle, Idle: r.idle, ExitCode: -1, Signal: "killed"}, nil
	}
	return urnReferee(r.bias).Run(ctx, args, input)
}
func (confirmingOutOfTime) String() string { return "confirming-ref" }

// For the brute force and the referee an idleness limit is a time limit:
// the input could not be judged, which is nobody's fault; and a brute force
// whose re-check runs out of time is not inconsistent (only two different
// answers are), nor is the solver blamed on its first answer alone. Each
// row was the named program's fault before.
func TestStressOutOfTimeJudgesNobody(t *testing.T) {
	idle := result{props.RunResult{Idle: true, ExitCode: -1, Signal: "killed"}}
	tests := []struct {
		name      string
		plant     func(s *Stress)
		failure   FailureKind // the solver's failure, or 0
		notJudged string      // in NotJudgedNote, or "" for no case not judged
		check     func(o *Result) bool
	}{
		{"brute force idle", func(s *Stress) { s.Brute = idle }, 0, "", func(o *Result) bool { return o.BruteSkipped == o.Judged }},
		{"referee idle, the brute force judges", func(s *Stress) { s.Referee, s.Brute = idle, urnSolver(0) }, 0, "", func(o *Result) bool { return o.RefereeSkipped == o.Judged }},
		{"referee idle, no brute force", func(s *Stress) { s.Referee = idle }, 0, "referee ran out of time", func(o *Result) bool { return o.NotJudged == o.Judged }},
		// Before: the two idle runs made it the generator's input, then
		// the solver's fault, the idleness unsaid (issue 29): nothing
		// says the input is one of the problem's (no validator).
		{"solver crashes, the others idle", func(s *Stress) { s.Solver, s.Brute, s.Referee = crash(), idle, idle }, 0,
			"on an input no other program finished: the brute force ran out of time (idle", func(o *Result) bool { return o.NotJudged == o.Judged }},
		{"brute force re-check out of time", func(s *Stress) {
			s.Brute = &recheckOutOfTime{shift: 0.003, seen: map[string]bool{}}
		}, 0, "could not be re-checked", func(o *Result) bool { return o.NotJudged > 0 }},
		{"brute force re-check idle", func(s *Stress) {
			s.Brute = &recheckOutOfTime{shift: 0.003, idle: true, seen: map[string]bool{}}
		}, 0, "could not be re-checked", func(o *Result) bool { return o.NotJudged > 0 }},
		// Before: the referee's time limit on the run re-confirming a
		// failure stopped the run as the referee's fault. The search goes
		// on past the case, as past any case nobody could judge.
		{"referee's confirming run out of time", func(s *Stress) {
			s.Referee = confirmingOutOfTime{bias: 0.2, seed: derive(s.Seed, domainShrink, 0)}
		}, 0, "could not be confirmed", func(o *Result) bool { return o.NotJudged > 0 && o.Judged == 20 && o.NotJudgedSlow == o.NotJudged }},
		{"referee's confirming run idle", func(s *Stress) {
			s.Referee = confirmingOutOfTime{bias: 0.2, seed: derive(s.Seed, domainShrink, 0), idle: true}
		}, 0, "could not be confirmed", func(o *Result) bool { return o.NotJudged > 0 && o.Judged == 20 && o.NotJudgedSlow == o.NotJudged }},
		// With a brute force, a case whose referee runs out of time is
		// judged by the brute force alone: so is one whose confirming run
		// does, both when the solver agrees with it and when it does not.
		{"referee's confirming run out of time, the brute force judges", func(s *Stress) {
			s.Referee, s.Brute = confirmingOutOfTime{bias: 0.2, seed: derive(s.Seed, domainShrink, 0)}, urnSolver(0)
		}, 0, "", func(o *Result) bool { return o.RefereeSkipped > 0 && o.Judged == 20 }},
		// The brute force's answer fails the solver; but before the verdict
		// the referee, biased, plays the shrunk input against the brute
		// force's answer and rejects it (issue 29: an oracle the referee
		// contradicts blames nobody): one of the two is wrong.
		{"referee's confirming run out of time, the brute force fails the solver", func(s *Stress) {
			s.Referee, s.Brute, s.Solver = confirmingOutOfTime{bias: 0.2, seed: derive(s.Seed, domainShrink, 0)}, urnSolver(0), urnSolver(2)
		}, ProgramsDisagree, "", nil},
	}
	for _, tt := range tests {
		for _, jobs := range []int{1, 3} { // the search goes on past a case in the same order whatever Jobs is
			t.Run(fmt.Sprintf("%s/jobs=%d", tt.name, jobs), func(t *testing.T) {
				s := urnStress()
				s.Jobs = jobs
				tt.plant(s)
				out, err := s.Run(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if out.Fault != nil {
					t.Fatalf("fault %v: want nobody's fault", out.Fault)
				}
				if tt.failure != 0 {
					if out.First == nil || out.First.Kind != tt.failure {
						t.Fatalf("failure %+v: want %s", out.First, tt.failure)
					}
					return
				}
				if out.Failed() {
					t.Fatalf("failure %+v: want none", out.First)
				}
				if !strings.Contains(out.NotJudgedNote, tt.notJudged) || (tt.notJudged == "") != (out.NotJudged == 0) {
					t.Errorf("%d not judged (%q): want a note saying %q", out.NotJudged, out.NotJudgedNote, tt.notJudged)
				}
				if tt.check != nil && !tt.check(out) {
					t.Errorf("outcome %+v", out)
				}
			})
		}
	}
}

// crashAbove crashes on urns of more than limit balls and answers the
// others as p does.
func crashAbove(limit int, p Func) Func {
	return Func{Name: p.Name, Fn: func(args []string, input []byte) ([]byte, error) {
		if a, b := readUrn(input); a+b > limit {
			return nil, errors.New("boom")
		}
		return p.Fn(args, input)
	}}
}

// slowUrnBrute runs out of time on urns of more than limit balls and
// answers the others.
type slowUrnBrute struct{ limit int }

func (s slowUrnBrute) Run(ctx context.Context, args []string, input []byte) (props.RunResult, error) {
	if a, b := readUrn(input); a+b > s.limit {
		return props.RunResult{TimedOut: true, ExitCode: -1, Signal: "killed"}, nil
	}
	return urnSolver(0).Run(ctx, args, input)
}
func (slowUrnBrute) String() string { return "slow-brute" }

// A solver's failure on an input no other program finished (the referee
// out of time, the brute force too or absent), with no validator, is not
// judged: nothing says the input is one of the problem's, and the note
// names each program and hints at --validator (issue 29: the solver was
// blamed, and the referee's time-out not mentioned). A program that takes
// the input, or a validator that accepts it, leaves the failure the
// solver's; one that fails on it beside a time-out leaves it the
// generator's, the time-out named.
func TestStressSolverFailsWhereNobodyFinishes(t *testing.T) {
	declining := Func{Name: "ref", Fn: func(args []string, input []byte) ([]byte, error) {
		if a, b := readUrn(input); a+b > 10 {
			return []byte("cannot judge: too big\n"), nil
		}
		return urnReferee(0).Fn(args, input)
	}}
	tests := []struct {
		name      string
		plant     func(s *Stress)
		want      string // "judged" (not judged, saying want), "solver", "generator"
		wantInMsg []string
	}{
		{"the referee out of time, no brute force", func(s *Stress) { s.Referee = slowReferee{limit: 10} },
			"not judged", []string{"the solver failed (crash", "the referee ran out of time", "--program-timeout", "--validator"}},
		{"the referee and the brute force out of time", func(s *Stress) { s.Referee, s.Brute = slowReferee{limit: 10}, slowUrnBrute{limit: 10} },
			"not judged", []string{"the brute force ran out of time", "the referee ran out of time", "--validator"}},
		{"the referee cannot judge it", func(s *Stress) { s.Referee = declining },
			"not judged", []string{"the referee cannot judge this input (too big)", "--validator"}},
		{"a validator accepts it", func(s *Stress) { s.Referee, s.Validator = slowReferee{limit: 10}, output("") },
			"solver", []string{"boom"}},
		{"the brute force takes it", func(s *Stress) { s.Referee, s.Brute = slowReferee{limit: 10}, urnSolver(0) },
			"solver", []string{"boom"}},
		{"the brute force crashes on it too", func(s *Stress) { s.Referee, s.Brute = slowReferee{limit: 10}, crashAbove(10, urnSolver(0)) },
			"generator", []string{"no other program took it", "the brute force failed (crash", "the referee ran out of time"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := urnStress()
			s.Solver = crashAbove(10, urnSolver(0))
			tt.plant(s)
			out, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			var msg string
			switch tt.want {
			case "not judged":
				if out.Failed() || out.Fault != nil || out.NotJudged == 0 || out.NothingJudged() {
					t.Fatalf("failure %+v, fault %v, not judged %d of %d: want some cases not judged, the others passed", out.First, out.Fault, out.NotJudged, out.Judged)
				}
				msg = out.NotJudgedNote
			case "solver":
				if !out.Failed() || out.Fault != nil || out.First.Kind != SolverFault {
					t.Fatalf("failure %+v, fault %v: want the solver's failure", out.First, out.Fault)
				}
				msg = out.First.Detail
			case "generator":
				if out.Fault == nil || out.Fault.Role != RoleGenerator || !out.Fault.NoProgramTakes {
					t.Fatalf("fault %+v: want the generator's, no program taking its input", out.Fault)
				}
				msg = out.Fault.Error()
			}
			for _, w := range tt.wantInMsg {
				if !strings.Contains(msg, w) {
					t.Errorf("%q lacks %q", msg, w)
				}
			}
		})
	}
}
