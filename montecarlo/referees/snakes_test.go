package referees

import (
	"context"
	"testing"

	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/montecarlo"
)

// snakesReferee is SnakesReferee on a board the test knows to be valid.
func snakesReferee(tb testing.TB, b snakes.Board) func() montecarlo.Player {
	tb.Helper()
	play, err := SnakesReferee(b)
	if err != nil {
		tb.Fatal(err)
	}
	return play
}

func TestSnakesRefereeHandCases(t *testing.T) {
	tests := []struct {
		name  string
		board snakes.Board
		check func(h montecarlo.Histogram) bool
		want  string
	}{
		{
			// Ladders from every cell a first throw can reach: always one throw.
			"ladders 2..7 to 100",
			snakes.Board{Jumps: []snakes.Jump{{From: 2, To: 100}, {From: 3, To: 100}, {From: 4, To: 100}, {From: 5, To: 100}, {From: 6, To: 100}, {From: 7, To: 100}}},
			func(h montecarlo.Histogram) bool { return len(h.Counts) == 2 && h.Counts[1] == h.N() },
			"every game takes one throw",
		},
		{
			// Without jumps the player needs at least ceil(99/6) = 17 throws.
			"empty board",
			snakes.Board{},
			func(h montecarlo.Histogram) bool {
				for k := range min(17, len(h.Counts)) {
					if h.Counts[k] != 0 {
						return false
					}
				}
				return true
			},
			"no game shorter than 17 throws",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := montecarlo.Run(context.Background(), montecarlo.Config{Runs: 5000, Seed: 1}, snakesReferee(t, tt.board))
			if err != nil {
				t.Fatal(err)
			}
			if h.N() != 5000 || !tt.check(h) {
				t.Errorf("want %s; got %v", tt.want, h.Counts)
			}
		})
	}
}

// The referee refuses what Validate refuses: a jump off the board (which it
// would read out of its table) and a board on which a game never ends.
func TestSnakesRefereeRefusesInvalidBoards(t *testing.T) {
	walled := snakes.Board{} // snakes start on 94..99: no cell can reach 100
	for c := 94; c <= 99; c++ {
		walled.Jumps = append(walled.Jumps, snakes.Jump{From: c, To: 2})
	}
	for _, b := range []snakes.Board{
		{Jumps: []snakes.Jump{{From: 5, To: 200}}},
		walled,
	} {
		if _, err := SnakesReferee(b); err == nil || b.Validate() == nil {
			t.Errorf("SnakesReferee(%v) = %v; Validate: %v", b, err, b.Validate())
		}
	}
}

func BenchmarkRefereeSnakes(b *testing.B) {
	board := snakes.Board{} // 33 throws a game on average
	play := snakesReferee(b, board)()
	rng := newTestRand(1)
	throws := 0
	b.ResetTimer()
	for b.Loop() {
		n, _ := play(rng)
		throws += n
	}
	b.ReportMetric(float64(throws)/b.Elapsed().Seconds()/1e6, "Mthrows/s")
}

func BenchmarkRefereeSnakesParallel(b *testing.B) {
	runs := int64(b.N) * 64
	b.ResetTimer()
	h, err := montecarlo.Run(context.Background(), montecarlo.Config{Runs: runs, Seed: 1}, snakesReferee(b, snakes.Board{}))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(h.Mean()*float64(h.N())/b.Elapsed().Seconds()/1e6, "Mthrows/s")
}

func BenchmarkDieThrow(b *testing.B) {
	die := montecarlo.NewDie(newTestRand(1))
	s := 0
	for b.Loop() {
		s += die.Throw()
	}
	_ = s
}

func BenchmarkPCGUint64(b *testing.B) {
	rng := newTestRand(1)
	var s uint64
	for b.Loop() {
		s += rng.Uint64()
	}
	_ = s
}
