package programs

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// urnTestsGenerator writes t test cases itself: a count line, then the
// urns (a, b), (a+1, b), … (a+t−1, b), one a line; with count set, the
// count line says count instead of t (a generator whose count line
// disagrees with what follows).
func urnTestsGenerator(t, count int) Func {
	return Func{Name: "gen-t", Fn: func(args []string, _ []byte) ([]byte, error) {
		v := map[string]int{}
		for _, a := range args[1:] {
			k, val, _ := strings.Cut(a, "=")
			v[k], _ = strconv.Atoi(val)
		}
		out := fmt.Appendf(nil, "%d\n", cmpOr(count, t))
		for j := range t {
			out = fmt.Appendf(out, "%d %d\n", v["a"]+j, v["b"])
		}
		return out, nil
	}}
}

// A generator that writes its test cases: a correct solver passes, its
// output read whole (one solver run a generator run, the cases counted
// one by one up to Cases, the last run's extra cases not taken); a slip is
// narrowed to its case alone and shrunk as with one case an input; a
// solver that keeps state between cases fails on the whole output, not
// shrunk; a count line that disagrees with what follows is the
// generator's fault, named.
func TestStressGeneratorWritesTests(t *testing.T) {
	tests := []struct {
		name        string
		gen         Func
		solver      func(*atomic.Int64) Func
		wantPass    bool
		check       func(t *testing.T, s *Stress, out *Result)
		wantRuns    int64 // solver runs, for a pass
		wantGenRole bool  // a fault of the generator
	}{
		{name: "correct", gen: urnTestsGenerator(3, 0), solver: func(r *atomic.Int64) Func { return urnPackSolver(0, false, r) }, wantPass: true, wantRuns: 7},
		{name: "a slip, narrowed to its case", gen: urnTestsGenerator(3, 0), solver: func(r *atomic.Int64) Func { return urnPackSolver(12, false, r) },
			check: func(t *testing.T, s *Stress, out *Result) {
				f := out.First
				if f.Kind != BruteDisagrees || f.Pack != nil || strings.Count(string(f.Input), "\n") != 1 || f.Case.Test < 1 {
					t.Errorf("first %+v (input %q, case %+v): want the brute force's disagreement on one test case alone", f, f.Input, f.Case)
				}
				if a, b := readUrn(f.Input); b < 12 || a+b == 0 {
					t.Errorf("shrunk to %q: the slip is on b ≥ 12", f.Input)
				}
				if out.Found.Index < 0 || out.Found.Index >= s.Cases {
					t.Errorf("found on case %d of %d", out.Found.Index, s.Cases)
				}
			}},
		{name: "state kept between cases", gen: urnTestsGenerator(3, 0), solver: func(r *atomic.Int64) Func { return urnPackSolver(0, true, r) },
			check: func(t *testing.T, _ *Stress, out *Result) {
				f := out.First
				if f.Pack == nil || !f.Pack.Only || f.Kind != SolverFault || !strings.Contains(f.Detail, "as if it were alone") || out.Shrink.Tries != 0 {
					t.Errorf("first %+v, shrink %+v: want the whole output's failure, not shrunk", f, out.Shrink)
				}
			}},
		{name: "count line says more", gen: urnTestsGenerator(2, 3), solver: func(r *atomic.Int64) Func { return urnPackSolver(0, false, r) }, wantGenRole: true,
			check: func(t *testing.T, _ *Stress, out *Result) {
				if !strings.Contains(out.Fault.Detail, "line 1 says 3 test cases, but only 2 line(s) follow") {
					t.Errorf("fault %q: want it to say what the count line disagrees with", out.Fault.Detail)
				}
			}},
		{name: "uneven cases", gen: urnTestsGenerator(4, 3), solver: func(r *atomic.Int64) Func { return urnPackSolver(0, false, r) }, wantGenRole: true,
			check: func(t *testing.T, _ *Stress, out *Result) {
				if !strings.Contains(out.Fault.Detail, "do not split into 3 cases") {
					t.Errorf("fault %q: want it to say the lines do not split", out.Fault.Detail)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var runs atomic.Int64
			s := urnStress()
			s.GeneratorWritesTests, s.Generator, s.Solver, s.Brute = true, tt.gen, tt.solver(&runs), urnPackBrute()
			out, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.wantGenRole:
				if out.Fault == nil || out.Fault.Role != RoleGenerator {
					t.Fatalf("fault %+v: want the generator's", out.Fault)
				}
			case tt.wantPass:
				if out.Failed() || out.Fault != nil || out.Judged != s.Cases {
					t.Fatalf("judged %d, first %+v, fault %v: want a pass of every case", out.Judged, out.First, out.Fault)
				}
				if got := runs.Load(); got != tt.wantRuns {
					t.Errorf("%d solver runs for %d cases, want %d (one a generator run of 3 cases)", got, s.Cases, tt.wantRuns)
				}
			default:
				if !out.Failed() {
					t.Fatalf("first %+v, fault %v: want a failure", out.First, out.Fault)
				}
			}
			if tt.check != nil {
				tt.check(t, s, out)
			}
		})
	}
}

// The cases and the verdicts do not depend on --jobs with a generator
// that writes its test cases either.
func TestStressGeneratorWritesTestsDeterministic(t *testing.T) {
	var got []string
	for _, jobs := range []int{1, 3} {
		var runs atomic.Int64
		s := urnStress()
		s.GeneratorWritesTests, s.Jobs = true, jobs
		s.Generator, s.Solver, s.Brute = urnTestsGenerator(3, 0), urnPackSolver(12, false, &runs), urnPackBrute()
		out, err := s.Run(context.Background())
		if err != nil || !out.Failed() {
			t.Fatalf("jobs %d: %v: want a failure", jobs, err)
		}
		got = append(got, fmt.Sprintf("case %d, judged %d, shrunk to %q", out.Found.Index, out.Judged, out.First.Input))
	}
	if got[0] != got[1] {
		t.Errorf("--jobs 1: %s; --jobs 3: %s: want the same", got[0], got[1])
	}
}
