package montecarlo

import (
	"context"
	"testing"

	"github.com/chancecheck/chancecheck/games/snakes"
)

func TestSnakesRefereeHandCases(t *testing.T) {
	tests := []struct {
		name  string
		board snakes.Board
		check func(h Histogram) bool
		want  string
	}{
		{
			// Ladders from every cell a first throw can reach: always one throw.
			"ladders 2..7 to 100",
			snakes.Board{Jumps: []snakes.Jump{{From: 2, To: 100}, {From: 3, To: 100}, {From: 4, To: 100}, {From: 5, To: 100}, {From: 6, To: 100}, {From: 7, To: 100}}},
			func(h Histogram) bool { return len(h.Counts) == 2 && h.Counts[1] == h.N() },
			"every game takes one throw",
		},
		{
			// Without jumps the player needs at least ceil(99/6) = 17 throws.
			"empty board",
			snakes.Board{},
			func(h Histogram) bool {
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
			h, err := Run(context.Background(), Config{Runs: 5000, Seed: 1}, SnakesReferee(tt.board))
			if err != nil {
				t.Fatal(err)
			}
			if h.N() != 5000 || !tt.check(h) {
				t.Errorf("want %s; got %v", tt.want, h.Counts)
			}
		})
	}
}

func BenchmarkRefereeSnakes(b *testing.B) {
	board := snakes.Board{} // 33 throws a game on average
	play := SnakesReferee(board)()
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
	h, err := Run(context.Background(), Config{Runs: runs, Seed: 1}, SnakesReferee(snakes.Board{}))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(h.Mean()*float64(h.N())/b.Elapsed().Seconds()/1e6, "Mthrows/s")
}

func BenchmarkDieThrow(b *testing.B) {
	die := NewDie(newTestRand(1))
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
