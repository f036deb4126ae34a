package reports

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/chancecheck/chancecheck/props"
)

// Options say what a report covers.
type Options struct {
	Games   []props.Game // the games to check
	Boards  int          // generated boards per game, besides the published samples
	Runs    int64        // simulated games per board
	Seed    uint64       // the run's seed
	Alpha   float64      // family-wise false-alarm budget of the whole report
	Workers int          // boards checked at once, and workers per simulation; 0 means GOMAXPROCS
	// Shard, when Count > 1, restricts the run to one deterministic slice of
	// its boards (see props.Shard); Merge joins the slices. The zero value is the
	// whole run.
	Shard props.Shard
	// Progress, when not nil, is called once per game with done = 0 before
	// any board is checked (in game order, so a caller can lay out its
	// bars), then after each board with the number of the game's boards in
	// this shard done so far. Calls are serialised.
	Progress func(game string, done, total int)
	// MinJudged is the least share of a game's generated boards that must
	// be judged for it to pass (--min-judged); nil: props.DefaultMinJudged.
	MinJudged *float64
	// Watch, when not nil, is told each board in progress (its analyst,
	// referee and invariants), for a progress line that names the board
	// that has run the longest (the CLI's without a terminal).
	Watch *props.Watch

	// drawClasses, when not nil, stands in for the package's drawClasses:
	// the tests give one that draws each (game, seed, n) once per test
	// binary and hands out copies, since a run's class draw (CoverageDraws
	// boards a game) is most of a small run's time. It must return what
	// drawClasses does.
	drawClasses func(g props.Game, seed uint64, n int) map[string]int
}

// DefaultOptions are the options of `chancecheck report` without flags,
// over games.
func DefaultOptions(games ...props.Game) Options {
	return Options{Games: games, Boards: 40, Runs: 20000, Seed: 1, Alpha: 1e-6}
}

// check validates opt and fills in defaults.
func (opt *Options) check() error {
	if opt.Boards < 0 || opt.Runs <= 0 || !(opt.Alpha > 0 && opt.Alpha < 1) {
		return fmt.Errorf("reports: need boards ≥ 0, runs > 0 and 0 < alpha < 1 (got %d, %d, %g)", opt.Boards, opt.Runs, opt.Alpha)
	}
	if len(opt.Games) == 0 {
		return fmt.Errorf("reports: no games to check")
	}
	if opt.MinJudged != nil {
		if err := props.CheckMinJudged(*opt.MinJudged); err != nil {
			return fmt.Errorf("reports: %w", err)
		}
	}
	seen := map[string]bool{}
	for _, g := range opt.Games {
		if seen[g.Name()] {
			return fmt.Errorf("reports: game %s listed twice", g.Name())
		}
		seen[g.Name()] = true
	}
	if opt.Shard == (props.Shard{}) {
		opt.Shard = props.Shard{Index: 1, Count: 1}
	}
	if opt.Shard.Count < 1 || opt.Shard.Index < 1 || opt.Shard.Index > opt.Shard.Count {
		return fmt.Errorf("reports: bad shard %d/%d", opt.Shard.Index, opt.Shard.Count)
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	return nil
}

// Run builds the report of opt's shard (the whole run by default) and the
// timings that go beside it. It returns an error only when the run itself
// could not be done (bad options, a published sample that does not parse,
// cancellation); disagreements are findings, recorded in the report.
//
// Boards are checked Workers at a time; each board's result depends only on
// (seed, game, board), so the report is the same whatever Workers is.
func Run(ctx context.Context, opt Options) (*Report, *Timings, error) {
	start := time.Now()
	if err := opt.check(); err != nil {
		return nil, nil, err
	}
	plan, err := newPlan(opt)
	if err != nil {
		return nil, nil, err
	}
	samples := make([][]sampleBoard, len(opt.Games))
	for gi, g := range opt.Games {
		if samples[gi], err = sampleBoards(g); err != nil {
			return nil, nil, err
		}
	}
	refs := shardBoards(plan, opt.Shard)
	results := make([]BoardReport, len(refs))
	times := make([]BoardTiming, len(refs))
	total := make([]int, len(opt.Games))
	for _, r := range refs {
		total[r.game]++
	}

	if opt.Progress != nil {
		for gi, g := range opt.Games {
			opt.Progress(g.Name(), 0, total[gi])
		}
	}
	var (
		mu   sync.Mutex
		done = make([]int, len(opt.Games))
		next = make(chan int)
		wg   sync.WaitGroup
	)
	for range opt.Workers {
		wg.Go(func() {
			for i := range next {
				r := refs[i]
				g := opt.Games[r.game]
				pb := makeBoard(g, samples[r.game], plan, r)
				end := func() {}
				if opt.Watch != nil {
					end = opt.Watch.Begin(g.Name() + " board " + pb.id)
				}
				results[i], times[i] = checkBoard(ctx, g, pb, plan, gameBudget(plan, plan.Games[r.game]).AlphaPerBoard, opt.Workers)
				end()
				if opt.Progress != nil {
					mu.Lock()
					done[r.game]++
					opt.Progress(g.Name(), done[r.game], total[r.game])
					mu.Unlock()
				}
			}
		})
	}
	// Feed the boards round-robin over the games (every game's first board,
	// then every game's second, …) so that a game whose boards are slow
	// starts early instead of holding one worker at the end. The order of
	// work does not change the report.
	order := make([]int, len(refs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(refs[a].board, refs[b].board) })
feed:
	for _, i := range order {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}

	perGame := make([][]BoardReport, len(opt.Games))
	perGameTimes := make([][]BoardTiming, len(opt.Games))
	for i, r := range refs {
		perGame[r.game] = append(perGame[r.game], results[i])
		perGameTimes[r.game] = append(perGameTimes[r.game], times[i])
	}
	skel := make([]gameSkeleton, len(opt.Games))
	for gi, g := range opt.Games {
		skel[gi] = skeletonOf(g)
	}
	var shard *props.Shard
	if opt.Shard.Count > 1 {
		shard = &opt.Shard
	}
	rep := assemble(plan, shard, skel, perGame)
	tim := newTimings(opt, skel, perGameTimes, time.Since(start))
	tim.Shards[0].Plan = planID(rep.Plan)
	return rep, tim, nil
}
