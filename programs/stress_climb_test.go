package programs

import (
	"context"
	"fmt"
	"testing"

	"github.com/chancecheck/chancecheck/props"
)

// driftSolver answers a/(a+b) less a·b·1.05e-10: wrong (by more than the
// judge's 1e-6) only where a·b ≥ 9,524, some 0.1% of the urns with a and b
// uniform in 0..100 (15 of the 10,201 pairs, counted by enumeration), and nearer to wrong
// the larger a·b is: an error score to climb.
func driftSolver() Func {
	return Func{Name: "sol", Fn: func(_ []string, input []byte) ([]byte, error) {
		a, b := readUrn(input)
		if a+b == 0 {
			return []byte("0\n"), nil
		}
		return fmt.Appendf(nil, "%.12f\n", float64(a)/float64(a+b)-float64(a*b)*1.05e-10), nil
	}}
}

// TestStressClimbFindsARareSlip checks that climbing the error score finds
// a slip that 100 uniform cases miss (the same seed, --climb none: a
// pass), whatever Jobs is, and says the climber found it; and so does
// climbing the size alone, as the slip lives at the parameters' limits.
func TestStressClimbFindsARareSlip(t *testing.T) {
	run := func(climb props.Target, jobs int) *Result {
		s := urnStress()
		s.Params = []Param{{"a", 0, 100}, {"b", 0, 100}}
		s.Solver, s.Brute, s.Cases, s.Runs, s.Climb, s.Jobs = driftSolver(), urnSolver(0), 100, 200, climb, jobs
		res, err := s.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if res := run(0, 2); res.First != nil {
		t.Fatalf("uniform cases found the slip on case %d: pick a seed they miss", res.First.Index+1)
	}
	for _, target := range []props.Target{props.ClimbError, props.ClimbSize} {
		var first *Failure
		for _, jobs := range []int{1, 3} {
			res := run(target, jobs)
			f := res.Found
			if f == nil || f.Kind != BruteDisagrees {
				t.Fatalf("%v, jobs %d: climbing found %+v, want the brute force to disagree", target, jobs, f)
			}
			if f.Climbed == nil || f.Climbed.Target != target || res.Climbed[target] == 0 {
				t.Errorf("%v, jobs %d: found on case %d by %+v (climbed %v), want climbing toward %s", target, jobs, f.Index+1, f.Climbed, res.Climbed, target.Goal())
			}
			if a, b := readUrn(f.Input); a*b < 9524 {
				t.Errorf("%v, jobs %d: failed on %d %d, which the solver gets right", target, jobs, a, b)
			}
			if first != nil && (f.Index != first.Index || string(f.Input) != string(first.Input)) {
				t.Errorf("%v, jobs %d: found on case %d (%q), jobs 1 on case %d (%q): want the same", target, jobs, f.Index+1, f.Input, first.Index+1, first.Input)
			}
			if f.Climbed != nil {
				t.Logf("%v, jobs %d: found on case %d (%q) from case %d; climbed %v of %d", target, jobs, f.Index+1, f.Input, f.Climbed.From+1, res.Climbed, res.Judged)
			}
			first = f
		}
	}
}
