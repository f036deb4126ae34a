package props

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/internal/solverproc"
)

// nearlyOnHighCoins answers within the tolerance, the error rising with
// the coins of chance 90 or more (never past 1e-6): every board scores.
var nearlyOnHighCoins = offOnHighCoins(func(h int) float64 { return 0.8e-6 * float64(h+1) / 13 })

type closestRecord struct {
	Scored  int
	Error   []string
	Largest []string
	Climbed map[Target]int
}

func recordClosest(t *testing.T, cc *CrossCheck) closestRecord {
	t.Helper()
	out, err := cc.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if out.Failed() {
		t.Fatalf("failed: %v", out.First)
	}
	rec := closestRecord{Scored: out.Closest.Scored, Climbed: out.Climbed}
	for _, c := range out.Closest.Error {
		rec.Error = append(rec.Error, fmt.Sprintf("%s %.4f", c.Source, c.Score))
	}
	for _, c := range out.Closest.Largest {
		rec.Largest = append(rec.Largest, c.Source)
	}
	return rec
}

// TestClosestErrorListIgnoresMeasurements checks that the error and size
// lists depend on the boards and the solver's answers alone, with every
// target climbed: under three streams of noise in the CPU times and peaks
// measured (which choose what the time and memory slots hold) the lists
// and the count of boards scored are the same. Before, the measured slots'
// boards were offered to them too (a review found it).
func TestClosestErrorListIgnoresMeasurements(t *testing.T) {
	var want closestRecord
	for noise := range uint64(3) {
		solver := &noisyUsage{Runner: &fakeSolver{game: coins(), answer: nearlyOnHighCoins}, rng: rand.New(rand.NewPCG(noise, 9))}
		cc := &CrossCheck{Game: coins(), Solver: solver, Cases: 400, Seed: 3, Batch: 10, Jobs: 2, Climb: ClimbAll}
		got := recordClosest(t, cc)
		t.Logf("noise %d: %+v", noise, got)
		got.Climbed = nil
		if noise == 0 {
			want = got
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("noise %d: closest error/size lists differ:\n%+v\nnoise 0:\n%+v", noise, got, want)
		}
	}
}

// timesOutUnderLoad answers as its fakeSolver does, but is killed at the
// time limit on every third run not made alone (solverproc.Alone): a
// loaded machine. Each such time limit is not reproduced, so the search
// goes on.
type timesOutUnderLoad struct {
	fake  *fakeSolver
	calls atomic.Int64
}

func (l *timesOutUnderLoad) Run(ctx context.Context, input []byte) (RunResult, error) {
	if !solverproc.IsAlone(ctx) && l.calls.Add(1)%3 == 0 {
		return RunResult{TimedOut: true, CPU: 2100 * time.Millisecond, Elapsed: 5 * time.Second}, nil
	}
	return l.fake.Run(ctx, input)
}

// TestErrorClimbIgnoresNotReproducedTimeLimits checks that a time limit
// the machine's load made (not reproduced run alone) changes neither the
// error score's climb nor the closest calls: the input takes the clean
// run's figures. Before, it kept the killed run's, which has no answers,
// and the climb drew other boards (a review found it).
func TestErrorClimbIgnoresNotReproducedTimeLimits(t *testing.T) {
	run := func(solver Runner) (closestRecord, int) {
		cc := &CrossCheck{Game: coins(), Solver: solver, Cases: 400, Seed: 3, Batch: 10, Jobs: 1, Climb: ClimbError}
		out, err := cc.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		rec := closestRecord{Scored: out.Closest.Scored, Climbed: out.Climbed}
		for _, c := range out.Closest.Error {
			rec.Error = append(rec.Error, fmt.Sprintf("%s %.4f", c.Source, c.Score))
		}
		return rec, len(out.NotReproduced)
	}
	quiet, _ := run(&fakeSolver{game: coins(), answer: nearlyOnHighCoins})
	loaded, nr := run(&timesOutUnderLoad{fake: &fakeSolver{game: coins(), answer: nearlyOnHighCoins}})
	t.Logf("quiet:  %+v\nloaded: %+v (%d not reproduced)", quiet, loaded, nr)
	if nr == 0 {
		t.Fatal("nothing timed out: the test shows nothing")
	}
	if !reflect.DeepEqual(quiet, loaded) {
		t.Errorf("error climb and closest calls differ with time limits not reproduced:\nquiet  %+v\nloaded %+v", quiet, loaded)
	}
}

// slowAndNearlyOnHighCoins is nearlyOnHighCoins, its CPU time growing
// with the high coins (as slowOnHighCoins, never past a limit).
func slowAndNearlyOnHighCoins(b []Board, s []Solution) (string, RunResult) {
	out, _ := nearlyOnHighCoins(b, s)
	return out, RunResult{CPU: highCoinsCPU(b)}
}

// TestClosestListsWithCorrelatedTime is TestClosestErrorListIgnoresMeasurements
// where the CPU time rises with the error score, as a slow board's does
// when it is also the hard one: the time slots climb toward the boards
// the error list would keep, and the lists still repeat under noise.
func TestClosestListsWithCorrelatedTime(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		var want closestRecord
		for noise := range uint64(3) {
			solver := &noisyUsage{jitter: true, Runner: &fakeSolver{game: coins(), answer: slowAndNearlyOnHighCoins}, rng: rand.New(rand.NewPCG(noise, 9))}
			cc := &CrossCheck{Game: coins(), Solver: solver, Cases: 120, Seed: seed, Batch: 10, Jobs: 2, Climb: ClimbAll}
			got := recordClosest(t, cc)
			got.Climbed, got.Scored = nil, 0
			if noise == 0 {
				want = got
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("seed %d noise %d: closest error/size lists differ:\n%+v\nnoise 0:\n%+v", seed, noise, got, want)
			}
		}
	}
}
