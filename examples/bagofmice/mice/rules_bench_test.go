package mice_test

import (
	"fmt"
	"testing"

	"github.com/chancecheck/chancecheck/examples/bagofmice/mice"
	"github.com/chancecheck/chancecheck/rules/engine"
)

// BenchmarkRulesEngine solves bags by the rules, exactly (to
// engine.DefaultExactStates states) and in float64 beyond; states/s counts
// the states explored and solved per second.
func BenchmarkRulesEngine(b *testing.B) {
	for _, n := range []int{10, 30, 50, 100, 300, 1000} {
		for _, mode := range []struct {
			name  string
			exact int
		}{{"exact", 1 << 22}, {"float64", -1}} {
			if mode.exact > 0 && n > 100 {
				continue
			}
			b.Run(fmt.Sprintf("%s/%dx%d", mode.name, n, n), func(b *testing.B) {
				r := mice.Rules(mice.Board{White: n, Black: n})
				states := 0
				for b.Loop() {
					res, err := engine.Solve(r, engine.Options{ExactStates: mode.exact})
					if err != nil {
						b.Fatal(err)
					}
					states = res.States
				}
				b.ReportMetric(float64(states)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
				b.ReportMetric(float64(states), "states")
			})
		}
	}
}
