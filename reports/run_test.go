package reports

import (
	"bytes"
	"context"
	"errors"
	"runtime"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
)

// The same seed gives byte-identical report.json whatever the number of
// workers (1, GOMAXPROCS in wholeReport, and more workers than CPUs), and
// the whole run passes when nothing is wrong.
func TestRunDeterministicAcrossWorkers(t *testing.T) {
	r := wholeReport(t)
	if !r.Pass {
		t.Fatalf("a correct run failed:\n%s", jsonBytes(t, r))
	}
	want := jsonBytes(t, r)
	for _, workers := range []int{1, 5} {
		opt := testOptions()
		opt.Workers = workers
		r, tim := mustRun(t, opt)
		if tim.Shards[0].Workers != workers {
			t.Errorf("timings say %d workers, want %d", tim.Shards[0].Workers, workers)
		}
		if !bytes.Equal(jsonBytes(t, r), want) {
			t.Fatalf("workers=%d: report.json differs from the one with GOMAXPROCS (%d) workers", workers, runtime.GOMAXPROCS(0))
		}
	}
}

// Another seed gives another report (the seed reaches generation and simulation).
func TestRunSeedMatters(t *testing.T) {
	opt := testOptions()
	opt.Games = opt.Games[:1]
	a, _ := mustRun(t, opt)
	opt.Seed++
	b, _ := mustRun(t, opt)
	if bytes.Equal(jsonBytes(t, a), jsonBytes(t, b)) {
		t.Fatal("seeds 7 and 8 gave the same report")
	}
}

func TestRunReportsEveryPlannedBoard(t *testing.T) {
	r := wholeReport(t)
	if got, want := len(r.Games), 3; got != want {
		t.Fatalf("%d games, want %d", got, want)
	}
	checks := 0
	for gi, g := range r.Games {
		pg := r.Plan.Games[gi]
		if len(g.Boards) != pg.SampleBoards+5 {
			t.Errorf("%s: %d boards, plan says %d samples + 5", g.Name, len(g.Boards), pg.SampleBoards)
		}
		for i, b := range g.Boards {
			if b.Index != i {
				t.Errorf("%s: board %d has index %d", g.Name, i, b.Index)
			}
			if b.Agreement.Alpha != g.Budget.AlphaPerBoard {
				t.Errorf("%s %s: tested at α = %g, budget says %g", g.Name, b.ID, b.Agreement.Alpha, g.Budget.AlphaPerBoard)
			}
		}
		if g.Calibration == nil {
			t.Errorf("%s: no calibration in a whole run", g.Name)
		}
		checks += len(g.Boards) + 1 + len(pg.Coverage)
		if len(g.Coverage) != len(pg.Coverage) {
			t.Errorf("%s: %d coverage rows for %d goals", g.Name, len(g.Coverage), len(pg.Coverage))
		}
	}
	if r.Budget.Checks != checks {
		t.Errorf("budget counts %d checks, the report holds %d", r.Budget.Checks, checks)
	}
}

func TestRunRejectsBadOptions(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Options)
	}{
		{"negative boards", func(o *Options) { o.Boards = -1 }},
		{"no runs", func(o *Options) { o.Runs = 0 }},
		{"alpha 0", func(o *Options) { o.Alpha = 0 }},
		{"alpha 1", func(o *Options) { o.Alpha = 1 }},
		{"no games", func(o *Options) { o.Games = nil }},
		{"game twice", func(o *Options) { o.Games = []props.Game{specs.Snakes(), specs.Snakes()} }},
		{"shard 0/2", func(o *Options) { o.Shard = props.Shard{Index: 0, Count: 2} }},
		{"shard 3/2", func(o *Options) { o.Shard = props.Shard{Index: 3, Count: 2} }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			opt := testOptions()
			tc.edit(&opt)
			if _, _, err := Run(context.Background(), opt); err == nil {
				t.Fatal("Run accepted bad options")
			}
		})
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Run(ctx, testOptions()); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

// Progress hears of every game first with done = 0, in game order, then
// once per board, ending at the game's total.
func TestRunProgress(t *testing.T) {
	// Seed 7, testOptions': patience's coverage classes under it are
	// drawn once for the tests (classDraws), a second of CPU.
	opt := Options{Games: []props.Game{waitForOne(waitPlants{}), specs.Patience()}, Boards: 4, Runs: 500, Seed: 7, Alpha: 1e-6,
		Shard: props.Shard{Index: 2, Count: 2}}
	type call struct {
		game        string
		done, total int
	}
	var calls []call
	opt.Progress = func(game string, done, total int) { calls = append(calls, call{game, done, total}) }
	r, _ := mustRun(t, opt)
	if len(calls) < 2 || calls[0] != (call{"wait", 0, len(r.Games[0].Boards)}) || calls[1] != (call{"patience", 0, len(r.Games[1].Boards)}) {
		t.Fatalf("first calls %v", calls[:min(2, len(calls))])
	}
	last := map[string]int{}
	for _, c := range calls[2:] {
		if c.done != last[c.game]+1 {
			t.Errorf("%s: done %d after %d", c.game, c.done, last[c.game])
		}
		last[c.game] = c.done
	}
	for _, g := range r.Games {
		if last[g.Name] != len(g.Boards) {
			t.Errorf("%s: progress ended at %d of %d", g.Name, last[g.Name], len(g.Boards))
		}
	}
}
