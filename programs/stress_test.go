package programs

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
)

// The fake game of these tests: an urn of a white and b black balls, one
// drawn; the answer is the chance of white, a/(a+b) (0 for an empty urn).
// The generator prints "a b" from its parameters a and b.

func urnGenerator() Func {
	return Func{Name: "gen", Fn: func(args []string, _ []byte) ([]byte, error) {
		v := map[string]string{}
		for _, a := range args[1:] {
			k, val, _ := strings.Cut(a, "=")
			v[k] = val
		}
		return fmt.Appendf(nil, "%s %s\n", v["a"], v["b"]), nil
	}}
}

func readUrn(input []byte) (a, b int) {
	fmt.Sscan(string(input), &a, &b)
	return a, b
}

// urnReferee draws runs balls with replacement from its own PCG stream; bias
// is added to the chance of white.
func urnReferee(bias float64) Func {
	return Func{Name: "ref", Fn: func(args []string, input []byte) ([]byte, error) {
		seed, _ := strconv.ParseUint(args[0], 10, 64)
		runs, _ := strconv.Atoi(args[1])
		a, b := readUrn(input)
		p := 0.0
		if a+b > 0 {
			p = float64(a)/float64(a+b) + bias
		}
		rng := rand.New(rand.NewPCG(seed, 99))
		wins := 0
		for range runs {
			if rng.Float64() < p {
				wins++
			}
		}
		return fmt.Appendf(nil, "1 %d\n0 %d\n", wins, runs-wins), nil
	}}
}

// urnSolver answers a/(a+b); with wrongFrom > 0, a/(a+b+1) once b ≥ wrongFrom.
func urnSolver(wrongFrom int) Func {
	return Func{Name: "sol", Fn: func(_ []string, input []byte) ([]byte, error) {
		a, b := readUrn(input)
		if a+b == 0 {
			return []byte("0\n"), nil
		}
		d := a + b
		if wrongFrom > 0 && b >= wrongFrom {
			d++
		}
		return fmt.Appendf(nil, "%.9f\n", float64(a)/float64(d)), nil
	}}
}

func urnStress() *Stress {
	return &Stress{
		GameSpec: GameSpec{Generator: urnGenerator(), Referee: urnReferee(0),
			Quantity: Probability, Params: []Param{{"a", 0, 20}, {"b", 0, 20}}},
		Solver: urnSolver(0),
		Cases:  20, Runs: 4000, Seed: 1, Alpha: 0.01,
	}
}

// urnValidator accepts an urn of at most the given number of balls: it
// exits 1, saying why, on a larger one.
func urnValidator(most int) Func {
	return Func{Name: "val", Fn: func(_ []string, input []byte) ([]byte, error) {
		if a, b := readUrn(input); a+b > most {
			return nil, fmt.Errorf("line 1: a + b = %d > %d", a+b, most)
		}
		return nil, nil
	}}
}

// TestStressValidatorPasses checks that a validator accepting every input
// changes nothing, and that the input it rejects is shown with the
// validator's command line.
func TestStressValidatorPasses(t *testing.T) {
	without, err := urnStress().Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s := urnStress()
	s.Validator = urnValidator(40)
	with, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if with.Fault != nil || with.Judged != without.Judged || with.Failed() != without.Failed() {
		t.Errorf("with a validator that accepts all: fault %v, %d judged, failed %v; without: %d, %v",
			with.Fault, with.Judged, with.Failed(), without.Judged, without.Failed())
	}
	s = urnStress()
	s.Validator = urnValidator(20)
	out, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	f := out.Fault
	if f == nil || f.Validator != "val" || len(f.Input) == 0 || !strings.HasPrefix(f.Command, "gen ") {
		t.Fatalf("fault %+v; want the generator's, with the rejected input and the validator", f)
	}
	if a, b := readUrn(f.Input); a+b <= 20 {
		t.Errorf("rejected %q, which has %d balls", f.Input, a+b)
	}
}

