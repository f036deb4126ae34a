package programs

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
)

const p998 = 998244353

// residueOf is a/d modulo 998244353, as a solver of the urn prints it.
func residueOf(a, d int64) int64 {
	if d == 0 {
		return 0
	}
	r, err := answer.ResidueOf(big.NewRat(a, d), p998)
	if err != nil {
		panic(err)
	}
	return r
}

// urnResidueSolver prints the chance of white, a/(a+b), as a residue
// modulo 998244353; plus is added to the residue (an off-by-one slip), and
// with wrongFrom > 0 it answers a/(a+b+1) once b ≥ wrongFrom (a slip in the
// value).
func urnResidueSolver(plus int64, wrongFrom int) Func {
	return Func{Name: "residue-sol", Fn: func(_ []string, input []byte) ([]byte, error) {
		a, b := readUrn(input)
		d := int64(a + b)
		if wrongFrom > 0 && b >= wrongFrom {
			d++
		}
		return fmt.Appendf(nil, "%d\n", (residueOf(int64(a), d)+plus)%p998), nil
	}}
}

// urnFractionBrute prints the exact chance as p/q (0/1 for an empty urn);
// asResidue prints its residue instead.
func urnFractionBrute(asResidue bool) Func {
	return Func{Name: "fraction-brute", Fn: func(_ []string, input []byte) ([]byte, error) {
		a, b := readUrn(input)
		if asResidue {
			return fmt.Appendf(nil, "%d\n", residueOf(int64(a), int64(a+b))), nil
		}
		if a+b == 0 {
			return []byte("0/1\n"), nil
		}
		return fmt.Appendf(nil, "%d/%d\n", a, a+b), nil
	}}
}

func residueStress() *Stress {
	s := urnStress()
	s.Answer = answer.Rule{Kind: answer.Residue, Modulus: p998}
	s.Solver = urnResidueSolver(0, 0)
	return s
}

// A correct solver that prints residues passes, judged by the referee
// alone (every urn of up to 20+20 balls has a denominator ≤ 40, within the
// default bound of 43 for a probability) and with a brute force printing
// fractions or residues; on today's code its residue was compared with the
// referee's mean as a float, a wrong answer.
func TestStressResidueCorrectPasses(t *testing.T) {
	for _, tt := range []struct {
		name  string
		brute Program
	}{
		{"referee alone", nil},
		{"brute force of fractions", urnFractionBrute(false)},
		{"brute force of residues", urnFractionBrute(true)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := residueStress()
			s.Brute = tt.brute
			out, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if out.Failed() || out.Fault != nil || out.NotReproduced != nil {
				t.Fatalf("the correct solver is blamed: first %+v, fault %v", out.First, out.Fault)
			}
			if out.Judged != s.Cases || out.NotJudged != 0 || len(out.MinDetectable) != s.Cases {
				t.Errorf("judged %d (%d not judged, %d by the referee) of %d: want every case judged by the referee (%s)",
					out.Judged, out.NotJudged, len(out.MinDetectable), s.Cases, out.NotJudgedNote)
			}
		})
	}
}

// An off-by-one residue fails on the first case, against the brute force
// (exactly: the default float rule's 1e-6 relative accepts it); by the
// referee alone, the residue plus one reads back as no small fraction, and
// the cases are not judged, never blamed on a guess.
func TestStressResidueOffByOne(t *testing.T) {
	s := residueStress()
	s.Solver, s.Brute = urnResidueSolver(1, 0), urnFractionBrute(false)
	out, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !out.Failed() || out.Found.Kind != BruteDisagrees || out.Found.Index != 0 {
		t.Fatalf("found %+v; want the brute force's disagreement on case 1", out.Found)
	}
	if !strings.Contains(out.First.Detail, "compared exactly") {
		t.Errorf("the detail does not say the rule: %q", out.First.Detail)
	}

	s = residueStress()
	s.Solver = urnResidueSolver(1, 0)
	out, err = s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// Urns with no white ball have answer 0, whose residue plus one is 1 =
	// 1/1: the referee rejects that one; every other reads back as nothing.
	if out.Failed() && out.First.Fraction.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("blamed on %v, a guess", out.First.Fraction)
	}
	if out.NotJudged == 0 || !strings.Contains(out.NotJudgedNote, "cannot be judged by simulation") {
		t.Errorf("%d not judged (%q): want the residues that read back as no fraction counted apart", out.NotJudged, out.NotJudgedNote)
	}
}

