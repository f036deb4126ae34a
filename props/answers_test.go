package props

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/answer"
	"pgregory.net/rapid"
)

// residueDieSpec is a die of s sides (one input, "s"), whose answer, the
// chance of rolling a 1, is 1/s printed modulo 998244353.
func residueDieSpec() Spec[int] {
	return Spec[int]{
		Name: "die",
		Parse: func(r io.Reader, file string) ([]int, error) {
			var s int
			if _, err := fmt.Fscan(r, &s); err != nil || s < 2 {
				return nil, fmt.Errorf("%s:1: want a number of sides ≥ 2", file)
			}
			return []int{s}, nil
		},
		Write:      func(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err },
		Generator:  rapid.IntRange(2, 40),
		Solve:      func(s int) (Solution, error) { return Solution{Value: 1 / float64(s)}, nil },
		Fraction:   func(s int) (*big.Rat, error) { return big.NewRat(1, int64(s)), nil },
		Play:       func(s int, rng *rand.Rand) (int, error) { return btoi(rng.IntN(s) == 0), nil },
		AnswerKind: answer.Residue, Modulus: 998244353,
	}
}

// residueLines prints each board's 1/s modulo 998244353, plus plus.
func residueLines(boards []Board, plus int64) string {
	var b strings.Builder
	for _, x := range boards {
		r, _ := answer.ResidueOf(big.NewRat(1, int64(x.(int))), 998244353)
		fmt.Fprintln(&b, (r+plus)%998244353)
	}
	return b.String()
}

// A game that declares its answer a residue is judged exactly: the right
// residues pass, residues off by one fail on the first board, and a float
// game whose solver prints residues is told they may be.
func TestCrossCheckResidue(t *testing.T) {
	tests := []struct {
		name    string
		float   bool
		plus    int64
		verdict Verdict
		detail  string
	}{
		{"right residues", false, 0, Accepted, ""},
		{"off by one", false, 1, WrongAnswer, "compared exactly"},
		{"residues for a float game", true, 0, WrongAnswer, "hint: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := residueDieSpec()
			if tt.float {
				s.AnswerKind, s.Modulus = answer.Float, 0
			}
			g := Define(s)
			solver := &fakeSolver{game: g, answer: func(boards []Board, _ []Solution) (string, RunResult) {
				return residueLines(boards, tt.plus), RunResult{}
			}}
			out, err := (&CrossCheck{Game: g, Solver: solver, Cases: 30, Seed: 1, ShrinkTime: 1}).Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.verdict == Accepted && out.Failed():
				t.Fatalf("the right residues failed: %+v", out.First)
			case tt.verdict != Accepted && (!out.Failed() || out.First.Verdict != tt.verdict || out.FirstBoard != 0):
				t.Fatalf("first %+v on board %d; want %v on board 0", out.First, out.FirstBoard, tt.verdict)
			case tt.verdict != Accepted && !strings.Contains(out.First.Detail, tt.detail):
				t.Errorf("detail %q does not say %q", out.First.Detail, tt.detail)
			}
			if tt.verdict == WrongAnswer && !tt.float {
				b := out.First.Boards[0].(int)
				r, _ := answer.ResidueOf(big.NewRat(1, int64(b)), 998244353)
				if got, want := out.First.ExactText(g), fmt.Sprintf("%d (= 1/%d mod 998244353)", r, b); got != want || out.First.OursText != fmt.Sprintf("%d\n", r) {
					t.Errorf("our answer %q, exact %q; want %d and %q", out.First.OursText, got, r, want)
				}
			}
		})
	}
}

// A board whose fraction has no residue cannot be judged; a Spec that
// mixes an exact kind with a tolerance is refused.
func TestResidueSpec(t *testing.T) {
	s := residueDieSpec()
	s.Modulus = 7
	if _, err := Define(s).Answer(7); !errors.Is(err, ErrCannotJudge) || !errors.Is(err, answer.ErrNoResidue) {
		t.Errorf("1/7 modulo 7: %v, want ErrCannotJudge and ErrNoResidue", err)
	}
	if sol, err := Define(s).Answer(6); err != nil || sol.Exact.String() != "6" { // 6·6 = 36 ≡ 1 (mod 7)
		t.Errorf("1/6 modulo 7: %v, %v; want 6", sol.Exact, err)
	}
	for name, change := range map[string]func(*Spec[int]){
		"a tolerance":            func(s *Spec[int]) { s.Tolerance = Tolerance{Abs: 1e-9} },
		"a modulus not prime":    func(s *Spec[int]) { s.Modulus = 1000000008 },
		"a modulus with a float": func(s *Spec[int]) { s.AnswerKind = answer.Float },
	} {
		s := residueDieSpec()
		change(&s)
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: Define accepted it", name)
				}
			}()
			Define(s)
		}()
	}
	s = residueDieSpec()
	s.Fraction = nil
	if _, err := Define(s).Answer(6); err == nil || !strings.Contains(err.Error(), "needs the exact fraction") {
		t.Errorf("no fraction: %v", err)
	}
}

// TestExactAgreesNotThroughFloat checks that a fraction is judged as
// itself: on a 3-sided die the answer is 1/3, and 6004799503160661/2⁵⁴ —
// the float64 nearest 1/3 (0x3FD5555555555555: mantissa 0x15555555555555
// = 6004799503160661 over 2⁵⁴), hand-derived — is another fraction, a
// wrong answer with an error score of +Inf, though the two share a float64.
// A Go solver's float64 for the same answer (CheckSolver) is accepted: it
// is as near as a float64 gets.
func TestExactAgreesNotThroughFloat(t *testing.T) {
	s := residueDieSpec()
	s.AnswerKind, s.Modulus = answer.Fraction, 0
	g := Define(s)
	sol, err := g.Answer(3)
	if err != nil {
		t.Fatal(err)
	}
	read := func(out string) answer.Value {
		t.Helper()
		v, err := g.ParseAnswers([]byte(out), 1)
		if err != nil {
			t.Fatalf("ParseAnswers(%q): %v", out, err)
		}
		return v[0]
	}
	right, near := read("2/6\n"), read("6004799503160661/18014398509481984\n")
	if near.Float64() != 1.0/3 {
		t.Fatalf("%s is %v as a float64, want 1/3's", near, near.Float64())
	}
	tests := []struct {
		name   string
		theirs answer.Value
		want   bool
	}{
		{"the fraction", right, true},
		{"another fraction of the same float64", near, false},
		{"a Go solver's float64", answer.FloatValue(1.0 / 3), true},
		{"a float64 one ulp off", answer.FloatValue(math.Nextafter(1.0/3, 1)), false},
	}
	for _, tt := range tests {
		if got := g.Agrees(sol, tt.theirs, true); got != tt.want {
			t.Errorf("%s: Agrees(1/3, %s) = %v, want %v", tt.name, tt.theirs, got, tt.want)
		}
		score, want := ErrorScore(g, true, sol, tt.theirs, true), 0.0
		if !tt.want {
			want = math.Inf(1)
		}
		if score != want {
			t.Errorf("%s: ErrorScore = %v, want %v", tt.name, score, want)
		}
	}
}