// result is a Program that ends as res says (a time limit, a signal).
type result struct{ res props.RunResult }

func (r result) Run(context.Context, []string, []byte) (props.RunResult, error) { return r.res, nil }
func (r result) String() string                                                 { return "fixed" }

func output(s string) Func {
	return Func{Name: "fixed", Fn: func([]string, []byte) ([]byte, error) { return []byte(s), nil }}
}

func crash() Func {
	return Func{Name: "crash", Fn: func([]string, []byte) ([]byte, error) { return nil, errors.New("boom") }}
}

// Each program's faults are classified and named for the program: a fault
// of the generator, the referee or the brute force is never the solver's.
func TestStressFaults(t *testing.T) {
	timedOut := result{props.RunResult{TimedOut: true}}
	nondeterministic := 0
	tests := []struct {
		name      string
		plant     func(s *Stress)
		fault     Role // the program whose fault stops the run, or ""
		verdict   props.Verdict
		failure   FailureKind // the solver's failure, when fault is ""
		wantInMsg string
	}{
		{"generator crashes", func(s *Stress) { s.Generator = crash() }, RoleGenerator, props.Crash, 0, "boom"},
		{"generator times out", func(s *Stress) { s.Generator = timedOut }, RoleGenerator, props.TimeLimit, 0, "over the CPU time limit"},
		{"generator prints nothing", func(s *Stress) { s.Generator = output("") }, RoleGenerator, props.OutputFormat, 0, "printed nothing"},
		{"generator is not deterministic", func(s *Stress) {
			s.Generator = Func{Name: "gen", Fn: func([]string, []byte) ([]byte, error) {
				nondeterministic++
				return fmt.Appendf(nil, "1 %d\n", nondeterministic), nil
			}}
		}, RoleGenerator, props.OutputFormat, 0, "same bytes"},
		{"the validator rejects an input", func(s *Stress) { s.Validator = urnValidator(20) }, RoleGenerator, props.OutputFormat, 0, "a + b = "},
		{"the validator times out", func(s *Stress) { s.Validator = timedOut }, RoleValidator, props.TimeLimit, 0, "over the CPU time limit"},
		{"the validator is killed by a signal", func(s *Stress) { s.Validator = result{props.RunResult{ExitCode: -1, Signal: "segmentation fault"}} }, RoleValidator, props.Crash, 0, "segmentation fault"},
		{"referee crashes", func(s *Stress) { s.Referee = crash() }, RoleReferee, props.Crash, 0, "boom"},
		{"referee over memory", func(s *Stress) { s.Referee = result{props.RunResult{OverMemory: "peak 300 MB"}} }, RoleReferee, props.MemoryLimit, 0, "peak"},
		{"referee prints garbage", func(s *Stress) { s.Referee = output("win\n") }, RoleReferee, props.OutputFormat, 0, "not a finite decimal"},
		{"referee prints too few runs", func(s *Stress) { s.Referee = output("1 3\n") }, RoleReferee, props.OutputFormat, 0, "asked for"},
		{"brute force crashes", func(s *Stress) { s.Brute = crash() }, RoleBrute, props.Crash, 0, "boom"},
		{"brute force prints two answers", func(s *Stress) { s.Brute = output("0.5\n0.5\n") }, RoleBrute, props.OutputFormat, 0, "answer lines"},
		{"solver crashes", func(s *Stress) { s.Solver = crash() }, "", props.Crash, SolverFault, "boom"},
		{"solver times out", func(s *Stress) { s.Solver = timedOut }, "", props.TimeLimit, SolverFault, "over the CPU time limit"},
		{"solver killed by a signal", func(s *Stress) { s.Solver = result{props.RunResult{ExitCode: -1, Signal: "segmentation fault"}} }, "", props.Crash, SolverFault, "segmentation fault"},
		{"solver prints nan", func(s *Stress) { s.Solver = output("nan\n") }, "", props.OutputFormat, SolverFault, "not a decimal"},
		{"solver over memory", func(s *Stress) { s.Solver = result{props.RunResult{OverMemory: "peak 300 MB", ExitCode: 1}} }, "", props.MemoryLimit, SolverFault, "peak"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := urnStress()
			tt.plant(s)
			out, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if tt.fault != "" {
				if out.Fault == nil || out.Fault.Role != tt.fault || out.Fault.Verdict != tt.verdict || out.Failed() {
					t.Fatalf("fault %+v, failure %+v; want the %s's %s and no failure", out.Fault, out.First, tt.fault, tt.verdict)
				}
				if !strings.Contains(out.Fault.Error(), tt.wantInMsg) {
					t.Errorf("the fault %q does not say %q", out.Fault.Error(), tt.wantInMsg)
				}
				// A program that read an input is shown with it.
				if tt.fault != RoleGenerator && (len(out.Fault.Input) == 0 || out.Fault.Generator == "") {
					t.Errorf("the %s's fault shows input %q from %q; want the input it read", tt.fault, out.Fault.Input, out.Fault.Generator)
				}
				return
			}
			if out.Fault != nil || out.First == nil || out.First.Kind != tt.failure || out.First.Verdict != tt.verdict {
				t.Fatalf("fault %+v, failure %+v; want the solver's %s", out.Fault, out.First, tt.verdict)
			}
			if !strings.Contains(out.First.Detail, tt.wantInMsg) {
				t.Errorf("the failure's detail %q does not say %q", out.First.Detail, tt.wantInMsg)
			}
		})
	}
}

