package montecarlo

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func newTestRand(seed uint64) *rand.Rand { return rand.New(StreamSource(seed, 0)) }

// coinPlayer returns a player whose outcome is one uniform draw in 0..9.
func coinPlayer() Player {
	return func(rng *rand.Rand) (int, error) { return rng.IntN(10), nil }
}

func TestRunIsIndependentOfWorkerCount(t *testing.T) {
	const runs = 3*BlockRuns + 17 // a partial last block too
	var first Histogram
	for i, workers := range []int{1, 2, 3, 8} {
		h, err := Run(context.Background(), Config{Runs: runs, Seed: 42, Workers: workers}, func() Player { return coinPlayer() })
		if err != nil {
			t.Fatal(err)
		}
		if h.N() != runs {
			t.Fatalf("workers %d: %d runs recorded, want %d", workers, h.N(), runs)
		}
		if i == 0 {
			first = h
		} else if !slices.Equal(h.Counts, first.Counts) {
			t.Errorf("workers %d gave %v, 1 worker gave %v", workers, h.Counts, first.Counts)
		}
	}
	other, _ := Run(context.Background(), Config{Runs: runs, Seed: 43}, func() Player { return coinPlayer() })
	if slices.Equal(other.Counts, first.Counts) {
		t.Error("seeds 42 and 43 gave the same histogram")
	}
}

func TestRunStopsOnPlayerError(t *testing.T) {
	boom := errors.New("illegal move")
	_, err := Run(context.Background(), Config{Runs: 10 * BlockRuns, Seed: 1}, func() Player {
		return func(rng *rand.Rand) (int, error) {
			if rng.IntN(1000) == 0 {
				return 0, boom
			}
			return 1, nil
		}
	})
	if !errors.Is(err, boom) {
		t.Fatalf("got %v, want the player's error", err)
	}
}

func TestRunHonoursCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, Config{Runs: 100 * BlockRuns, Seed: 1}, func() Player { return coinPlayer() }); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

func TestRunRejectsBadConfig(t *testing.T) {
	if _, err := Run(context.Background(), Config{Runs: 0}, func() Player { return coinPlayer() }); err == nil {
		t.Error("Runs = 0 accepted")
	}
}

func TestRunReportsProgress(t *testing.T) {
	var calls int
	var last int64
	_, err := Run(context.Background(), Config{Runs: 5 * BlockRuns, Seed: 1, Progress: func(done, total int64) {
		calls++
		if done < last || total != 5*BlockRuns {
			t.Errorf("progress went from %d to %d of %d", last, done, total)
		}
		last = done
	}}, func() Player { return coinPlayer() })
	if err != nil || calls != 5 || last != 5*BlockRuns {
		t.Errorf("err %v, %d calls, last %d", err, calls, last)
	}
}

func TestDieIsUniform(t *testing.T) {
	// 600,000 throws: each face's count is Binomial(n, 1/6) with sd ≈ 289;
	// 7 sd (≈ 2000) would be passed by a fair die with probability > 1 − 1e-11.
	die := NewDie(newTestRand(7))
	var counts [7]int
	const n = 600000
	for range n {
		counts[die.Throw()]++
	}
	if counts[0] != 0 {
		t.Fatalf("face 0 thrown %d times", counts[0])
	}
	for f := 1; f <= 6; f++ {
		if d := counts[f] - n/6; d > 2000 || d < -2000 {
			t.Errorf("face %d: %d throws, want %d ± 2000", f, counts[f], n/6)
		}
	}
}

func TestRunTurnsAPanicIntoAnError(t *testing.T) {
	for _, workers := range []int{1, 3} {
		_, err := Run(context.Background(), Config{Runs: 10000, Seed: 1, Workers: workers}, func() Player {
			return func(rng *rand.Rand) (int, error) {
				if rng.IntN(100) == 0 {
					var board []int
					return board[3], nil // a referee's index out of range
				}
				return 1, nil
			}
		})
		if err == nil || !strings.Contains(err.Error(), "the referee panicked: runtime error: index out of range") {
			t.Errorf("%d workers: error %v, want the panic", workers, err)
		}
	}
}
