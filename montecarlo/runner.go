package montecarlo

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// BlockRuns is the number of runs that share one random stream. Streams are
// bound to blocks, not to workers, which is what makes results independent of
// the worker count.
const BlockRuns = 4096

// MaxOutcome bounds the outcome of one run; larger outcomes are an error, so a
// referee stuck in a loop cannot grow a histogram without bound.
const MaxOutcome = 1 << 20

// Player plays one complete game with the randomness of rng and returns its
// outcome: a count (throws until the end) or 1 for a win and 0 for a loss.
// An error (an illegal move asked of the referee, say) stops the whole run.
type Player func(rng *rand.Rand) (int, error)

// Config says how many runs to play and with which seed.
type Config struct {
	Runs    int64  // number of games to play; must be positive
	Seed    uint64 // the run's seed: same seed, same histogram
	Workers int    // parallel workers; 0 means runtime.GOMAXPROCS(0)
	// Progress, when not nil, is called after each block with the number of
	// runs finished so far. It is called from worker goroutines, one call at a time.
	Progress func(done, total int64)
}

// Run plays cfg.Runs games in parallel and returns the histogram of outcomes.
// newPlayer is called once per worker, so a Player may keep scratch state.
// Run stops early, returning ctx.Err(), when ctx is cancelled.
func Run(ctx context.Context, cfg Config, newPlayer func() Player) (Histogram, error) {
	if cfg.Runs <= 0 {
		return Histogram{}, fmt.Errorf("montecarlo: runs must be positive, got %d", cfg.Runs)
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	blocks := (cfg.Runs + BlockRuns - 1) / BlockRuns
	if int64(workers) > blocks {
		workers = int(blocks)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	var (
		nextBlock atomic.Int64
		done      atomic.Int64
		progMu    sync.Mutex
		wg        sync.WaitGroup
		errOnce   sync.Once
		firstErr  error
	)
	results := make([]Histogram, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A panic in a player (a referee's bug, or a user's) is the
			// run's error, with its stack, not the end of the process:
			// the report records it against the board.
			defer func() {
				if p := recover(); p != nil {
					err := fmt.Errorf("montecarlo: the referee panicked: %v\n%s", p, debug.Stack())
					errOnce.Do(func() { firstErr = err; cancel() })
				}
			}()
			play := newPlayer()
			var h Histogram
			for {
				b := nextBlock.Add(1) - 1
				if b >= blocks || ctx.Err() != nil {
					break
				}
				n := min(int64(BlockRuns), cfg.Runs-b*BlockRuns)
				rng := rand.New(StreamSource(cfg.Seed, uint64(b)))
				for range n {
					out, err := play(rng)
					if err == nil && (out < 0 || out > MaxOutcome) {
						err = fmt.Errorf("montecarlo: outcome %d outside 0..%d", out, MaxOutcome)
					}
					if err != nil {
						errOnce.Do(func() { firstErr = err; cancel() })
						return
					}
					h.Add(out)
				}
				if d := done.Add(n); cfg.Progress != nil {
					progMu.Lock()
					cfg.Progress(d, cfg.Runs)
					progMu.Unlock()
				}
			}
			results[w] = h
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return Histogram{}, firstErr
	}
	if err := ctx.Err(); err != nil && !errors.Is(err, context.Canceled) || done.Load() < cfg.Runs {
		if err == nil {
			err = context.Canceled
		}
		return Histogram{}, err
	}
	var total Histogram
	for _, h := range results {
		total.Merge(h)
	}
	return total, nil
}

// StreamSource returns the PCG source of stream number stream under seed.
// Both words are passed through SplitMix64 so that neighbouring streams start
// far apart in PCG's state space.
func StreamSource(seed, stream uint64) *rand.PCG {
	hi := SplitMix64(seed ^ SplitMix64(stream+0x9e3779b97f4a7c15))
	lo := SplitMix64(hi ^ stream)
	return rand.NewPCG(hi, lo)
}

// SubSeed derives an independent seed for item i (a board, a property) of a run seeded by seed.
func SubSeed(seed, i uint64) uint64 {
	return SplitMix64(seed ^ SplitMix64(i^0xd1b54a32d192ed03))
}

// splitMix64 is Steele, Lea and Flood's SplitMix64 finaliser: a bijection that scrambles bits.
func SplitMix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
