package reports

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/chancecheck/chancecheck/props"
)

// Timings is timings.json: how long the run took. It is kept out of
// report.json so that the report does not depend on the machine or on the
// number of workers.
type Timings struct {
	// Shards lists each shard's run (one entry for a whole run).
	Shards []ShardTiming `json:"shards"`
	Games  []GameTimings `json:"games"`
}

// ShardTiming is one shard's run.
type ShardTiming struct {
	Shard       props.Shard `json:"shard"`
	Workers     int         `json:"workers"`
	WallSeconds float64     `json:"wall_seconds"`
	// Plan identifies the run's plan (planID): a directory whose
	// timings.json is of another plan than its report.json holds files of
	// two runs.
	Plan string `json:"plan,omitempty"`
}

// planID is a short fingerprint of a plan: the first 16 hex digits of the
// SHA-256 of its JSON, which holds the seed and every setting.
func planID(p Plan) string {
	b, err := json.Marshal(p)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// checkSameRun returns an error when t is not the timings of r's run: of
// another plan, or of another shard (a merged report's timings list every
// shard of its run).
func checkSameRun(r *Report, t *Timings) error {
	id := planID(r.Plan)
	for _, s := range t.Shards {
		sameShard := s.Shard.Count == max(1, len(t.Shards))
		if r.Shard != nil {
			sameShard = s.Shard == *r.Shard
		}
		if s.Plan != "" && s.Plan != id || !sameShard {
			return fmt.Errorf("%s and %s are of two different runs (another seed, setting or shard): the directory mixes runs; run that report again", FileJSON, FileTimings)
		}
	}
	return nil
}

// GameTimings is the time spent on one game's boards.
type GameTimings struct {
	Name string `json:"name"`
	// Seconds is the sum of the boards' solve, simulate and invariant
	// times (boards run in parallel, so it may exceed the wall time).
	Seconds float64       `json:"seconds"`
	Boards  []BoardTiming `json:"boards"`
}

// BoardTiming is the time spent on one board, in milliseconds.
type BoardTiming struct {
	Index        int     `json:"index"`
	ID           string  `json:"id"`
	SolveMS      float64 `json:"solve_ms"`
	SimulateMS   float64 `json:"simulate_ms"`
	InvariantsMS float64 `json:"invariants_ms"`
}

func (b BoardTiming) total() float64 { return b.SolveMS + b.SimulateMS + b.InvariantsMS }

func newTimings(opt Options, skel []gameSkeleton, boards [][]BoardTiming, wall time.Duration) *Timings {
	t := &Timings{Shards: []ShardTiming{{Shard: opt.Shard, Workers: opt.Workers, WallSeconds: wall.Seconds()}}}
	for gi, sk := range skel {
		t.Games = append(t.Games, gameTimings(sk.name, boards[gi]))
	}
	return t
}

func gameTimings(name string, boards []BoardTiming) GameTimings {
	bs := slices.Clone(boards)
	slices.SortFunc(bs, func(a, b BoardTiming) int { return cmp.Compare(a.Index, b.Index) })
	g := GameTimings{Name: name, Boards: bs}
	for _, b := range bs {
		g.Seconds += b.total() / 1000
	}
	return g
}

// mergeTimings joins the timings of a run's shards.
func mergeTimings(parts []*Timings) *Timings {
	out := &Timings{}
	byGame := map[string][]BoardTiming{}
	var order []string
	for _, p := range parts {
		if p == nil {
			continue
		}
		out.Shards = append(out.Shards, p.Shards...)
		for _, g := range p.Games {
			if _, ok := byGame[g.Name]; !ok {
				order = append(order, g.Name)
			}
			byGame[g.Name] = append(byGame[g.Name], g.Boards...)
		}
	}
	slices.SortFunc(out.Shards, func(a, b ShardTiming) int { return cmp.Compare(a.Shard.Index, b.Shard.Index) })
	for _, name := range order {
		out.Games = append(out.Games, gameTimings(name, byGame[name]))
	}
	return out
}