// A slip in the value is caught by the referee alone, and shrunk to an urn
// whose fraction the failure shows: 1 white, 2 black, answered 1/4 for 1/3.
func TestStressResidueValueSlipByReferee(t *testing.T) {
	s := residueStress()
	s.Solver = urnResidueSolver(0, 2)
	out, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !out.Failed() || out.First.Kind != RefereeDisagrees {
		t.Fatalf("first %+v, fault %v: want the referee to reject the solver", out.First, out.Fault)
	}
	f := out.First
	if got := string(f.Input); got != "1 2\n" {
		t.Errorf("shrunk to %q, want \"1 2\\n\"", got)
	}
	if f.Fraction == nil || f.Fraction.Cmp(big.NewRat(1, 4)) != 0 {
		t.Errorf("the solver's fraction %v, want 1/4", f.Fraction)
	}
	if got, want := s.ShowAnswer(f), "748683265 (= 1/4 mod 998244353)"; got != want {
		t.Errorf("shown as %q, want %q", got, want)
	}
}

// A float-kind run whose solver prints residues is told they may be.
func TestStressResidueHint(t *testing.T) {
	s := urnStress()
	s.Solver = urnResidueSolver(0, 0)
	out, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !out.Failed() || !strings.Contains(s.ResidueHint(out.First), "--modulus") {
		t.Fatalf("first %+v: want a failure with a hint that the answer is a residue", out.First)
	}
	if s.ResidueHint(&Failure{HasAnswer: true, Answer: 0.5}) != "" {
		t.Error("a hint for 0.5")
	}
}

// A brute force whose fraction has a denominator the modulus divides is a
// fault of its own (the input is outside the problem's promise), never a
// crash nor a pass.
func TestStressResidueNoResidue(t *testing.T) {
	s := residueStress()
	s.Answer.Modulus = 7
	s.Params = []Param{{"a", 1, 1}, {"b", 6, 6}} // 1/7
	s.Solver, s.Brute = output("0\n"), urnFractionBrute(false)
	out, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.Fault == nil || out.Fault.Role != RoleGenerator || !strings.Contains(out.Fault.Detail, "no residue modulo 7") {
		t.Fatalf("fault %v, first %+v: want the input's fault, no residue", out.Fault, out.First)
	}
}

// Exact integers and fractions compare exactly, and their syntax is the
// kind's: an urn of 1 and 1 is 1/2.
func TestStressExactKinds(t *testing.T) {
	for _, tt := range []struct {
		kind          answer.Kind
		solver, brute string
		failure       FailureKind
		fault         Role
	}{
		{answer.Fraction, "1/2\n", "1/2\n", 0, ""},
		{answer.Fraction, "2/4\n", "1/2\n", 0, ""},
		{answer.Fraction, "500000001/1000000000\n", "1/2\n", BruteDisagrees, ""},
		{answer.Fraction, "0.5\n", "1/2\n", SolverFault, ""},
		{answer.Fraction, "1/2\n", "0.5\n", 0, RoleBrute},
		{answer.Integer, "1\n", "1/2\n", 0, RoleBrute}, // not an integer
	} {
		s := urnStress()
		s.Answer = answer.Rule{Kind: tt.kind}
		s.Params = []Param{{"a", 1, 1}, {"b", 1, 1}}
		s.Cases = 1
		s.Solver, s.Brute = output(tt.solver), output(tt.brute)
		out, err := s.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case tt.fault != "" && (out.Fault == nil || out.Fault.Role != tt.fault):
			t.Errorf("%v %q, brute %q: fault %v, want the %s's", tt.kind, tt.solver, tt.brute, out.Fault, tt.fault)
		case tt.fault == "" && tt.failure == 0 && (out.Failed() || out.Fault != nil):
			t.Errorf("%v %q: failed %+v, fault %v", tt.kind, tt.solver, out.First, out.Fault)
		case tt.failure != 0 && (!out.Failed() || out.Found.Kind != tt.failure):
			t.Errorf("%v %q: found %+v, want %v", tt.kind, tt.solver, out.Found, tt.failure)
		}
	}
}

