package programs

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/answer"
)

// The urn as an expectation: 3 points for a white ball, so the mean is
// 3a/(a+b) and every outcome is 0 or 3.
func urnPointsReferee(points int) Func {
	return Func{Name: "points-ref", Fn: func(args []string, input []byte) ([]byte, error) {
		out, err := urnReferee(0).Fn(args, input)
		if err != nil {
			return nil, err
		}
		var wins, losses int64
		fmt.Sscanf(string(out), "1 %d\n0 %d\n", &wins, &losses)
		return fmt.Appendf(nil, "%d %d\n0 %d\n", points, wins, losses), nil
	}}
}

// fixedResidue prints the residue of a/d modulo 998244353 whatever the input.
func fixedResidue(a, d int64) Func {
	return Func{Name: "fixed-residue", Fn: func([]string, []byte) ([]byte, error) {
		return []byte(strconv.FormatInt(residueOf(a, d), 10) + "\n"), nil
	}}
}

func pointsStress(solver Program) *Stress {
	return &Stress{
		GameSpec:   GameSpec{Generator: urnGenerator(), Referee: urnPointsReferee(3), Quantity: Expectation, Params: []Param{{"a", 1, 20}, {"b", 1, 20}}, Answer: answer.Rule{Kind: answer.Residue, Modulus: p998}},
		Solver:     solver,
		MinOutcome: 0, MaxOutcome: 100,
		Cases: 10, Runs: 4000, Seed: 1, Alpha: 0.01,
	}
}

// A residue that reads back inside the stated range [0, 100] but outside
// every outcome the referee gave ([0, 3]) is no read-back: the case is not
// judged, never a failure (73/2 = 36.5 is no mean of 0s and 3s). The
// planted contrast, 5/2, lies inside [0, 3]: the referee rejects it, and
// the failure says what it assumed, with the fraction and the chance.
func TestStressImpossibleReadBackNotJudged(t *testing.T) {
	out, err := pointsStress(fixedResidue(73, 2)).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.Failed() || out.Fault != nil || out.NotJudged != out.Judged || !strings.Contains(out.NotJudgedNote, "outside the outcomes [0, 3]") {
		t.Fatalf("failed %v (%+v), fault %v, %d of %d not judged (%q): want every case not judged, the read-back outside the outcomes seen",
			out.Failed(), out.First, out.Fault, out.NotJudged, out.Judged, out.NotJudgedNote)
	}

	s := pointsStress(fixedResidue(5, 2))
	out, err = s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !out.Failed() || out.First.Kind != RefereeDisagrees || !out.First.ReadBack {
		t.Fatalf("first %+v, fault %v: want the referee's rejection of a read-back", out.First, out.Fault)
	}
	a := s.ReadBackAssumption(out.First)
	for _, want := range []string{"read back as 5/2", "coincidence with chance", "assumes that the exact answer is a small fraction"} {
		if !strings.Contains(a, want) {
			t.Errorf("the failure's assumption %q does not say %q", a, want)
		}
	}
}

// An outcome above the stated --max-outcome is the user's assumption
// failing: the fault names the flag, not the referee's output format.
func TestStressOverMaxOutcomeNamesTheAssumption(t *testing.T) {
	for _, tt := range []struct {
		max        float64
		assumption string
	}{
		{2, "--max-outcome"}, // the referee prints 3
		{3, ""},              // within the range: no fault
	} {
		t.Run(fmt.Sprint(tt.max), func(t *testing.T) {
			s := pointsStress(urnSolver(0))
			s.Answer, s.MaxOutcome = answer.Rule{}, tt.max
			s.Solver = Func{Name: "points-sol", Fn: func(_ []string, input []byte) ([]byte, error) {
				a, b := readUrn(input)
				return fmt.Appendf(nil, "%.9f\n", 3*float64(a)/float64(a+b)), nil
			}}
			out, err := s.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			switch f := out.Fault; {
			case tt.assumption == "" && f != nil:
				t.Fatalf("fault %v within the stated range", f)
			case tt.assumption == "":
			case f == nil || f.Assumption != tt.assumption || !strings.Contains(f.Error(), "stated assumption --max-outcome failed"):
				t.Fatalf("fault %+v: want the assumption %s named", f, tt.assumption)
			case !strings.Contains(AssumptionAdvice(f.Assumption), "--brute-distribution"):
				t.Errorf("the advice does not name the way out: %q", AssumptionAdvice(f.Assumption))
			}
		})
	}
	if !errors.Is(&rangeError{line: 1, outcome: 3, hi: 2}, ErrOutsideRange) {
		t.Error("a range error does not wrap ErrOutsideRange")
	}
}

// The chance of a coincidence is part of α: a --max-denominator whose
// chance over the run's inputs would take more than α/2 is lowered to the
// largest that fits, and said; a small one is granted; the statistical
// checks share what is left.
func TestStressReadBackBudget(t *testing.T) {
	for _, tt := range []struct {
		asked  int64
		capped bool
	}{
		{20000, true}, // q ≤ 20000: 0.2 an input, far above 0.005/121
		{40, false},
		{0, false}, // the default, 1e-6 an input
	} {
		t.Run(fmt.Sprint(tt.asked), func(t *testing.T) {
			s := residueStress()
			s.MaxDenominator = tt.asked
			b, err := s.bounds()
			if err != nil {
				t.Fatal(err)
			}
			note := s.ReadBackCapped()
			inputs := float64(s.Cases + DefaultShrinkTries + 1)
			budget := s.budget()
			switch {
			case tt.capped != (note != ""), tt.capped && !strings.Contains(note, "--max-denominator 20000"):
				t.Errorf("capped note %q, want capped %v", note, tt.capped)
			case tt.capped && !(b.D < tt.asked && b.Within(s.Alpha/2/inputs).D == b.D && b.D > 43):
				t.Errorf("denominators up to %d in force, want the largest within α/2 over %v inputs", b.D, inputs)
			case !tt.capped && tt.asked > 0 && b.D != tt.asked:
				t.Errorf("denominators up to %d, want %d as asked", b.D, tt.asked)
			case !(budget.ReadBack > 0 && budget.ReadBack <= s.Alpha/2):
				t.Errorf("the read-back's share %v of α %v", budget.ReadBack, s.Alpha)
			case math.Abs(budget.PerSearch-(s.Alpha-budget.ReadBack)/2/float64(s.Cases)) > 1e-15:
				t.Errorf("per search check %v, want the rest of α over the cases", budget.PerSearch)
			}
		})
	}
	if s := urnStress(); s.budget().ReadBack != 0 {
		t.Error("a float run spends α on read-backs")
	}
}

// With outcomes so large that even integers read back by coincidence
// more often than α grants, nothing is read back: the budget's share is
// 0, and every residue is not judged, never a guess.
func TestStressReadBackOff(t *testing.T) {
	s := pointsStress(fixedResidue(3, 1))
	s.MaxOutcome, s.Cases, s.Alpha = 1e4, 3, 1e-3 // q = 1: 1e-5 an input, above 0.0005/104
	out, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if s.ReadBackOff() == "" || out.Budget.ReadBack != 0 || out.NotJudged != out.Judged || !strings.Contains(out.NotJudgedNote, "not read back") {
		t.Errorf("off %q, share %v, %d of %d not judged (%q): want no read-back", s.ReadBackOff(), out.Budget.ReadBack, out.NotJudged, out.Judged, out.NotJudgedNote)
	}
	if s.MaxOutcome = 100; s.ReadBackOff() != "" {
		t.Errorf("outcomes up to 100: %q, want residues read back", s.ReadBackOff())
	}
}
