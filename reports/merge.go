package reports

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/chancecheck/chancecheck/props"
)

// Merge joins the partial reports of all shards of one run into the report
// the whole run gives: the same bytes, because each board's result depends
// only on the plan and the board, and everything else is derived from the
// boards by the same code (assemble). The parts may come in any order; they
// must share one plan and cover every shard exactly once.
func Merge(parts []*Report) (*Report, error) {
	if len(parts) == 0 {
		return nil, errors.New("reports: merge: no reports")
	}
	first := parts[0]
	count := 1
	if first.Shard != nil {
		count = first.Shard.Count
	}
	seen := make([]bool, count+1)
	for i, r := range parts {
		if r.Schema != SchemaVersion || r.Tool != Tool {
			return nil, fmt.Errorf("reports: merge: report %d has schema %s %d, want %s %d", i+1, r.Tool, r.Schema, Tool, SchemaVersion)
		}
		if msg := generatorDifference(r.Plan, first.Plan); msg != "" {
			return nil, fmt.Errorf("reports: merge: report %d %s", i+1, msg)
		}
		if !reflect.DeepEqual(r.Plan, first.Plan) {
			return nil, fmt.Errorf("reports: merge: report %d has another plan (seed, alpha, runs, boards, games, generator parameters or coverage goals differ)", i+1)
		}
		sh := props.Shard{Index: 1, Count: 1}
		if r.Shard != nil {
			sh = *r.Shard
		}
		if sh.Count != count || sh.Index < 1 || sh.Index > count {
			return nil, fmt.Errorf("reports: merge: report %d is shard %s of a run in %d shards", i+1, sh, count)
		}
		if seen[sh.Index] {
			return nil, fmt.Errorf("reports: merge: shard %s given twice", sh)
		}
		seen[sh.Index] = true
		if len(r.Games) != len(first.Plan.Games) {
			return nil, fmt.Errorf("reports: merge: shard %s has %d games, its plan %d", sh, len(r.Games), len(first.Plan.Games))
		}
	}
	// Checked after each report's own checks, so that a report of another
	// run is named as such rather than miscounted; more reports than
	// shards are a shard given twice, caught above.
	if len(parts) != count {
		var missing []string
		for i := 1; i <= count; i++ {
			if !seen[i] {
				missing = append(missing, fmt.Sprint(i))
			}
		}
		return nil, fmt.Errorf("reports: merge: %d reports for a run in %d shards: shard(s) %s of %d missing", len(parts), count, strings.Join(missing, ", "), count)
	}
	p := first.Plan
	skel := make([]gameSkeleton, len(p.Games))
	boards := make([][]BoardReport, len(p.Games))
	for gi, g := range p.Games {
		skel[gi] = skeletonFrom(first.Games[gi])
		slots := make([]*BoardReport, g.boards(p.Boards))
		for _, r := range parts {
			if r.Games[gi].Name != g.Name {
				return nil, fmt.Errorf("reports: merge: game %d is %s in one shard and %s in the plan", gi+1, r.Games[gi].Name, g.Name)
			}
			for _, b := range r.Games[gi].Boards {
				if b.Index < 0 || b.Index >= len(slots) || slots[b.Index] != nil {
					return nil, fmt.Errorf("reports: merge: %s board %d (%s) out of plan or given twice", g.Name, b.Index, b.ID)
				}
				slots[b.Index] = &b
			}
		}
		for bi, b := range slots {
			if b == nil {
				return nil, fmt.Errorf("reports: merge: %s board %d missing from every shard", g.Name, bi)
			}
			boards[gi] = append(boards[gi], *b)
		}
	}
	return assemble(p, nil, skel, boards), nil
}

// generatorDifference says how a shard's generators differ from the first
// shard's, game by game, or "": shards drawn under other parameter values
// (--gen, --limits) or other coverage goals are not slices of one run.
func generatorDifference(p, first Plan) string {
	for gi, g := range p.Games {
		if gi >= len(first.Games) || first.Games[gi].Name != g.Name {
			return "" // another list of games: the plan check says so
		}
		f := first.Games[gi]
		if !maps.Equal(g.Params, f.Params) {
			return fmt.Sprintf("was run with other generator parameters for %s (%s, the first report %s): every shard needs the same --gen and --limits",
				g.Name, formatParams(g.Params), formatParams(f.Params))
		}
		if !slices.Equal(g.Coverage, f.Coverage) {
			return fmt.Sprintf("has other coverage goals for %s: its shards come from different definitions of the game", g.Name)
		}
	}
	return ""
}

// formatParams is "cols=30 rows=29" in name order, or "none".
func formatParams(values map[string]int) string {
	if len(values) == 0 {
		return "none"
	}
	var parts []string
	for _, name := range slices.Sorted(maps.Keys(values)) {
		parts = append(parts, fmt.Sprintf("%s=%d", name, values[name]))
	}
	return strings.Join(parts, " ")
}
