package reports

import (
	"fmt"
	"io"
	"strings"
)

// WriteSummary prints a few lines for a terminal: the budget and one line per game.
func WriteSummary(w io.Writer, r *Report) {
	shard := ""
	if r.Shard != nil {
		shard = fmt.Sprintf(" (shard %s: no calibration)", r.Shard)
	}
	fmt.Fprintf(w, "chancecheck report%s: seed %d, %d runs per board, α = %g over %d checks\n",
		shard, r.Plan.Seed, r.Plan.Runs, r.Budget.Alpha, r.Budget.Checks)
	for gi, g := range r.Games {
		cal := "calibration (shard)"
		if c := g.Calibration; c != nil && c.NotTested != "" {
			cal = "calibration " + calibrationUntested(c)
		} else if c != nil {
			cal = fmt.Sprintf("calibration p = %.3g over %d boards", c.PValue, c.Boards)
		}
		if g.Coverage != nil {
			cal += fmt.Sprintf(", coverage %d/%d goals under-covered", underCovered(g), len(g.Coverage))
		}
		notJudged := ""
		if g.BoardsNotJudged > 0 {
			notJudged = fmt.Sprintf(", %d nobody could judge (skipped)", g.BoardsNotJudged)
		}
		fmt.Fprintf(w, "  %-9s %3d boards, %d failed%s, invariants %d/%d failed, %s: %s\n",
			g.Name, len(g.Boards), g.BoardsFailed, notJudged, invariantFailures(g), invariantChecks(g), cal, gameVerdict(g))
		if line := nothingJudgedLine(g); line != "" {
			fmt.Fprintf(w, "            %s\n", line)
		}
		writeGeneratorSummary(w, plannedGame(r, gi), g)
	}
	verdict := reportVerdict(r)
	switch verdict {
	case nothingJudgedWord:
		verdict += fmt.Sprintf(": nobody could judge any board of %s: no verdict", strings.Join(r.NothingJudgedGames(), ", "))
	case tooFewJudgedWord:
		verdict += fmt.Sprintf(": too few boards of %s were judged: no verdict", strings.Join(r.TooFewJudgedGames(), ", "))
	}
	fmt.Fprintf(w, "verdict: %s\n", verdict)
}

// writeGeneratorSummary prints, under a game's line, the generator's
// parameter values and the coverage table, when the game has them.
func writeGeneratorSummary(w io.Writer, pg PlannedGame, g GameReport) {
	const pad = "            "
	if len(pg.Params) > 0 {
		fmt.Fprintf(w, "%sgenerator: %s\n", pad, formatParams(pg.Params))
	}
	if len(pg.Coverage) == 0 {
		return
	}
	if g.Coverage == nil {
		fmt.Fprintf(w, "%scoverage: %d goal(s), judged when the shards are merged\n", pad, len(pg.Coverage))
		return
	}
	fmt.Fprintf(w, "%scoverage of %d generated boards, α = %.3g per goal:\n", pad, g.Coverage[0].Generated, g.Coverage[0].Alpha)
	width := 0
	for _, c := range g.Coverage {
		width = max(width, len(c.Class))
	}
	for _, c := range g.Coverage {
		fmt.Fprintf(w, "%s  %-*s %5d %6.1f%%  goal ≥ %5.1f%%  p = %-9.3g %s\n",
			pad, width, c.Class, c.Boards, 100*c.Share, 100*c.MinShare, c.PValue, coverageVerdict(c))
	}
}

// coverageVerdict says a coverage goal's verdict in words.
func coverageVerdict(c CoverageRow) string {
	switch c.Verdict {
	case CoverageUnder:
		return "UNDER-COVERED"
	case CoverageTooFew:
		if c.BoardsNeeded > 0 {
			return fmt.Sprintf("too few boards to judge (%d generated boards would do)", c.BoardsNeeded)
		}
		return "too few boards to judge"
	}
	return "ok"
}

// underCovered counts the game's goals whose test rejected.
func underCovered(g GameReport) int {
	n := 0
	for _, c := range g.Coverage {
		if c.Verdict == CoverageUnder {
			n++
		}
	}
	return n
}
