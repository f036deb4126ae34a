package programs

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
)

// readPack reads a pack of urns: a count line t, then t lines "a b".
func readPack(input []byte) (urns [][2]int, err error) {
	fields := strings.Fields(string(input))
	var t int
	if len(fields) == 0 {
		return nil, fmt.Errorf("empty input")
	}
	fmt.Sscan(fields[0], &t)
	if len(fields) != 1+2*t {
		return nil, fmt.Errorf("count line %d, then %d numbers", t, len(fields)-1)
	}
	for i := range t {
		var a, b int
		fmt.Sscan(fields[1+2*i], &a)
		fmt.Sscan(fields[2+2*i], &b)
		urns = append(urns, [2]int{a, b})
	}
	return urns, nil
}

// urnPackSolver reads t urns and answers each as urnSolver(wrongFrom)
// does; with stateful, each case after the first adds the previous
// case's white balls (a global not cleared between test cases). runs
// counts its runs.
func urnPackSolver(wrongFrom int, stateful bool, runs *atomic.Int64) Func {
	return Func{Name: "pack-sol", Fn: func(_ []string, input []byte) ([]byte, error) {
		runs.Add(1)
		urns, err := readPack(input)
		if err != nil {
			return nil, err
		}
		var out []byte
		carry := 0
		for _, u := range urns {
			a, b := u[0]+carry, u[1]
			if stateful {
				carry = u[0]
			}
			line, _ := urnSolver(wrongFrom).Fn(nil, fmt.Appendf(nil, "%d %d\n", a, b))
			out = append(out, line...)
		}
		return out, nil
	}}
}

// urnPackBrute answers each urn of a pack exactly.
func urnPackBrute() Func {
	return Func{Name: "pack-brute", Fn: func(_ []string, input []byte) ([]byte, error) {
		var runs atomic.Int64
		return urnPackSolver(0, false, &runs).Fn(nil, input)
	}}
}

// Packing: a correct solver that reads t cases passes with one run a pack
// (the speed-up: 20 cases, 4 solver runs at --tests 5); a solver with a
// slip fails on the same case, narrowed to that case alone, as with one
// case an input; a solver that reads one case fails with a message that
// names --tests 1; one that keeps state between cases fails on the pack,
// not shrunk, its cases passing alone.
func TestStressPackedInputs(t *testing.T) {
	firstFailing := func(t *testing.T, s *Stress) int {
		out, err := s.Run(context.Background())
		if err != nil || !out.Failed() {
			t.Fatalf("%v, first %+v, fault %v: want a failure", err, out.First, out.Fault)
		}
		return out.Found.Index
	}
	t.Run("correct", func(t *testing.T) {
		var runs atomic.Int64
		s := urnStress()
		s.Tests, s.Solver, s.Brute = 5, urnPackSolver(0, false, &runs), urnPackBrute()
		out, err := s.Run(context.Background())
		if err != nil || out.Failed() || out.Fault != nil || out.Judged != s.Cases {
			t.Fatalf("%v: judged %d, first %+v, fault %v: want a pass of every case", err, out.Judged, out.First, out.Fault)
		}
		if got, want := runs.Load(), int64(s.Cases/5); got != want {
			t.Errorf("%d solver runs for %d cases, want %d (one a pack)", got, s.Cases, want)
		}
	})
	t.Run("a slip is narrowed to one case", func(t *testing.T) {
		var runs atomic.Int64
		one := urnStress()
		one.Solver = urnSolver(12)
		one.Brute = urnSolver(0)
		want := firstFailing(t, one)
		s := urnStress()
		s.Tests, s.Solver, s.Brute = 5, urnPackSolver(12, false, &runs), urnPackBrute()
		out, err := s.Run(context.Background())
		if err != nil || !out.Failed() {
			t.Fatalf("%v: want a failure", err)
		}
		if out.Found.Index != want || out.Found.Pack != nil || strings.Count(string(out.Found.Input), "\n") != 1 {
			t.Errorf("found on case %d (pack %+v), input %q; want case %d alone, as with one case an input", out.Found.Index, out.Found.Pack, out.Found.Input, want)
		}
		if out.First.Kind != BruteDisagrees || out.First.Pack != nil {
			t.Errorf("first %+v: want the brute force's disagreement on one case, shrunk", out.First)
		}
	})
	t.Run("a solver that reads one case", func(t *testing.T) {
		s := urnStress()
		s.Tests, s.Brute = 5, urnPackBrute() // urnSolver reads "a b": the count line is its a
		out, err := s.Run(context.Background())
		if err != nil || !out.Failed() {
			t.Fatalf("%v: want a failure", err)
		}
		f := out.First
		if !strings.Contains(f.PackNote+f.Detail, "--tests 1") {
			t.Errorf("the failure (%s; note %q) does not suggest --tests 1", f.Detail, f.PackNote)
		}
	})
	t.Run("state kept between cases", func(t *testing.T) {
		var runs atomic.Int64
		s := urnStress()
		s.Tests, s.Solver, s.Brute = 5, urnPackSolver(0, true, &runs), urnPackBrute()
		out, err := s.Run(context.Background())
		if err != nil || !out.Failed() {
			t.Fatalf("%v: want a failure", err)
		}
		f := out.First
		if f.Pack == nil || !f.Pack.Only || f.Kind != SolverFault || !strings.Contains(f.Detail, "as if it were alone") || out.Shrink.Tries != 0 {
			t.Errorf("first %+v (pack %+v), shrink %+v: want the pack's failure, not shrunk", f, f.Pack, out.Shrink)
		}
	})
}

// The cases and the verdicts do not depend on --jobs with packs either.
func TestStressPackedDeterministic(t *testing.T) {
	var got []int
	for _, jobs := range []int{1, 3} {
		var runs atomic.Int64
		s := urnStress()
		s.Tests, s.Jobs, s.Solver, s.Brute = 3, jobs, urnPackSolver(12, false, &runs), urnPackBrute()
		out, err := s.Run(context.Background())
		if err != nil || !out.Failed() {
			t.Fatalf("jobs %d: %v: want a failure", jobs, err)
		}
		got = append(got, out.Found.Index, out.Judged)
	}
	if got[0] != got[2] || got[1] != got[3] {
		t.Errorf("found on case, judged: %v at --jobs 1 and 3: want the same", got)
	}
}