// A brute force out of time is skipped on that input, not a fault.
func TestStressBruteTimeLimitSkips(t *testing.T) {
	s := urnStress()
	s.Brute = result{props.RunResult{TimedOut: true}}
	out, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.Fault != nil || out.Failed() || out.BruteSkipped != s.Cases || out.BruteCompared != 0 {
		t.Errorf("fault %v, failed %v, brute skipped %d compared %d; want every case skipped and passed", out.Fault, out.Failed(), out.BruteSkipped, out.BruteCompared)
	}
}

// Each kind of failure is found, blamed on the right program, and shrunk
// to the smallest input that still fails: the wrong solver (wrong from two
// black balls on) to the urn "1 2".
func TestStressFailuresShrink(t *testing.T) {
	tests := []struct {
		name  string
		plant func(s *Stress)
		kind  FailureKind
		input string
	}{
		{"wrong solver, referee alone", func(s *Stress) { s.Solver = urnSolver(2) }, RefereeDisagrees, "1 2\n"},
		{"wrong solver, with a brute force", func(s *Stress) { s.Solver, s.Brute = urnSolver(2), urnSolver(0) }, BruteDisagrees, "1 2\n"},
		{"biased referee, with a brute force", func(s *Stress) { s.Referee, s.Brute = urnReferee(0.2), urnSolver(0) }, ProgramsDisagree, "0 1\n"},
		{"wrong brute force, right referee", func(s *Stress) { s.Brute = output("0.5\n") }, ProgramsDisagree, "0 0\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := urnStress()
			tt.plant(s)
			out, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if out.Fault != nil || !out.Failed() || out.First.Kind != tt.kind {
				t.Fatalf("fault %v, first %+v; want a failure: %s", out.Fault, out.First, tt.kind)
			}
			if got := string(out.First.Input); got != tt.input {
				t.Errorf("shrunk to %q, want %q (found %q; %+v)", got, tt.input, out.Found.Input, out.Shrink)
			}
			if tt.kind.statistical() && (out.Confirmation == nil || out.Confirmation.Pass) {
				t.Errorf("a statistical failure reported without its confirmation: %+v", out.Confirmation)
			}
			if tt.kind.statistical() && out.First.Agreement.Alpha != out.Budget.PerShrink {
				t.Errorf("the shrunk failure's check had α %v, want the shrinking share %v", out.First.Agreement.Alpha, out.Budget.PerShrink)
			}
		})
	}
}

