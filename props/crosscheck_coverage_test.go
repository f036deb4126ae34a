package props

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"
)

func TestJudgeCoverage(t *testing.T) {
	tests := []struct {
		name    string
		goal    ClassGoal
		k, n    int
		alpha   float64 // the whole budget, over goals goals
		goals   int
		want    CoverageVerdict
		needed  int     // BoardsNeeded, for TooFewBoards
		pValue  float64 // 0: not checked
		pRelTol float64
	}{
		// P(Bin(1000, 0.5) ≤ 400) = 1.364e-10 (R: pbinom(400, 1000, 0.5)).
		{name: "under", goal: ClassGoal{"x", 0.5}, k: 400, n: 1000, alpha: 1e-6, goals: 1, want: UnderCovered, pValue: 1.3644e-10, pRelTol: 1e-3},
		{name: "a little under is no evidence", goal: ClassGoal{"x", 0.5}, k: 480, n: 1000, alpha: 1e-6, goals: 1, want: CoverageOK},
		{name: "above", goal: ClassGoal{"x", 0.1}, k: 300, n: 1000, alpha: 1e-6, goals: 1, want: CoverageOK},
		// 0.5^20 = 9.54e-7 ≤ 1e-6, but not ≤ 1e-6/2: Bonferroni splits the budget.
		{name: "never, just enough boards", goal: ClassGoal{"x", 0.5}, k: 0, n: 20, alpha: 1e-6, goals: 1, want: UnderCovered},
		{name: "never, budget split over two goals", goal: ClassGoal{"x", 0.5}, k: 0, n: 20, alpha: 1e-6, goals: 2, want: TooFewBoards, needed: 21},
		// (1 − 0.3)^n ≤ 1e-6 from n = 39: 0.7^38 = 1.3e-6, 0.7^39 = 9.1e-7.
		{name: "too few, even if present", goal: ClassGoal{"x", 0.3}, k: 5, n: 10, alpha: 1e-6, goals: 1, want: TooFewBoards, needed: 39},
		{name: "no boards at all", goal: ClassGoal{"x", 0.3}, k: 0, n: 0, alpha: 1e-6, goals: 1, want: TooFewBoards, needed: 39},
		{name: "share 1", goal: ClassGoal{"x", 1}, k: 9, n: 10, alpha: 1e-6, goals: 1, want: UnderCovered, pValue: 1e-300},
		// ln(1e-6)/ln(1 − 1e-6) = 13,815,503.65: 13,815,504 boards, from the
		// closed form, then checked against the test's own tail.
		{name: "a share of one in a million", goal: ClassGoal{"x", 1e-6}, k: 0, n: 100, alpha: 1e-6, goals: 1, want: TooFewBoards, needed: 13815504},
		// ln(1e-6)/1e-15 = 1.4e16 boards, above 2^53: capped there, in no
		// time (the tail's continued fraction takes √n steps a count).
		{name: "a share too small for any run", goal: ClassGoal{"x", 1e-15}, k: 0, n: 100, alpha: 1e-6, goals: 1, want: TooFewBoards, needed: 1 << 53},
		{name: "a share below a float's step from 1", goal: ClassGoal{"x", 1e-19}, k: 0, n: 100, alpha: 1e-6, goals: 1, want: TooFewBoards, needed: 1 << 53},
	}
	for _, tt := range tests {
		goals := []ClassGoal{tt.goal}
		for i := 1; i < tt.goals; i++ {
			goals = append(goals, ClassGoal{fmt.Sprint("other", i), 0.01})
		}
		got := JudgeCoverage(goals, map[string]int{tt.goal.Class: tt.k}, tt.n, tt.alpha)[0]
		if got.Verdict != tt.want || got.BoardsNeeded != tt.needed || got.Alpha != tt.alpha/float64(tt.goals) {
			t.Errorf("%s: %+v; want %s, %d boards needed", tt.name, got, tt.want, tt.needed)
		}
		if tt.pValue > 0 && math.Abs(got.PValue-tt.pValue) > tt.pRelTol*tt.pValue && !(tt.pValue == 1e-300 && got.PValue == 0) {
			t.Errorf("%s: p = %g, want %g", tt.name, got.PValue, tt.pValue)
		}
	}
	if JudgeCoverage(nil, map[string]int{"x": 3}, 3, 1e-6) != nil {
		t.Error("coverage rows for a game without goals")
	}
}

// bitGame is a tiny game whose generator draws 0 or 1 with rapid's
// preference for small values, classed "zero" and "one", with goals.
func bitGame(goals []ClassGoal) Game {
	return Define(Spec[int]{
		Name: "bit",
		Parse: func(r io.Reader, _ string) ([]int, error) {
			var b int
			_, err := fmt.Fscan(r, &b)
			return []int{b}, err
		},
		Write: func(w io.Writer, bs []int) error {
			_, err := fmt.Fprintln(w, bs[0])
			return err
		},
		Generator: rapid.IntRange(0, 1),
		Classify: func(b int) string {
			if b == 0 {
				return "zero"
			}
			return "one"
		},
		Coverage: goals,
		Solve:    func(b int) (Solution, error) { return Solution{Value: float64(b) / 2}, nil },
		Play:     func(b int, rng *rand.Rand) (int, error) { return b * rng.IntN(2), nil },
	})
}

// TestCrossCheckCoverage checks the coverage table of a check: a class
// that never occurs and one far below its goal are under-covered, one
// that reaches its goal is ok, and a goal the boards are too few to judge
// (a small share, or a class never seen) says so, present or not. The
// generator draws about 45% zeros.
func TestCrossCheckCoverage(t *testing.T) {
	g := bitGame([]ClassGoal{{"zero", 0.01}, {"one", 0.98}, {"never", 0.01}})
	correct := &fakeSolver{game: g, answer: func(_ []Board, s []Solution) (string, RunResult) {
		return fmt.Sprintf("%.9f\n", s[0].Value), RunResult{}
	}}
	for _, tt := range []struct {
		cases int
		want  []CoverageVerdict
	}{
		{3000, []CoverageVerdict{CoverageOK, UnderCovered, UnderCovered}},
		{50, []CoverageVerdict{TooFewBoards, UnderCovered, TooFewBoards}},
		{5, []CoverageVerdict{TooFewBoards, CoverageOK, TooFewBoards}},
	} {
		out, err := (&CrossCheck{Game: g, Solver: correct, Cases: tt.cases, Seed: 1, Jobs: 2}).Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if out.Failed() || len(out.Coverage) != 3 || out.CoverageAlpha != DefaultCoverageAlpha {
			t.Fatalf("%d cases: %+v", tt.cases, out)
		}
		for i, c := range out.Coverage {
			if c.Verdict != tt.want[i] {
				t.Errorf("%d cases: %s: %+v, want %s (classes %v)", tt.cases, c.Class, c, tt.want[i], out.Classes)
			}
		}
		if under := out.UnderCovered(); len(under) != countVerdict(tt.want, UnderCovered) {
			t.Errorf("%d cases: under-covered %v", tt.cases, under)
		}
	}
}

func countVerdict(vs []CoverageVerdict, v CoverageVerdict) int {
	n := 0
	for _, x := range vs {
		if x == v {
			n++
		}
	}
	return n
}
