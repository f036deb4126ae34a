package props

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/answer"
)

// ruleJudge is a Judge whose rule is accepts(ours, theirs).
type ruleJudge func(ours, theirs float64) bool

func (ruleJudge) ParseAnswers([]byte, int) ([]answer.Value, error) { return nil, nil }
func (j ruleJudge) Agrees(ours Solution, theirs answer.Value, _ bool) bool {
	return j(ours.Value, theirs.Float64())
}

// tolJudge judges by a Tolerance.
func tolJudge(t Tolerance) Judge {
	return ruleJudge(func(ours, theirs float64) bool { return t.Accepts(ours, theirs) })
}

// TestErrorScore checks the error score against hand-derived cases: the
// error allowed at ours is max(Abs, Rel·|ours|) for a Tolerance (the zero
// one is 1e-6 of either), so the score is |theirs − ours| over it.
func TestErrorScore(t *testing.T) {
	both := Tolerance{Abs: 1e-6, Rel: 1e-6}
	// asymmetric accepts [ours − 1e-3, ours + 2e-3]: each side has its own tolerance.
	asymmetric := ruleJudge(func(ours, theirs float64) bool { return theirs >= ours-1e-3 && theirs <= ours+2e-3 })
	tests := []struct {
		name         string
		judge        Judge
		exact        bool
		ours, theirs float64
		want         float64 // +Inf: only the exact value passes
	}{
		{"equal", tolJudge(both), false, 0.5, 0.5, 0},
		{"relative rule at 100: 5e-5 of 1e-4 allowed", tolJudge(both), false, 100, 100 + 5e-5, 0.5},
		{"absolute rule at 0.5: 9.3e-7 of 1e-6 allowed", tolJudge(both), false, 0.5, 0.5 - 9.3e-7, 0.93},
		{"the zero Tolerance is 1e-6 of either", tolJudge(Tolerance{}), false, 2, 2 + 1.5e-6, 0.75},
		{"wrong: twice the absolute 1e-3", tolJudge(Tolerance{Abs: 1e-3}), false, 0, 2e-3, 2},
		{"relative only at 0: nothing but 0 passes", tolJudge(Tolerance{Rel: 1e-6}), false, 0, 1e-300, math.Inf(1)},
		{"not a number", tolJudge(both), false, 1, math.NaN(), math.Inf(1)},
		{"above, on the wide side", asymmetric, false, 1, 1 + 1e-3, 0.5},
		{"below, on the narrow side", asymmetric, false, 1, 1 - 0.5e-3, 0.5},
		{"exact kind, right", ruleJudge(func(o, t float64) bool { return o == t }), true, 7, 7, 0},
		{"exact kind, wrong by one", ruleJudge(func(o, t float64) bool { return o == t }), true, 7, 8, math.Inf(1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ErrorScore(tt.judge, tt.exact, Solution{Value: tt.ours}, answer.FloatValue(tt.theirs), false)
			switch {
			case math.IsInf(tt.want, 1):
				if !math.IsInf(got, 1) {
					t.Errorf("score %v, want +Inf", got)
				}
			case math.Abs(got-tt.want) > 2e-4*max(1, tt.want):
				t.Errorf("score %v, want %v", got, tt.want)
			}
		})
	}
}

// almostWrong is a coins solver that is off by share of the tolerance at
// each answer on boards with a coin of 90..99 (1e-6, absolute or relative:
// max(1e-6, 1e-6·|v|)), and right on the others.
func almostWrong(share float64) *fakeSolver {
	return &fakeSolver{game: coins(), answer: func(b []Board, s []Solution) (string, RunResult) {
		return coinLines(s, func(i int, s Solution) string {
			if hasCoin(b[i], 90, 99) {
				return fmt.Sprint(s.Value + share*max(1e-6, 1e-6*math.Abs(s.Value)))
			}
			return fmt.Sprint(s.Value)
		}), RunResult{}
	}}
}

// TestCrossCheckClosest checks that a passing check shows its closest call
// — a planted solver off by 0.8 of the tolerance on some boards — and
// that the list is the same whatever Jobs is.
func TestCrossCheckClosest(t *testing.T) {
	var lists []string
	for _, jobs := range []int{1, 3} {
		cc := &CrossCheck{Game: coins(), Solver: almostWrong(0.8), Cases: 200, Seed: 3, Jobs: jobs, Batch: 7}
		out, err := cc.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if out.Failed() {
			t.Fatalf("jobs %d: an answer within the tolerance failed: %v", jobs, out.First.Detail)
		}
		w := out.Closest.Worst()
		if w == nil || math.Abs(w.Score-0.8) > 0.01 || !strings.HasPrefix(w.Source, "generated board ") {
			t.Fatalf("jobs %d: worst call %+v, want 0.8 of the tolerance on a generated board", jobs, w)
		}
		if out.Closest.Scored != out.Samples+out.Generated {
			t.Errorf("jobs %d: %d answers scored of %d judged", jobs, out.Closest.Scored, out.Samples+out.Generated)
		}
		if len(out.Closest.Slowest) == 0 {
			t.Errorf("jobs %d: no run in the time list", jobs)
		}
		var b strings.Builder
		for _, c := range out.Closest.Error {
			fmt.Fprintf(&b, "%s %v %q\n", c.Source, c.Score, c.Input)
		}
		lists = append(lists, b.String())
	}
	if lists[0] != lists[1] {
		t.Errorf("the closest answers depend on Jobs:\njobs 1:\n%sjobs 3:\n%s", lists[0], lists[1])
	}
}
