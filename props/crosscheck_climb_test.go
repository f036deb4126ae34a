package props

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/internal/longtest"
)

// driftingOnHighCoins answers the exact value off by a relative
// 1.5e-6·(h/8)², h the board's coins of chance 90 or more: the error
// rises with h, past the 1e-6 tolerance from h = 7 on. Of uniform boards
// (up to 12 coins, each of 99 chances) some 1 in 20,000 has h ≥ 7: a
// precision slip that shows only on rare boards, whose error says how
// near a board is.
var driftingOnHighCoins = offOnHighCoins(func(h int) float64 { return 1.5e-6 * float64(h*h) / 64 })

// offOnHighCoins answers each board's exact value off by the relative
// error rel(h), h the board's high coins (highCoins).
func offOnHighCoins(rel func(h int) float64) func([]Board, []Solution) (string, RunResult) {
	return func(b []Board, s []Solution) (string, RunResult) {
		return coinLines(s, func(i int, s Solution) string {
			return fmt.Sprint(s.Value * (1 + rel(highCoins(b[i]))))
		}), RunResult{}
	}
}

// climbRecord is a searchRecord with what the climber drew.
type climbRecord struct {
	searchRecord
	Climbed map[Target]int
	By      *Climbed
}

func recordClimb(t *testing.T, cc *CrossCheck) climbRecord {
	t.Helper()
	var by *Climbed
	var climbed map[Target]int
	rec := recordSearchResult(t, cc, func(out *Result) {
		climbed = out.Climbed
		if f := out.Found; f != nil {
			by = f.Climbed
		} else if f := out.First; f != nil {
			by = f.Climbed
		}
	})
	return climbRecord{searchRecord: rec, Climbed: climbed, By: by}
}

// slowOnHighCoins answers right, but its CPU time grows fourfold with
// each coin of chance 90 or more on a board (4^h µs, h such coins, after
// a 1 ms start-up), over a 10 ms limit from h = 7 on: a board of 1 in
// 20,000 (driftingOnHighCoins). A right but slow solver whose time says
// how near a board is.
func slowOnHighCoins(b []Board, s []Solution) (string, RunResult) {
	cpu := highCoinsCPU(b)
	if cpu > 10*time.Millisecond {
		return "", RunResult{TimedOut: true, CPU: cpu}
	}
	return coinLines(s, func(_ int, s Solution) string { return fmt.Sprint(s.Value) }), RunResult{CPU: cpu}
}

// highCoinsCPU is slowOnHighCoins' CPU time on boards b: 1 ms of
// start-up and 4^h µs a board, h its high coins.
func highCoinsCPU(b []Board) time.Duration {
	cpu := time.Millisecond
	for _, x := range b {
		cpu += time.Duration(1<<(2*highCoins(x))) * time.Microsecond
	}
	return cpu
}

// TestCrossCheckClimbFindsRareSlips is the climber's planted-bug test,
// one slip a target: a precision slip that 1,200 uniform boards miss is
// found by climbing the error score, and a right but slow solver that
// 4,000 uniform boards do not time out is timed out by climbing its CPU
// time (its batches of 10 narrowed to their slowest board first: a
// batch's time does not say which board took it), each on a board the
// climber drew toward that target with that target alone, and on a board
// the climber drew with every target (toward size too: both slips live
// on boards with many coins).
func TestCrossCheckClimbFindsRareSlips(t *testing.T) {
	t.Parallel() // its failures are climbed, shrunk without rapid: see parallel_test.go
	for _, slip := range []struct {
		name   string
		answer func([]Board, []Solution) (string, RunResult)
		cases  int
		batch  int
		target Target
		seed   uint64
	}{
		{"precision", driftingOnHighCoins, 1200, 10, ClimbError, 3},
		// Climbing its CPU time alone times out the slow solver within
		// 4,000 uniform boards under 4 of seeds 1–8 (3 among them; 5 before
		// a slot that comes to nothing counted toward staleness, seed 1
		// lost), every target together under 8; uniform boards alone miss
		// it under all 8.
		{"slow", slowOnHighCoins, 4000, 10, ClimbTime, 3},
	} {
		for _, tt := range []struct {
			climb Target
			want  bool
		}{{0, false}, {slip.target, true}, {ClimbAll, true}} {
			cc := &CrossCheck{Game: coins(), Solver: &fakeSolver{game: coins(), answer: slip.answer},
				Cases: slip.cases, Seed: slip.seed, Batch: slip.batch, Jobs: 2, Climb: tt.climb, ShrinkTime: 5 * time.Second}
			rec := recordClimb(t, cc)
			t.Logf("%s, climb %v: generated %d, climbed %v, by %+v, first %.60q", slip.name, tt.climb, rec.Generated, rec.Climbed, rec.By, rec.First)
			switch {
			case tt.want && (rec.First == "" || rec.By == nil || tt.climb == slip.target && rec.By.Target != slip.target):
				t.Errorf("%s, climb %v: not found by climbing toward %s (first %q, by %+v, climbed %v)", slip.name, tt.climb, slip.target.Goal(), rec.First, rec.By, rec.Climbed)
			case !tt.want && rec.First != "":
				t.Errorf("%s, climb %v: uniform boards found it (%q): the slip is not rare enough to show the climber", slip.name, tt.climb, rec.First)
			case !tt.want && len(rec.Climbed) > 0:
				t.Errorf("%s, climb %v: climbed %v", slip.name, tt.climb, rec.Climbed)
			}
		}
	}
}

