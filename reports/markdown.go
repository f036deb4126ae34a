package reports

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
)

// markdownMaxBoards caps the boards listed per game in report.md, which must
// stay under the 1 MiB a GitHub job summary holds (a row is ~150 bytes;
// failed boards are always listed in full above the table).
const markdownMaxBoards = 1000

// WriteMarkdown writes report.md: a summary that fits a GitHub job summary
// (verdict, budget, one line per game, failures in full, every board in a
// collapsed table). t may be nil.
func WriteMarkdown(w io.Writer, r *Report, t *Timings) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# chancecheck agreement report: %s\n\n", verdictMark(reportVerdict(r)))
	if r.Shard != nil {
		fmt.Fprintf(&b, "**Shard %s**: a partial report (no calibration); `chancecheck report merge` joins the shards.\n\n", r.Shard)
	}
	fmt.Fprintf(&b, "Seed %d · %d simulated games per board · the published samples and %d generated boards per game.\n\n",
		r.Plan.Seed, r.Plan.Runs, r.Plan.Boards)
	fmt.Fprintf(&b, "%s\n\n", describeBudget(r))
	b.WriteString("| game | boards | failed | α per board | smallest shift seen: median / max | calibration: boards, D, p | common z-shift seen | invariants failed | verdict |\n")
	b.WriteString("|---|--:|--:|--:|--:|---|--:|--:|---|\n")
	for _, g := range r.Games {
		fmt.Fprintf(&b, "| %s | %d | %d | %.3g | %s / %s | %s | %s | %d / %d | %s |\n",
			g.Name, len(g.Boards), g.BoardsFailed, g.Budget.AlphaPerBoard,
			optG(g.Sensitivity.MinDetectableMedian), optG(g.Sensitivity.MinDetectableMax),
			calibrationCell(g.Calibration), optG(g.Sensitivity.CalibrationZShift),
			invariantFailures(g), invariantChecks(g), verdictMark(gameVerdict(g)))
	}
	b.WriteString("\nThe smallest shift is the change of a board's mean outcome (or win probability) its test detects with probability ≥ ½; " +
		"the common z-shift is the bias, in standard errors and the same on every board, that the calibration test detects.\n")
	for gi, g := range r.Games {
		writeGameMarkdown(&b, plannedGame(r, gi), g)
	}
	if t != nil {
		writeTimingsMarkdown(&b, t)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// byRules reports whether some board's exact answer came from the rules
// engine (a game defined by its rules).
func byRules(boards []BoardReport) bool {
	for _, bd := range boards {
		if strings.HasPrefix(bd.Oracle, "the rules engine") {
			return true
		}
	}
	return false
}

func writeGameMarkdown(b *strings.Builder, pg PlannedGame, g GameReport) {
	fmt.Fprintf(b, "\n## %s %s\n\n%s\n\n", g.Name, verdictMark(gameVerdict(g)), g.Title)
	fmt.Fprintf(b, "Budget: α = %.3g for the game, %.3g per board, %.3g for the calibration%s.\n\n",
		g.Budget.Alpha, g.Budget.AlphaPerBoard, g.Budget.CalibrationAlpha, coverageBudgetText(g.Budget))
	if byRules(g.Boards) {
		b.WriteString("Exact answers from the rules engine, and the referee plays the same rules: their agreement shows the engine solved the rules as written, " +
			"not that the rules are the problem's (a wrong rules function fools both); a solver written apart, judged by `check`, is the independent side.\n\n")
	}
	if c := g.Calibration; c != nil && c.NotTested != "" {
		fmt.Fprintf(b, "Calibration: %s, %d left out%s: neither a pass nor a failure.\n\n",
			calibrationUntested(c), c.Skipped, leftOutReasons(g.Boards))
	} else if c != nil {
		fmt.Fprintf(b, "Calibration: U = Φ(Z) of %d boards (%d left out%s) against Uniform(0,1): D = %.4f, Berry–Esseen allowance %.4f, p = %.3g: %s.\n\n",
			c.Boards, c.Skipped, leftOutReasons(g.Boards), c.D, c.BerryEsseen, c.PValue, passWord(c.Pass))
	}
	if line := notJudgedLine(g); line != "" {
		fmt.Fprintf(b, "%s\n\n", line)
	}
	if line := nothingJudgedLine(g); line != "" {
		fmt.Fprintf(b, "**%s**\n\n", line)
	}
	var failed []BoardReport
	for _, bd := range g.Boards {
		if bd.Verdict == BoardFail {
			failed = append(failed, bd)
		}
	}
	if len(failed) > 0 {
		fmt.Fprintf(b, "### Failed boards\n\n")
		for _, bd := range failed {
			fmt.Fprintf(b, "- **%s** (%s): %s\n", bd.ID, bd.Class, boardFailure(bd))
			fmt.Fprintf(b, "\n  ```\n%s  ```\n", indent(bd.Input, "  "))
		}
		b.WriteString("\n")
	}
	b.WriteString("| invariant | checked | failed | what holds |\n|---|--:|--:|---|\n")
	for _, inv := range g.Invariants {
		fmt.Fprintf(b, "| %s | %d | %d | %s |\n", inv.Name, inv.Checked, inv.Failed, escapeCell(inv.Doc))
	}
	if len(g.Classes) > 0 {
		var parts []string
		for _, c := range g.Classes {
			parts = append(parts, fmt.Sprintf("%s %d", c.Class, c.Boards))
		}
		fmt.Fprintf(b, "\nGenerated boards by coverage class: %s.\n", strings.Join(parts, ", "))
	}
	if len(pg.Params) > 0 {
		fmt.Fprintf(b, "\nGenerator parameters: `%s`.\n", formatParams(pg.Params))
	}
	writeCoverageMarkdown(b, pg, g)
	shown := g.Boards
	if len(shown) > markdownMaxBoards {
		shown = shown[:markdownMaxBoards]
	}
	fmt.Fprintf(b, "\n<details><summary>All %d boards</summary>\n\n", len(g.Boards))
	if len(shown) < len(g.Boards) {
		fmt.Fprintf(b, "The first %d; report.html and report.json hold all %d.\n\n", len(shown), len(g.Boards))
	}
	b.WriteString("| board | class | exact | simulated | interval | test | statistic | p | z | verdict |\n|---|---|--:|--:|---|---|--:|--:|--:|---|\n")
	for _, bd := range shown {
		a := bd.Agreement
		if bd.NotJudged != "" {
			fmt.Fprintf(b, "| %s | %s | not judged | | | %s | | | | %s |\n",
				bd.ID, bd.Class, escapeCell(bd.NotJudged), boardWord(bd))
			continue
		}
		if bd.NotPlayed != "" {
			fmt.Fprintf(b, "| %s | %s | %.6g | not played | | %s | | | | %s |\n",
				bd.ID, bd.Class, bd.Exact, escapeCell(bd.NotPlayed), boardWord(bd))
			continue
		}
		fmt.Fprintf(b, "| %s | %s | %.6g | %.6g | %.5g … %.5g | %s | %.4g | %.3g | %s | %s |\n",
			bd.ID, bd.Class, bd.Exact, a.SimMean, a.CILow, a.CIHigh, a.Test, a.Statistic, a.PValue, zText(a.Z), passWord(bd.Pass))
	}
	b.WriteString("\n</details>\n")
}

// writeCoverageMarkdown writes the game's coverage table, when it has goals.
func writeCoverageMarkdown(b *strings.Builder, pg PlannedGame, g GameReport) {
	if len(pg.Coverage) == 0 {
		return
	}
	if g.Coverage == nil {
		fmt.Fprintf(b, "\nCoverage: %d goal(s), judged when the shards are merged (the test needs every board).\n", len(pg.Coverage))
		return
	}
	fmt.Fprintf(b, "\nCoverage goals over the %d generated boards: one-sided exact binomial test of \"share ≥ goal\", p = P(Bin(n, goal) ≤ boards), α = %.3g per goal.\n\n",
		g.Coverage[0].Generated, g.Coverage[0].Alpha)
	b.WriteString("| class | boards | share | goal | p | verdict |\n|---|--:|--:|--:|--:|---|\n")
	for _, c := range g.Coverage {
		fmt.Fprintf(b, "| %s | %d | %.1f%% | ≥ %.1f%% | %.3g | %s |\n", escapeCell(c.Class), c.Boards, 100*c.Share, 100*c.MinShare, c.PValue, escapeCell(coverageVerdict(c)))
	}
}

// coverageBudgetText is ", X per coverage goal" for a game with goals, else "".
func coverageBudgetText(b GameBudget) string {
	if b.CoverageAlpha == 0 {
		return ""
	}
	return fmt.Sprintf(", %.3g per coverage goal", b.CoverageAlpha)
}

// plannedGame is the plan's entry of game gi of r (the zero value when the
// plan lacks it).
func plannedGame(r *Report, gi int) PlannedGame {
	if gi < len(r.Plan.Games) {
		return r.Plan.Games[gi]
	}
	return PlannedGame{}
}

func writeTimingsMarkdown(b *strings.Builder, t *Timings) {
	b.WriteString("\n## Timings\n\n| game | boards | seconds (sum over boards) | slowest board |\n|---|--:|--:|---|\n")
	for _, g := range t.Games {
		slow := BoardTiming{}
		for _, bt := range g.Boards {
			if bt.total() > slow.total() {
				slow = bt
			}
		}
		fmt.Fprintf(b, "| %s | %d | %.2f | %s %.0f ms |\n", g.Name, len(g.Boards), g.Seconds, slow.ID, slow.total())
	}
	for _, s := range t.Shards {
		fmt.Fprintf(b, "\nShard %s: %.1f s wall on %d workers.", s.Shard, s.WallSeconds, s.Workers)
	}
	b.WriteString("\n")
}

// boardFailure says in one line why a board failed.
func boardFailure(bd BoardReport) string {
	var why []string
	if bd.Error != "" {
		why = append(why, bd.Error)
	}
	if a := bd.Agreement; bd.Error == "" && bd.NotPlayed == "" && bd.NotJudged == "" && !a.Pass {
		why = append(why, fmt.Sprintf("%s test over %d runs: exact %.9g, simulated %.9g (interval %.6g … %.6g), statistic %.4g, p = %.3g ≤ α = %.3g, z = %s",
			a.Test, a.Runs, a.ExactMean, a.SimMean, a.CILow, a.CIHigh, a.Statistic, a.PValue, a.Alpha, zText(a.Z)))
	}
	for _, f := range bd.Failed {
		why = append(why, "invariant "+f.Name+": "+f.Message)
	}
	return escapeCell(strings.Join(why, "; "))
}

func calibrationCell(c *Calibration) string {
	if c == nil {
		return "(shard)"
	}
	if c.NotTested != "" {
		return calibrationUntested(c)
	}
	return fmt.Sprintf("%d, %.3f, %.3g %s", c.Boards, c.D, c.PValue, passWord(c.Pass))
}

// calibrationUntested says that a calibration made no test, and why
// (Calibration.NotTested).
func calibrationUntested(c *Calibration) string {
	if c.Boards > 0 {
		return fmt.Sprintf("not tested (%s: %d with a U)", c.NotTested, c.Boards)
	}
	return "not tested (" + c.NotTested + ")"
}

func invariantFailures(g GameReport) int {
	n := 0
	for _, inv := range g.Invariants {
		n += inv.Failed
	}
	return n
}

func invariantChecks(g GameReport) int {
	n := 0
	for _, inv := range g.Invariants {
		n += inv.Checked
	}
	return n
}

// verdictMark is a verdict word (verdictWord) with its emoji.
func verdictMark(word string) string {
	switch word {
	case "pass":
		return "✅ pass"
	case nothingJudgedWord, tooFewJudgedWord:
		return "⚠️ " + word
	}
	return "❌ FAIL"
}

// boardWord is a board's verdict in a table: pass, FAIL, or "not judged"
// for a board nobody could judge (BoardNotJudged).
func boardWord(bd BoardReport) string {
	if bd.Verdict == BoardNotJudged {
		return "not judged"
	}
	return passWord(bd.Pass)
}

// notJudgedLine says how many of a game's boards nobody could judge, as a
// sentence of its own; "" when none.
func notJudgedLine(g GameReport) string {
	if g.BoardsNotJudged == 0 {
		return ""
	}
	return fmt.Sprintf("%d board(s) nobody could judge (the analyst refused them, or the referee cannot play them to the end): skipped, neither a failure nor a pass.", g.BoardsNotJudged)
}

func passWord(pass bool) string {
	if pass {
		return "pass"
	}
	return "FAIL"
}

func optG(x *float64) string {
	if x == nil || math.IsNaN(*x) {
		return "–"
	}
	return fmt.Sprintf("%.3g", *x)
}

func escapeCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

func indent(s, pre string) string {
	var b strings.Builder
	for line := range strings.Lines(s) {
		b.WriteString(pre + line)
	}
	if !strings.HasSuffix(s, "\n") && s != "" {
		b.WriteString("\n")
	}
	return b.String()
}

// skipReasonText says each reason a board is left out of the calibration
// (BoardCalibration.Skipped) in words.
var skipReasonText = map[string]string{
	SkipSigmaZero:   "σ = 0: one outcome only",
	SkipNoRuns:      "no runs",
	SkipBerryEsseen: fmt.Sprintf("Berry–Esseen bound above %g", MaxBerryEsseen),
	SkipNotPlayed:   "not played: longer than the referee plays",
	SkipOutOfTime:   "not played: the referee ran out of time (its time or idleness limit)",
	SkipNotJudged:   "not judged: the analyst refused it",
	SkipError:       "could not be checked",
}

// leftOutReasons is ": " and how many boards were left out for each
// reason, in the order of skipReasonText's keys sorted, or "" for none.
func leftOutReasons(boards []BoardReport) string {
	counts := map[string]int{}
	for _, bd := range boards {
		if r := bd.Calibration.Skipped; r != "" {
			counts[r]++
		}
	}
	var parts []string
	for _, r := range slices.Sorted(maps.Keys(counts)) {
		text, ok := skipReasonText[r]
		if !ok {
			text = r
		}
		parts = append(parts, fmt.Sprintf("%d %s", counts[r], text))
	}
	if len(parts) == 0 {
		return ""
	}
	return ": " + strings.Join(parts, ", ")
}

// zText writes a z-score to two decimals, or "—" for a board without one
// (σ = 0, or no runs: estimate.Agreement.Z is NaN).
func zText(z float64) string {
	if math.IsNaN(z) {
		return "—"
	}
	return fmt.Sprintf("%.2f", z)
}
