package exact

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/games/traps"
)

// readMaze reads file: a sample (traps.Samples) or a bench input.
func readMaze(t testing.TB, file string) *traps.Maze {
	t.Helper()
	in, ok := sampleInput(traps.Samples(), strings.TrimSuffix(file, ".in"))
	if !ok {
		in = string(benchInput(t, "traps", file))
	}
	z, err := traps.Parse(strings.NewReader(in), file)
	if err != nil {
		t.Fatal(err)
	}
	return z
}

func mazeOf(t testing.TB, text string) *traps.Maze {
	t.Helper()
	z, err := traps.Parse(strings.NewReader(text), "inline")
	if err != nil {
		t.Fatal(err)
	}
	return z
}

// The published samples, and hand-derived cases (derivation beside each).
func TestTrapSurvival(t *testing.T) {
	tests := []struct {
		name  string
		maze  string // inline maze, or "" to read the sample called name
		want  *big.Rat
		print string
	}{
		{"sample1.in", "", big.NewRat(3, 5), "0.600"},
		{"sample2.in", "", big.NewRat(4, 5), "0.800"},
		{"sample3.in", "", big.NewRat(1, 1), "1.000"},
		{"sample4.in", "", big.NewRat(429, 500), "0.858"},
		// One trap between start and exit, harmful with probability 15/16, one life.
		{"sixteenth.in", "", big.NewRat(1, 16), "0.063"},
		// No exit at all.
		{"no exit", "1 2 0 1\n$.\n1\n", big.NewRat(0, 1), "0.000"},
		// A free path: certain.
		{"free path", "1 3 1 1\n$.@\n1 1\n", big.NewRat(1, 1), "1.000"},
		// Exit behind a wall.
		{"walled", "1 3 0 1\n$#@\n1\n", big.NewRat(0, 1), "0.000"},
		// Two lives cross one trap of a certainly harmful kind (weights 0 1).
		{"two lives", "1 3 1 2\n$A@\n0 1\n", big.NewRat(1, 1), "1.000"},
		// ... but not two such traps in a row: 2 steps cost 2 lives.
		{"two traps", "1 4 1 2\n$AA@\n0 1\n", big.NewRat(0, 1), "0.000"},
		// Two routes with different kinds, K=2, weights (none, A, B, both) = 1 1 1 1:
		// try A (1/2 harmless); if harmful, 0 lives left with H=1 → 1/2. With A
		// and B independent and H=1, the choice cannot be repeated: 1/2.
		{"two routes", "3 3 2 1\nA$B\n#.#\n@#@\n1 1 1 1\n", big.NewRat(0, 1), "0.000"},
		{"two routes open", "2 3 2 1\nA$B\n@#@\n1 1 1 1\n", big.NewRat(1, 2), "0.500"},
		// Two lives, two traps in a row each way, kinds independent and fair:
		// try A; harmless (1/2) wins; harmful leaves 1 life, too few for the
		// second A, so go back and try B: harmless with probability 1/2 → 3/4.
		{"two routes two lives", "1 7 2 2\n@AA$BB@\n1 1 1 1\n", big.NewRat(3, 4), "0.750"},
		// The same with A and B always equal (weights 1 0 0 1): after A turns
		// out harmful, B is too → 1/2.
		{"correlated routes", "1 7 2 2\n@AA$BB@\n1 0 0 1\n", big.NewRat(1, 2), "0.500"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var z *traps.Maze
			if tt.maze == "" {
				z = readMaze(t, tt.name)
			} else {
				z = mazeOf(t, tt.maze)
			}
			got, _, err := TrapSurvivalRat(z)
			if err != nil {
				t.Fatal(err)
			}
			if got.Cmp(tt.want) != 0 {
				t.Errorf("exact = %v, want %v", got, tt.want)
			}
			if s := traps.FormatProbability(got, 3); s != tt.print {
				t.Errorf("prints %s, want %s", s, tt.print)
			}
			f, _, err := TrapSurvival(z)
			if want, _ := tt.want.Float64(); err != nil || math.Abs(f-want) > 1e-12 {
				t.Errorf("float = %v (%v), want %v", f, err, want)
			}
		})
	}
}

func TestTrapBenchAnswers(t *testing.T) {
	for _, name := range []string{"traps-30x29-dense-k5-h5", "traps-30x29-dense-k5-h2"} {
		z := readMaze(t, name+".in")
		ans := benchInput(t, "traps", name+".ans")
		got, stats, err := TrapSurvival(z)
		if err != nil {
			t.Fatal(err)
		}
		if s := strings.TrimSpace(string(ans)); math.Abs(got-mustFloat(t, s)) > 0.0005+1e-9 {
			t.Errorf("%s: %v, want %s", name, got, s)
		}
		t.Logf("%s: %.6f %+v", name, got, stats)
	}
}

func mustFloat(t testing.TB, s string) float64 {
	var f float64
	if _, err := fmt.Sscan(s, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

func BenchmarkExactTraps(b *testing.B) {
	for _, name := range []string{"traps-30x29-dense-k5-h5", "traps-30x29-dense-k5-h2"} {
		z := readMaze(b, name+".in")
		b.Run(name, func(b *testing.B) {
			var stats TrapStats
			cpu := cpuTime()
			for b.Loop() {
				_, stats, _ = TrapSurvival(z)
			}
			// CPU time per solve: on a busy shared machine the wall clock
			// per op overstates the solver's own cost.
			b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(stats.Layers), "layers")
			b.ReportMetric(float64(stats.Frontier), "frontier-steps")
		})
	}
}

// cpuTime is the CPU time this process has used, so a benchmark on a shared
// machine can report its own work apart from the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSolveTraps is the full analyst: exact fraction and policy table.
func BenchmarkSolveTraps(b *testing.B) {
	for _, name := range []string{"traps-30x29-dense-k5-h5", "traps-30x29-dense-k5-h2"} {
		z := readMaze(b, name+".in")
		b.Run(name, func(b *testing.B) {
			var sol TrapSolution
			for b.Loop() {
				sol, _ = SolveTraps(z)
			}
			b.ReportMetric(float64(len(sol.Policy)), "policy-situations")
		})
	}
}