// The geometric game of the brute force's distribution: input "a b", a
// trial succeeds with chance a/b, the outcome is the number of trials until
// one does: unbounded, of mean b/a.
func geometricGenerator() Func {
	return Func{Name: "gen", Fn: func(args []string, _ []byte) ([]byte, error) {
		seed, _ := strconv.ParseUint(args[0], 10, 64)
		b := 2 + seed%5
		return fmt.Appendf(nil, "%d %d\n", 1+seed/5%b, b), nil
	}}
}

// geometricReferee plays the trials; bias > 0 adds one trial in bias runs
// of a hundred.
func geometricReferee(bias int) Func {
	return Func{Name: "ref", Fn: func(args []string, input []byte) ([]byte, error) {
		seed, _ := strconv.ParseUint(args[0], 10, 64)
		runs, _ := strconv.Atoi(args[1])
		a, b := readUrn(input)
		rng := rand.New(rand.NewPCG(seed, 7))
		var out strings.Builder
		for range runs {
			n := 1
			for rng.IntN(b) >= a {
				n++
			}
			if rng.IntN(100) < bias {
				n++
			}
			fmt.Fprintln(&out, n)
		}
		return []byte(out.String()), nil
	}}
}

// geometricBrute prints b/a and P(n) = (1 − a/b)^(n−1)·a/b for n up to 200
// (the tail left out is below 1e-15).
func geometricBrute() Func {
	return Func{Name: "brute", Fn: func(_ []string, input []byte) ([]byte, error) {
		a, b := readUrn(input)
		var out strings.Builder
		fmt.Fprintf(&out, "%d/%d\n", b, a)
		p, q := float64(a)/float64(b), 1.0
		for n := 1; n <= 200; n++ {
			fmt.Fprintf(&out, "%d %.17g\n", n, q*p)
			q *= 1 - p
		}
		return []byte(out.String()), nil
	}}
}

func geometricSolver() Func {
	return Func{Name: "sol", Fn: func(_ []string, input []byte) ([]byte, error) {
		a, b := readUrn(input)
		return fmt.Appendf(nil, "%d\n", residueOf(int64(b), int64(a))), nil
	}}
}

// With the brute force's distribution, an expectation of unbounded
// outcomes needs no stated range: a correct residue passes, a referee that
// adds a trial now and then is caught against the distribution (not blamed
// on the solver), and an input the brute force cannot answer, with no
// range, is not judged.
func TestStressBruteDistribution(t *testing.T) {
	base := func() *Stress {
		return &Stress{GameSpec: GameSpec{Generator: geometricGenerator(), Referee: geometricReferee(0), Brute: geometricBrute(),
			BruteDistribution: true, Quantity: Expectation, Answer: answer.Rule{Kind: answer.Residue, Modulus: p998}},
			Solver: geometricSolver(), Cases: 10, Runs: 4000, Seed: 1, Alpha: 0.01}
	}
	s := base()
	out, err := s.Run(context.Background())
	if err != nil || out.Failed() || out.Fault != nil || out.NotJudged != 0 || len(out.MinDetectable) != s.Cases {
		t.Fatalf("correct: %v, first %+v, fault %v, %d not judged, %d checks", err, out.First, out.Fault, out.NotJudged, len(out.MinDetectable))
	}

	s = base()
	s.Referee = geometricReferee(20)
	if out, err = s.Run(context.Background()); err != nil || !out.Failed() || out.First.Kind != ProgramsDisagree || out.First.Agreement.Test != estimate.TestDKW {
		t.Fatalf("biased referee: %v, first %+v", err, out.First)
	}

	s = base()
	s.Brute = result{props.RunResult{TimedOut: true}}
	if out, err = s.Run(context.Background()); err != nil || out.Failed() || out.NotJudged != s.Cases {
		t.Fatalf("no brute force's answer, no range: %v, first %+v, %d not judged", err, out.First, out.NotJudged)
	}

	s = base()
	s.Brute = Func{Name: "brute", Fn: func([]string, []byte) ([]byte, error) { return []byte("2\n1 0.5\n"), nil }}
	if out, err = s.Run(context.Background()); err != nil || out.Fault == nil || out.Fault.Role != RoleBrute {
		t.Fatalf("a distribution whose mean is not the answer: %v, fault %v", err, out.Fault)
	}
}
