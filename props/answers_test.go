package props

import (
	"context"
	"errors"
	"fmt"
	"io"
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
