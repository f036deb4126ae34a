package reports

import (
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/chancecheck/chancecheck/internal/rapidflags"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
)

// newPlan lists what opt asks for. It parses the published samples (to count
// their boards), which every shard does alike, so every shard knows the
// whole plan and with it the budget of every check. The generator's
// parameter values and the coverage goals are part of the plan: shards run
// under other values are not one run, and every goal takes a share of α.
func newPlan(opt Options) (Plan, error) {
	p := Plan{Seed: opt.Seed, Alpha: opt.Alpha, Runs: opt.Runs, Boards: opt.Boards}
	if opt.MinJudged != nil && *opt.MinJudged != props.DefaultMinJudged {
		m := *opt.MinJudged
		p.MinJudged = &m
	}
	for _, g := range opt.Games {
		samples, err := sampleBoards(g)
		if err != nil {
			return Plan{}, err
		}
		pg := PlannedGame{Name: g.Name(), SampleBoards: len(samples)}
		if values := g.ParamValues(); len(values) > 0 {
			pg.Params = values
		}
		for _, c := range g.Coverage() {
			pg.Coverage = append(pg.Coverage, CoverageGoal{Class: c.Class, MinShare: c.MinShare})
		}
		if len(pg.Coverage) > 0 {
			pg.CoverageDraws = max(opt.Boards, CoverageDraws)
			draw := drawClasses
			if opt.drawClasses != nil {
				draw = opt.drawClasses
			}
			pg.CoverageClasses = draw(g, opt.Seed, pg.CoverageDraws)
		}
		p.Games = append(p.Games, pg)
	}
	return p, nil
}

// CoverageDraws is how many generated boards a game's coverage goals are
// judged over at least: at the goals' shares (10–40%) and a report's budget
// (1e-6 over a few hundred checks) the one-sided binomial test can reject a
// class that never occurs from about 150 boards on, and 2000 gives it
// power against a share well short of its goal.
const CoverageDraws = 2000

// drawClasses classifies the first n generated boards of g under seed, the
// boards the report checks first among them: the same seeds as makeBoard.
// A board whose generation panics counts as class "(generator failed)".
func drawClasses(g props.Game, seed uint64, n int) map[string]int {
	counts := map[string]int{}
	gen := g.Generator()
	for i := range n {
		func() {
			defer func() {
				if r := recover(); r != nil {
					counts["(generator failed)"]++
				}
			}()
			counts[g.Classify(rapidflags.Example(gen, BoardSeed(seed, g.Name(), i)))]++
		}()
	}
	return counts
}

// plannedBoard is one board of the plan before it is checked.
type plannedBoard struct {
	game  int // index in Options.Games
	index int // index in the game's list of boards
	id    string
	class string
	board props.Board
	err   error // the board could not be generated
}

// sampleBoard is one board of a published sample.
type sampleBoard struct {
	id    string
	board props.Board
}

// sampleBoards parses g's published samples.
func sampleBoards(g props.Game) ([]sampleBoard, error) {
	var out []sampleBoard
	for _, s := range g.Samples() {
		boards, err := g.Parse(strings.NewReader(s.Input), s.Name+".in")
		if err != nil {
			return nil, fmt.Errorf("reports: published sample of %s: %w", g.Name(), err)
		}
		for i, b := range boards {
			out = append(out, sampleBoard{id: fmt.Sprintf("sample:%s#%d", s.Name, i+1), board: b})
		}
	}
	return out, nil
}

// boardRef names one board of the plan: game gi, board bi.
type boardRef struct{ game, board int }

// shardBoards lists the boards of the plan that shard s checks, in plan
// order: the run's boards are numbered across games (all of the first
// game's, then the second's, …) and shard i of n takes numbers ≡ i−1 mod n,
// which spreads every game over all shards.
func shardBoards(p Plan, s props.Shard) []boardRef {
	var out []boardRef
	k := 0
	for gi, g := range p.Games {
		for bi := range g.boards(p.Boards) {
			if k%s.Count == s.Index-1 {
				out = append(out, boardRef{gi, bi})
			}
			k++
		}
	}
	return out
}

// makeBoard builds board ref of the plan: a published sample's, or one drawn
// deterministically from the game's generator.
func makeBoard(g props.Game, samples []sampleBoard, p Plan, ref boardRef) (pb plannedBoard) {
	pb = plannedBoard{game: ref.game, index: ref.board}
	if ref.board < len(samples) {
		s := samples[ref.board]
		pb.id, pb.class, pb.board = s.id, "sample", s.board
		return pb
	}
	i := ref.board - len(samples)
	pb.id = fmt.Sprintf("gen:%d", i)
	defer func() {
		// A generator that panics is a finding about this board, not a crash of the report.
		if r := recover(); r != nil {
			pb.err = fmt.Errorf("generate: %v", r)
		}
	}()
	pb.board = rapidflags.Example(g.Generator(), BoardSeed(p.Seed, g.Name(), i))
	pb.class = g.Classify(pb.board)
	return pb
}

// BoardSeed is the seed of generated board i's generation in game's part of
// a run seeded by seed.
func BoardSeed(seed uint64, game string, i int) int {
	return int(montecarlo.SubSeed(montecarlo.SubSeed(seed, nameHash(game)), uint64(i)) >> 1)
}

// SimSeed is the seed of the simulation of the board called id in game's
// part of a run seeded by seed.
func SimSeed(seed uint64, game, id string) uint64 {
	return montecarlo.SubSeed(montecarlo.SubSeed(seed, nameHash(game)), nameHash(id))
}

func nameHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}