// TestCrossCheckClimbJobsChangeNothing checks that climbing the error
// score draws the same boards and finds the same first failure whatever
// Jobs is: its plans are made from the results in the inputs' order.
func TestCrossCheckClimbJobsChangeNothing(t *testing.T) {
	t.Parallel() // its failures are climbed, shrunk without rapid: see parallel_test.go
	for _, keepGoing := range []bool{false, true} {
		var want climbRecord
		for _, jobs := range []int{1, 3, 8} {
			solver := &jitterSolver{Runner: &fakeSolver{game: coins(), answer: driftingOnHighCoins}}
			cc := &CrossCheck{Game: coins(), Solver: solver, Cases: 600, Seed: 3, Batch: 10, Jobs: jobs,
				KeepGoing: keepGoing, Climb: ClimbError, ShrinkTime: 5 * time.Second}
			got := recordClimb(t, cc)
			if jobs == 1 {
				if len(got.Climbed) == 0 {
					t.Fatal("nothing was climbed")
				}
				want = got
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("keep going %v, jobs %d:\n%+v\njobs 1:\n%+v", keepGoing, jobs, got, want)
			}
		}
	}
}

// noisyUsage reports a random CPU time and memory peak for every run, as
// a busy machine would, from its own seeded stream; with jitter, the
// run's own CPU time scaled by a random 0.7–1.3 instead.
type noisyUsage struct {
	Runner
	jitter bool
	mu     sync.Mutex
	rng    *rand.Rand
}

func (n *noisyUsage) Run(ctx context.Context, input []byte) (RunResult, error) {
	res, err := n.Runner.Run(ctx, input)
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.jitter {
		res.CPU = time.Duration(float64(res.CPU) * (0.7 + 0.6*n.rng.Float64()))
	} else {
		res.CPU = time.Duration(1+n.rng.IntN(5000)) * time.Microsecond
	}
	res.PeakRSS = int64(1<<20 + n.rng.IntN(1<<20))
	return res, err
}

// TestCrossCheckClimbErrorIgnoresMeasurements checks that with every
// target climbed, what the error score climbs does not depend on the CPU
// times and memory peaks measured: under different noise the error
// score's boards, and the failure they find, are the same.
func TestCrossCheckClimbErrorIgnoresMeasurements(t *testing.T) {
	t.Parallel() // its failures are climbed, shrunk without rapid: see parallel_test.go
	var want climbRecord
	for noise := range uint64(3) {
		solver := &noisyUsage{Runner: &fakeSolver{game: coins(), answer: driftingOnHighCoins}, rng: rand.New(rand.NewPCG(noise, 9))}
		cc := &CrossCheck{Game: coins(), Solver: solver, Cases: 1200, Seed: 3, Batch: 10, Jobs: 2,
			Climb: ClimbAll, ShrinkTime: 5 * time.Second}
		rec := recordClimb(t, cc)
		got := climbRecord{searchRecord: searchRecord{First: rec.First}, By: rec.By, Climbed: map[Target]int{ClimbError: rec.Climbed[ClimbError]}}
		if rec.By == nil || rec.By.Target != ClimbError {
			t.Fatalf("noise %d: not found by climbing the error score: by %+v, first %.80q", noise, rec.By, rec.First)
		}
		if noise == 0 {
			want = got
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("noise %d:\n%+v\nnoise 0:\n%+v", noise, got, want)
		}
	}
}

