package exact

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/jenga"
)

// readJengaTower reads file: the published sample (jenga.Samples) or a
// bench input.
func readJengaTower(tb testing.TB, file string) jenga.Tower {
	tb.Helper()
	in, ok := sampleInput(jenga.Samples(), strings.TrimSuffix(file, ".in"))
	if !ok {
		in = string(benchInput(tb, "jenga", file))
	}
	tw, err := jenga.Parse(strings.NewReader(in), file)
	if err != nil {
		tb.Fatal(err)
	}
	return tw
}

// BenchmarkExactJenga solves the published sample, the spec's bench tower
// and the slowest of 400 random towers of six levels, reporting the number
// of canonical states solved.
func BenchmarkExactJenga(b *testing.B) {
	for _, tc := range []struct{ name, file string }{
		{"sample", "sample.in"},
		{"bench-n6-mixed", "bench-n6-mixed.in"},
		// The slowest of 400 random towers of six levels (most states).
		{"slow-n6", "slow-n6.in"},
	} {
		tw := readJengaTower(b, tc.file)
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			var states int
			for b.Loop() {
				sol, err := SolveJenga(tw)
				if err != nil {
					b.Fatal(err)
				}
				states = sol.States()
			}
			b.ReportMetric(float64(states), "states")
		})
	}
}

// BenchmarkExactJengaCold solves slow-n6 as the first solve of a process
// would: the scratch pool is emptied (two garbage collections, outside the
// timing) before every solve, so its buffers are allocated afresh.
func BenchmarkExactJengaCold(b *testing.B) {
	tw := readJengaTower(b, "slow-n6.in")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		runtime.GC()
		runtime.GC() // a sync.Pool keeps its items through one collection
		b.StartTimer()
		if _, err := SolveJenga(tw); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExactJengaPMF is the distribution of throws under the optimal
// policy, on top of the solve (which it excludes).
func BenchmarkExactJengaPMF(b *testing.B) {
	sol, err := SolveJenga(readJengaTower(b, "sample.in"))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := sol.PMF(1e-12); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExactJengaByLevels solves 100 random uniform towers of each
// height (a fixed seed per height) per op and reports the smallest, median
// and largest number of canonical states: the state counts per n.
func BenchmarkExactJengaByLevels(b *testing.B) {
	for n := jenga.MinLevels; n <= JengaMaxLevels; n++ {
		rng := rand.New(rand.NewPCG(7, uint64(n)))
		towers := make([]jenga.Tower, 100)
		for i := range towers {
			towers[i] = jenga.Tower{Levels: make([]jenga.Level, n)}
			for l := range towers[i].Levels {
				for p := range 3 {
					towers[i].Levels[l][p] = jenga.Colour(1 + rng.IntN(3))
				}
			}
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			states := make([]int, len(towers))
			for b.Loop() {
				for i, tw := range towers {
					sol, err := SolveJenga(tw)
					if err != nil {
						b.Fatal(err)
					}
					states[i] = sol.States()
				}
			}
			slices.Sort(states)
			b.ReportMetric(float64(states[0]), "min-states")
			b.ReportMetric(float64(states[len(states)/2]), "median-states")
			b.ReportMetric(float64(states[len(states)-1]), "max-states")
		})
	}
}
