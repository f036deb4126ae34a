package specs

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/props"
)

// BenchmarkCrossCheckWrongSolvers runs the check on each planted slip with
// seeds 1..b.N and reports the median time to the first failure, the
// median shrinking time and the median size of the shrunk board:
//
//	go test ./props -run '^$' -bench CrossCheckWrongSolvers -benchtime 3x
func BenchmarkCrossCheckWrongSolvers(b *testing.B) {
	for _, tc := range e2eCases() {
		if !tc.wrong {
			continue
		}
		b.Run(tc.name(), func(b *testing.B) {
			var ttf, shrink []time.Duration
			var sizes []time.Duration // board sizes, sorted with the same helper
			var desc string
			for i := 0; i < b.N; i++ {
				cc := &props.CrossCheck{
					Game:   tc.game,
					Solver: &props.ProcessSolver{Argv: append([]string{solverBin(b, tc.solver)}, tc.args...), Timeout: 10 * time.Second},
					Cases:  500, Seed: uint64(i + 1), Time: time.Minute, ShrinkTime: props.DefaultShrinkTime,
				}
				out, err := cc.Run(context.Background())
				if err != nil {
					b.Fatal(err)
				}
				if out.First == nil {
					b.Fatalf("seed %d: not caught", i+1)
				}
				ttf = append(ttf, out.TimeToFailure)
				shrink = append(shrink, out.Shrink.Elapsed)
				n, d := boardSize(out.First.Boards[0])
				sizes = append(sizes, time.Duration(n))
				desc = d
			}
			b.ReportMetric(float64(medianDuration(ttf).Microseconds())/1000, "ms-to-failure")
			b.ReportMetric(medianDuration(shrink).Seconds(), "s-shrinking")
			b.ReportMetric(float64(medianDuration(sizes)), desc)
		})
	}
}

// boardSize measures a shrunk board in the unit that matters for its game.
func boardSize(b props.Board) (int, string) {
	switch v := b.(type) {
	case snakes.Board:
		return len(v.Jumps), "jumps"
	case patience.Deal:
		sorted, moved := patience.SortedDeck(), 0
		for p := range v {
			for i := range v[p] {
				if v[p][i] != sorted[p][i] {
					moved++
				}
			}
		}
		return moved, "cards-off-sorted"
	case *traps.Maze:
		return v.M() * v.N(), "cells"
	case jenga.Tower:
		return len(v.Levels), "levels"
	}
	return 0, fmt.Sprintf("%T", b)
}

// BenchmarkCrossCheckThroughput checks correct contest-style solvers (run
// as processes) on generated boards with 1 and 2 jobs and reports boards a
// second; with -cpuprofile it shows where the check process spends its
// time (BENCHMARKS.md, "check overhead ratio", has the figures with the C++
// baselines through the CLI; the 1-against-2-jobs table is in its git history):
//
//	go test ./props -run '^$' -bench CrossCheckThroughput -benchtime 2000x
func BenchmarkCrossCheckThroughput(b *testing.B) {
	for _, tc := range e2eCases() {
		if tc.wrong || len(tc.args) > 0 {
			continue
		}
		for _, jobs := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/jobs=%d", tc.game.Name(), jobs), func(b *testing.B) {
				cc := &props.CrossCheck{
					Game:   tc.game,
					Solver: &props.ProcessSolver{Argv: []string{solverBin(b, tc.solver)}, Timeout: 10 * time.Second},
					Cases:  b.N, Seed: 1, Jobs: jobs,
				}
				b.ResetTimer()
				out, err := cc.Run(context.Background())
				if err != nil {
					b.Fatal(err)
				}
				if out.Failed() {
					b.Fatalf("a correct solver failed: %s on %s", out.First.Verdict, out.First.Source)
				}
				b.ReportMetric(float64(out.Generated)/b.Elapsed().Seconds(), "boards/s")
			})
		}
	}
}