// TestCrossCheckClimbNoFalseAlarms checks the budget under climbing
// (docs/statistics.md, "Climbing and the budget"): a correct solver, every
// target climbed, over many seeds, fails no answer and no coverage goal.
// An exact comparison cannot be moved by how a board was chosen; the
// coverage test, the one statistical test of a check, counts the uniform
// stream's boards alone, so its α holds as without climbing. With α = 1e-6
// over the goals a single false alarm in 60 runs (CHANCECHECK_LONG=1; 12
// otherwise) would be a fault.
func TestCrossCheckClimbNoFalseAlarms(t *testing.T) {
	t.Parallel() // nothing fails, nothing shrinks: see parallel_test.go
	seeds := 12
	if longtest.Enabled() {
		seeds = 60
	}
	exactly := func(_ []Board, s []Solution) (string, RunResult) {
		return coinLines(s, func(_ int, s Solution) string { return fmt.Sprint(s.Value) }), RunResult{CPU: time.Millisecond}
	}
	climbed := 0
	for seed := range uint64(seeds) {
		cc := &CrossCheck{Game: coins(), Solver: &fakeSolver{game: coins(), answer: exactly},
			Cases: 400, Seed: seed + 1, Batch: 10, Jobs: 2, Climb: ClimbAll}
		out, err := cc.Run(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if out.Failed() || len(out.UnderCovered()) > 0 {
			t.Errorf("seed %d: a false alarm: failure %v, under-covered %v", seed+1, out.First, out.UnderCovered())
		}
		for _, n := range out.Climbed {
			climbed += n
		}
		if sum := sumCounts(out.Classes); sum != out.Generated {
			t.Errorf("seed %d: %d boards in coverage classes and %d climbed of %d judged", seed+1, sum, out.climbedTotal(), out.Generated)
		}
	}
	if climbed == 0 {
		t.Error("nothing was climbed: the test shows nothing")
	}
}

func sumCounts(m map[string]int) int {
	n := 0
	for _, k := range m {
		n += k
	}
	return n
}

// TestParseTargets reads --climb's values, each hand-written.
func TestParseTargets(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Target
		ok   bool
	}{
		{"all", ClimbAll, true},
		{"none", 0, true},
		{"error", ClimbError, true},
		{"time,memory", ClimbTime | ClimbMemory, true},
		{" error , time ", ClimbError | ClimbTime, true},
		{"speed", 0, false},
		{"error,", 0, false},
	} {
		got, err := ParseTargets(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseTargets(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
		if tt.ok {
			if back, _ := ParseTargets(got.String()); back != got {
				t.Errorf("%v does not read back: %v", got, back)
			}
		}
	}
}

// TestCrossCheckClimbKeepsTheUniformStream checks that climbing takes no
// uniform board: the climbing slots are inputs of their own, so a run of
// Cases boards judges the same uniform boards (the same classes, as many)
// with climbing as without, and its climbed boards on top.
func TestCrossCheckClimbKeepsTheUniformStream(t *testing.T) {
	right := func(_ []Board, s []Solution) (string, RunResult) {
		return coinLines(s, func(_ int, s Solution) string { return fmt.Sprint(s.Value) }), RunResult{CPU: time.Millisecond}
	}
	run := func(climb Target) climbRecord {
		return recordClimb(t, &CrossCheck{Game: coins(), Solver: &fakeSolver{game: coins(), answer: right},
			Cases: 400, Seed: 5, Batch: 10, Jobs: 2, Climb: climb})
	}
	uniform, climbing := run(0), run(ClimbAll)
	climbed := 0
	for _, n := range climbing.Climbed {
		climbed += n
	}
	if climbed == 0 {
		t.Fatal("nothing climbed: the test shows nothing")
	}
	if climbing.Generated != uniform.Generated || !reflect.DeepEqual(climbing.Classes, uniform.Classes) {
		t.Errorf("climbing: %d generated, %d climbed, classes %v; uniform: %d generated, classes %v: want the same uniform boards",
			climbing.Generated, climbed, climbing.Classes, uniform.Generated, uniform.Classes)
	}
}

// climbedTotal is how many climbed boards were judged.
func (r *Result) climbedTotal() int {
	n := 0
	for _, k := range r.Climbed {
		n += k
	}
	return n
}