// A statistical failure that fresh referee runs do not confirm is reported
// as not reproduced, never as a failure.
func TestStressNotReproduced(t *testing.T) {
	s := urnStress()
	calls := 0
	biasedOnce := urnReferee(0.3)
	fair := urnReferee(0)
	s.Referee = Func{Name: "ref", Fn: func(args []string, input []byte) ([]byte, error) {
		calls++
		if calls == 3 { // the third case of the search only
			return biasedOnce.Fn(args, input)
		}
		return fair.Fn(args, input)
	}}
	out, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.Failed() || out.NotReproduced == nil || out.NotReproduced.Index != 2 || out.Confirmation == nil || !out.Confirmation.Pass {
		t.Fatalf("failed %v, not reproduced %+v, confirmation %+v; want case 3 not reproduced", out.Failed(), out.NotReproduced, out.Confirmation)
	}
}

// A solver that answers the same input differently from run to run (here
// wrong on its first run only, as undefined behaviour can be) is not
// excused by fresh referee runs against its next, right answer: the
// re-confirmation plays against the answer the failure was found with, and
// the second, different answer is reported as the solver's fault.
func TestStressUnstableSolver(t *testing.T) {
	for _, tc := range []struct {
		name     string
		wrongRun func(call int) bool
		want     FailureKind
	}{
		{"wrong on the first run, right again", func(call int) bool { return call == 1 }, SolverFault},
		{"wrong every run", func(int) bool { return true }, RefereeDisagrees},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := urnStress()
			s.Params = []Param{{"a", 3, 3}, {"b", 5, 5}}
			calls := 0
			right, wrong := urnSolver(0), urnSolver(1)
			s.Solver = Func{Name: "sol", Fn: func(args []string, input []byte) ([]byte, error) {
				calls++
				if tc.wrongRun(calls) {
					return wrong.Fn(args, input)
				}
				return right.Fn(args, input)
			}}
			out, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if out.NotReproduced != nil || out.First == nil || out.First.Kind != tc.want {
				t.Fatalf("not reproduced %+v, first %+v: want a failure of kind %v", out.NotReproduced, out.First, tc.want)
			}
			if tc.want == SolverFault && !strings.Contains(out.First.Detail, "then 0.375") {
				t.Errorf("detail %q: want both answers, 0.333333333 then 0.375", out.First.Detail)
			}
		})
	}
}

