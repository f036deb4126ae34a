package main

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/internal/longtest"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/engine"
	"pgregory.net/rapid"
)

// BenchmarkMice solves Bag of mice 1000 1000 (251,003 states, acyclic) in
// float64, exploration included: the figure issue 23 asks to be at least
// 2,000,000 states a second.
func BenchmarkMice(b *testing.B) {
	r := mice(1000, 1000)
	var res engine.Result[miceState]
	for b.Loop() {
		var err error
		if res, err = engine.Solve(r, engine.Options{ExactStates: -1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(res.States)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
}

// backToStartGame is the one-player game of issue 28 as a user defines it
// for check: boards of n squares and a die of m faces, judged to an
// absolute 1e-3 (the user's tolerance), answered by the engine.
func backToStartGame(maxError float64) props.Game {
	return props.FromRules(props.Spec[[2]int]{
		Name:      "backtostart",
		Parse:     func(io.Reader, string) ([][2]int, error) { return nil, nil },
		Write:     func(io.Writer, [][2]int) error { return nil },
		Generator: rapid.Just([2]int{100, 6}),
		Outcome:   props.Count,
		Tolerance: props.Tolerance{Abs: 1e-3},
	}, props.RulesOf[[2]int, int]{
		Rules:    func(b [2]int) rules.Rules[int] { return BackToStartBoard(b[0], b[1], 10).Rules() },
		MaxError: maxError,
	})
}

// Issue 28's targets for the one-player game, which were a refusal and
// 150 s: the board of 100,000 squares and a die of 10, whose float64
// bound (about 1.4e-5) is far within the game's tolerance of 1e-3, is
// judged by default, and refused (nobody can judge it, naming the flag)
// only when --engine-max-error asks for 1e-10; the board of 5,028 squares
// is solved in float64, the cost model having turned down the exact solve
// of its cycle of 4,968 states. No time is asserted: BENCHMARKS.md has the
// figures.
func TestBackToStartTargets(t *testing.T) {
	longtest.Skip(t, "solves a cycle of 98,991 states twice")
	sol, err := backToStartGame(0).Answer([2]int{100_000, 10})
	if err != nil || sol.Fraction != nil || sol.Value < 1000 {
		t.Errorf("N = 100,000, M = 10 at a tolerance of 1e-3: %v (%v), %v; want a float64 answer", sol.Value, sol.Fraction, err)
	}
	if _, err := backToStartGame(1e-10).Answer([2]int{100_000, 10}); !errors.Is(err, props.ErrCannotJudge) || !strings.Contains(err.Error(), "--engine-max-error") {
		t.Errorf("--engine-max-error 1e-10: %v; want a board nobody can judge, naming the flag", err)
	}
	res, err := engine.Solve(BackToStartBoard(5028, 6, 10).Rules(), engine.Options{})
	if err != nil || res.Method != "float64" || res.LargestCycle != 4968 {
		t.Errorf("5,028 squares: %s, a cycle of %d, %v; want float64 and a cycle of 4,968", res.Method, res.LargestCycle, err)
	}
}

// BenchmarkBackToStart solves issue 28's one-player board of 5,028
// squares and a die of 6 (a cycle of 4,968 states), exploration included:
// the target is at most 5 s (it was over 150 s solved exactly).
func BenchmarkBackToStart(b *testing.B) {
	r := BackToStartBoard(5028, 6, 10).Rules()
	var res engine.Result[int]
	for b.Loop() {
		var err error
		if res, err = engine.Solve(r, engine.Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(res.ErrorBound, "bound")
}

// BenchmarkTwoDicePig solves two-dice Pig to 100 (one cycle of 867,374
// states, two players), exploration included: issue 28's target is at
// most 10 s and 600 MB.
func BenchmarkTwoDicePig(b *testing.B) {
	r := twoDicePig(100)
	for b.Loop() {
		if _, err := engine.Solve(r, engine.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
