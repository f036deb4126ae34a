package reports

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
)

// Options say what a report covers.
type Options struct {
	Games   []props.Game // the games to check
	Boards  int          // generated boards per game, besides the published samples
	Runs    int64        // simulated games per board
	Seed    uint64       // the run's seed
	Alpha   float64      // family-wise false-alarm budget of the whole run
	Workers int          // parallel simulation workers; 0 means GOMAXPROCS
	// Progress, when not nil, is told after each board of each game.
	Progress func(game string, done, total int)
}

// DefaultOptions are the options of `chancecheck report` without flags.
func DefaultOptions() Options {
	return Options{Games: props.Games(), Boards: 40, Runs: 20000, Seed: 1, Alpha: 1e-6}
}

type plannedBoard struct {
	id, class string
	board     props.Board
}

// Run builds the report. It returns an error only when the run itself could
// not be done (bad options, a published sample that does not parse,
// cancellation); disagreements are findings, recorded in the report.
func Run(ctx context.Context, opt Options) (*Report, error) {
	if opt.Boards < 0 || opt.Runs <= 0 || !(opt.Alpha > 0 && opt.Alpha < 1) {
		return nil, fmt.Errorf("reports: need boards ≥ 0, runs > 0 and 0 < alpha < 1 (got %d, %d, %g)", opt.Boards, opt.Runs, opt.Alpha)
	}
	plans := make([][]plannedBoard, len(opt.Games))
	checks := 0
	for gi, g := range opt.Games {
		p, err := planBoards(g, opt)
		if err != nil {
			return nil, err
		}
		plans[gi] = p
		checks += len(p)
	}
	budget := estimate.Budget{Alpha: opt.Alpha, Checks: checks}
	rep := &Report{
		Schema: SchemaVersion, Tool: "chancecheck", Seed: opt.Seed, Alpha: opt.Alpha,
		Checks: checks, AlphaPerCheck: budget.PerCheck(), Runs: opt.Runs, Pass: true,
	}
	for gi, g := range opt.Games {
		gr := GameReport{Name: g.Name(), Title: g.Title(), Pass: true, Classes: map[string]int{}}
		invs := g.Invariants()
		for _, inv := range invs {
			gr.Invariants = append(gr.Invariants, InvariantRun{Name: inv.Name, Doc: inv.Doc})
		}
		for bi, pb := range plans[gi] {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			br := checkBoard(ctx, g, pb, invs, gr.Invariants, opt, budget.PerCheck())
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if pb.class != "sample" {
				gr.Classes[pb.class]++
			}
			gr.Pass = gr.Pass && br.Pass
			gr.Boards = append(gr.Boards, br)
			if opt.Progress != nil {
				opt.Progress(g.Name(), bi+1, len(plans[gi]))
			}
		}
		rep.Pass = rep.Pass && gr.Pass
		rep.Games = append(rep.Games, gr)
	}
	return rep, nil
}

// planBoards lists the published samples' boards, then opt.Boards generated ones.
func planBoards(g props.Game, opt Options) ([]plannedBoard, error) {
	var out []plannedBoard
	for _, s := range g.Samples() {
		boards, err := g.Parse(strings.NewReader(s.Input), s.Name+".in")
		if err != nil {
			return nil, fmt.Errorf("reports: published sample of %s: %w", g.Name(), err)
		}
		for i, b := range boards {
			out = append(out, plannedBoard{id: fmt.Sprintf("sample:%s#%d", s.Name, i+1), class: "sample", board: b})
		}
	}
	gen := g.Generator()
	for i := range opt.Boards {
		b := gen.Example(BoardSeed(opt.Seed, g.Name(), i))
		out = append(out, plannedBoard{id: fmt.Sprintf("gen:%d", i), class: g.Classify(b), board: b})
	}
	return out, nil
}

// BoardSeed is the seed of board i's generation in game's part of a run seeded by seed.
func BoardSeed(seed uint64, game string, i int) int {
	return int(montecarlo.SubSeed(montecarlo.SubSeed(seed, nameHash(game)), uint64(i)) >> 1)
}

func nameHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

func checkBoard(ctx context.Context, g props.Game, pb plannedBoard, invs []props.Invariant, counts []InvariantRun, opt Options, alpha float64) BoardReport {
	br := BoardReport{ID: pb.id, Class: pb.class}
	var in bytes.Buffer
	if err := g.WriteInput(&in, []props.Board{pb.board}); err == nil {
		br.Input = in.String()
	}
	br.SimSeed = montecarlo.SubSeed(montecarlo.SubSeed(opt.Seed, nameHash(g.Name())), nameHash(pb.id))
	sol, err := g.Solve(pb.board)
	if err != nil {
		br.Error = "solve: " + err.Error()
		return br
	}
	br.Exact = sol.Value
	if frac, err := props.FractionOf(g, pb.board, sol); err == nil {
		br.Fraction = ratString(frac)
	}
	h, err := g.Simulate(ctx, pb.board, sol, montecarlo.Config{Runs: opt.Runs, Seed: br.SimSeed, Workers: opt.Workers})
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			br.Error = "simulate: " + err.Error()
		}
		return br
	}
	br.Agreement = estimate.Agree(sol.PMF, sol.PMFTail, h.Counts, alpha)
	for i, inv := range invs {
		counts[i].Checked++
		if err := inv.Check(pb.board, sol); err != nil {
			counts[i].Failed++
			br.Failed = append(br.Failed, inv.Name+": "+err.Error())
		}
	}
	br.Pass = br.Agreement.Pass && len(br.Failed) == 0
	return br
}
