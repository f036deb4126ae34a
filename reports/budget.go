package reports

import (
	"fmt"
	"math"
	"slices"
)

// budgetRule states the split of the report's false-alarm budget in words;
// budgetRuleCoverage when some game declares coverage goals.
const (
	budgetRule = "α is split equally over the games; a game's share is split equally over its boards' " +
		"agreement tests and its one calibration test (Bonferroni); invariants are exact and take no share"
	budgetRuleCoverage = "α is split equally over the games; a game's share is split equally over its boards' " +
		"agreement tests, its one calibration test and one test per coverage goal (Bonferroni); " +
		"invariants are exact and take no share"
)

// planBudget is the report-level budget of a plan.
func planBudget(p Plan) Budget {
	checks := 0
	rule := budgetRule
	for _, g := range p.Games {
		checks += g.checks(p.Boards)
		if len(g.Coverage) > 0 {
			rule = budgetRuleCoverage
		}
	}
	return Budget{Alpha: p.Alpha, Rule: rule, Checks: checks}
}

// checks is the number of statistical checks of game g in a plan of
// generated boards per game: one per board, the calibration, one per
// coverage goal.
func (g PlannedGame) checks(generated int) int { return g.boards(generated) + 1 + len(g.Coverage) }

// gameBudget is game g's share of the plan's budget: α/G for the game, split
// over its boards, its calibration test and its coverage goals. By
// Bonferroni the chance that any check of the report fails while every
// solver, referee and generator is right is at most Σ_games Σ_checks share
// = α.
func gameBudget(p Plan, g PlannedGame) GameBudget {
	alpha := p.Alpha / float64(max(len(p.Games), 1))
	each := alpha / float64(g.checks(p.Boards))
	b := GameBudget{Alpha: alpha, Boards: g.boards(p.Boards), AlphaPerBoard: each, CalibrationAlpha: each}
	if len(g.Coverage) > 0 {
		b.CoverageAlpha = each
	}
	return b
}

// sensitivity summarises what the game's checks could have detected.
func sensitivity(boards []BoardReport, cal *Calibration) Sensitivity {
	var md []float64
	for _, b := range boards {
		if m := b.Agreement.MinDetectable; b.Agreement.Runs > 0 && !math.IsInf(m, 0) && !math.IsNaN(m) {
			md = append(md, m)
		}
	}
	var s Sensitivity
	if len(md) > 0 {
		slices.Sort(md)
		med := md[len(md)/2]
		if len(md)%2 == 0 {
			med = (md[len(md)/2-1] + md[len(md)/2]) / 2
		}
		s.MinDetectableMedian = &med
		s.MinDetectableMax = &md[len(md)-1]
	}
	if cal != nil {
		if z, ok := detectableZShift(cal.Boards, cal.BerryEsseen, cal.Alpha); ok {
			s.CalibrationZShift = &z
		}
	}
	return s
}

// describeBudget is the budget's statement in one paragraph, for people.
func describeBudget(r *Report) string {
	return fmt.Sprintf("One false-alarm budget α = %g for the whole report, shared by %d statistical checks: %s. "+
		"If every solver and referee is right, the report goes red by chance with probability at most α.",
		r.Budget.Alpha, r.Budget.Checks, r.Budget.Rule)
}