// The same seed makes the same run, whatever Jobs is: the same cases,
// referee seeds and verdicts.
func TestStressDeterministic(t *testing.T) {
	run := func(jobs int) *Result {
		s := urnStress()
		s.Solver, s.Jobs = urnSolver(5), jobs
		out, err := s.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	a := run(1)
	if !a.Failed() || a.Found.Index == 0 {
		t.Fatalf("want a failure after the first case, got %+v", a.Found)
	}
	for _, jobs := range []int{1, 3, 8} {
		b := run(jobs)
		if string(a.First.Input) != string(b.First.Input) || a.Found.Index != b.Found.Index || a.Judged != b.Judged ||
			a.First.RefereeSeed != b.First.RefereeSeed || a.Shrink.Tries != b.Shrink.Tries || len(a.MinDetectable) != len(b.MinDetectable) {
			t.Errorf("jobs %d: the run differs from one job's: %+v and %+v", jobs, a.First, b.First)
		}
	}
}

// The dice game of the expectation tests: throws of a fair die with faces
// 1..k until the sum reaches t; the input is "t k" from the parameters.
func diceGenerator() Func {
	return Func{Name: "gen", Fn: func(args []string, _ []byte) ([]byte, error) {
		return fmt.Appendf(nil, "%s %s\n", strings.TrimPrefix(args[1], "t="), strings.TrimPrefix(args[2], "k=")), nil
	}}
}

func diceReferee() Func {
	return Func{Name: "ref", Fn: func(args []string, input []byte) ([]byte, error) {
		seed, _ := strconv.ParseUint(args[0], 10, 64)
		runs, _ := strconv.Atoi(args[1])
		var total, k int
		fmt.Sscan(string(input), &total, &k)
		rng := rand.New(rand.NewPCG(seed, 5))
		var out []byte
		for range runs {
			throws := 0
			for sum := 0; sum < total; throws++ {
				sum += 1 + rng.IntN(k)
			}
			out = fmt.Appendf(out, "%d\n", throws)
		}
		return out, nil
	}}
}

// diceSolver is the exact DP e[s] = 1 + (1/k)·Σ e[s−f], e[s ≤ 0] = 0.
func diceSolver() Func {
	return Func{Name: "sol", Fn: func(_ []string, input []byte) ([]byte, error) {
		var total, k int
		fmt.Sscan(string(input), &total, &k)
		e := make([]float64, total+1)
		for s := 1; s <= total; s++ {
			var sum float64
			for f := 1; f <= k && f <= s; f++ {
				sum += e[s-f]
			}
			e[s] = 1 + sum/float64(k)
		}
		return fmt.Appendf(nil, "%.12f\n", e[total]), nil
	}}
}

// The whole run's false-alarm rate, with every check and the budget's
// split, is at most Alpha: many runs of a right solver against a right
// referee (in-process, for speed), each of several cases, counted, for a
// probability and an expectation.
func TestStressFalseAlarmRate(t *testing.T) {
	const alpha = 0.01
	runs := int64(1500)
	if testing.Short() {
		runs = 300
	}
	games := []struct {
		name  string
		setup func() *Stress
	}{
		{"probability", urnStress},
		{"expectation", func() *Stress {
			return &Stress{GameSpec: GameSpec{Generator: diceGenerator(), Referee: diceReferee(), Quantity: Expectation,
				Params: []Param{{"t", 1, 12}, {"k", 1, 6}}}, Solver: diceSolver(), MinOutcome: 0, MaxOutcome: 12}
		}},
	}
	for _, game := range games {
		t.Run(game.name, func(t *testing.T) {
			var failed int64
			for seed := range uint64(runs) {
				s := game.setup()
				s.Seed, s.Cases, s.Runs, s.Alpha = seed+1, 4, 200, alpha
				out, err := s.Run(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if out.Fault != nil {
					t.Fatal(out.Fault)
				}
				if out.Failed() {
					failed++
				}
			}
			bound := falseAlarmBound(runs, alpha)
			t.Logf("%d of %d runs of a right solver reported a failure at α = %v (at most %d allowed)", failed, runs, alpha, bound)
			if failed > bound {
				t.Errorf("%d of %d runs reported a right solver wrong at α = %v: more than the %d the rate allows", failed, runs, alpha, bound)
			}
		})
	}
}

// The expectation's checks catch a wrong solver in the same setting: the
// test of the false alarms is not a test of nothing.
func TestStressCatchesAnExpectationSlip(t *testing.T) {
	right := diceSolver()
	slip := Func{Name: "sol", Fn: func(args []string, input []byte) ([]byte, error) {
		out, err := right.Fn(args, input)
		var v float64
		fmt.Sscan(string(out), &v)
		return fmt.Appendf(nil, "%.12f\n", v+0.5), err // half a throw too many
	}}
	s := &Stress{GameSpec: GameSpec{Generator: diceGenerator(), Referee: diceReferee(), Quantity: Expectation,
		Params: []Param{{"t", 1, 12}, {"k", 1, 6}}}, Solver: slip, MaxOutcome: 12, Cases: 4, Runs: 2000, Seed: 1, Alpha: 0.01}
	out, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !out.Failed() || out.First.Kind != RefereeDisagrees || string(out.First.Input) != "1 1\n" {
		t.Fatalf("want the slip caught and shrunk to 1 1; got %+v", out.First)
	}
}
