package main

import (
	"testing"

	"github.com/chancecheck/chancecheck/rules/engine"
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
