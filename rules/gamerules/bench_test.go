package gamerules_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/engine"
	"github.com/chancecheck/chancecheck/rules/gamerules"
)

// benchEngine explores and solves rs once an iteration and reports the
// states explored and solved per second and the states of the board.
func benchEngine[S comparable](b *testing.B, rs rules.Rules[S], opts engine.Options) {
	b.ReportAllocs()
	states := 0
	for b.Loop() {
		res, err := engine.Solve(rs, opts)
		if err != nil {
			b.Fatal(err)
		}
		states = res.States
	}
	b.ReportMetric(float64(states)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
	b.ReportMetric(float64(states), "states")
}

// BenchmarkEngineSnakes: the sample's first board, and a board whose snake
// from 99 to 1 makes every cell one cycle of 98 states.
func BenchmarkEngineSnakes(b *testing.B) {
	sample, _ := snakes.Parse(strings.NewReader(snakes.Samples()[0].Input), "sample")
	for _, tt := range []struct {
		name  string
		board snakes.Board
	}{
		{"sample", sample[0]},
		{"one-cycle", snakes.Board{Jumps: []snakes.Jump{{From: 99, To: 1}}}},
	} {
		b.Run(tt.name, func(b *testing.B) { benchEngine(b, gamerules.Snakes(tt.board), engine.Options{}) })
	}
}

// BenchmarkEnginePatience: the published deal, and the deal of the most
// states among the generator's first 200.
func BenchmarkEnginePatience(b *testing.B) {
	sample, _ := patience.Parse(strings.NewReader(patience.Samples()[0].Input), "sample")
	largest, most := sample[0], 0
	gen := generators.Patience()
	for i := range 200 {
		d := gen.Example(i)
		g, err := engine.Explore(gamerules.Patience(d), engine.DefaultMaxStates)
		if err != nil {
			b.Fatal(err)
		}
		if g.Len() > most {
			largest, most = d, g.Len()
		}
	}
	for _, tt := range []struct {
		name string
		deal patience.Deal
	}{{"sample", sample[0]}, {"largest-of-200", largest}} {
		b.Run(tt.name, func(b *testing.B) { benchEngine(b, gamerules.Patience(tt.deal), engine.Options{}) })
	}
}

// BenchmarkEngineTraps: an open square maze with the start and the exit in
// opposite corners and one trap kind beside the start, so that the free
// region is one cycle of about n² states.
func BenchmarkEngineTraps(b *testing.B) {
	for _, n := range []int{4, 8, 16, 20, 24, 29} {
		rows := make([]string, n)
		for r := range rows {
			rows[r] = strings.Repeat(".", n)
		}
		rows[0] = "$A" + strings.Repeat(".", n-2)
		rows[n-1] = strings.Repeat(".", n-1) + "@"
		z := &traps.Maze{Rows: rows, Kinds: 1, Life: 2, Prior: []int{1, 1}}
		if err := z.Validate(); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("open-%dx%d", n, n), func(b *testing.B) { benchEngine(b, gamerules.Traps(z), engine.Options{}) })
	}
}

// BenchmarkEngineJenga: towers of 2..5 levels of the statement's sample
// (its bottom levels), in float64 (exact up to engine.DefaultExactStates).
func BenchmarkEngineJenga(b *testing.B) {
	sample, err := jenga.Parse(strings.NewReader(jenga.Samples()[0].Input), "sample")
	if err != nil {
		b.Fatal(err)
	}
	for n := 2; n <= 5; n++ {
		t := jenga.Tower{Levels: sample.Levels[:n]}
		b.Run(fmt.Sprintf("levels-%d", n), func(b *testing.B) { benchEngine(b, gamerules.Jenga(t), engine.Options{PMF: true}) })
	}
}
