package engine

import (
	"fmt"
	"testing"
)

// BenchmarkRestartGame solves bigRestartGame boards, one cycle of tens of
// thousands of states through one hub, in float64 with a proved bound
// (the bound is reported beside the time: issue 23 asks for ≤ 1e-9 on
// ≥ 50,000 states in ≤ 2 s).
func BenchmarkRestartGame(b *testing.B) {
	for _, n := range []int{50, 70} {
		limit := 500
		for i := range n {
			limit += 10 + i%37
		}
		b.Run(fmt.Sprintf("levels-%d", n), func(b *testing.B) {
			r := bigRestartGame(n, limit)
			var res Result[int]
			for b.Loop() {
				var err error
				if res, err = Solve(r, Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(res.States), "states")
			b.ReportMetric(res.ErrorBound*1e12, "bound/1e-12")
		})
	}
}

// BenchmarkSolveModuloChain solves a walk of a million states (one cycle,
// banded in the order of exploration) modulo 998244353, exploration
// included.
func BenchmarkSolveModuloChain(b *testing.B) {
	r := birthDeath(1_000_000, 0, 3, 2, 0)
	for b.Loop() {
		if _, err := SolveModulo(r, judgePrime, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
