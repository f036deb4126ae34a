package reports

import (
	"fmt"
	"io"
)

// WriteSummary prints a few lines for a terminal: the budget and one line per game.
func WriteSummary(w io.Writer, r *Report) {
	shard := ""
	if r.Shard != nil {
		shard = fmt.Sprintf(" (shard %s: no calibration)", r.Shard)
	}
	fmt.Fprintf(w, "chancecheck report%s: seed %d, %d runs per board, α = %g over %d checks\n",
		shard, r.Plan.Seed, r.Plan.Runs, r.Budget.Alpha, r.Budget.Checks)
	for _, g := range r.Games {
		cal := "calibration (shard)"
		if c := g.Calibration; c != nil {
			cal = fmt.Sprintf("calibration p = %.3g over %d boards", c.PValue, c.Boards)
		}
		fmt.Fprintf(w, "  %-9s %3d boards, %d failed, invariants %d/%d failed, %s: %s\n",
			g.Name, len(g.Boards), g.BoardsFailed, invariantFailures(g), invariantChecks(g), cal, passWord(g.Pass))
	}
	fmt.Fprintf(w, "verdict: %s\n", passWord(r.Pass))
}
