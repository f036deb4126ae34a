package reports

import (
	"testing"
)

func TestBudgetSplitSumsToAlpha(t *testing.T) {
	goals := []CoverageGoal{{Class: "big", MinShare: 0.3}, {Class: "small", MinShare: 0.2}}
	for _, withGoals := range []bool{false, true} {
		p := Plan{Alpha: 1e-6, Boards: 40, Games: []PlannedGame{
			{Name: "a", SampleBoards: 2}, {Name: "b", SampleBoards: 1}, {Name: "c", SampleBoards: 5}, {Name: "d"}}}
		if withGoals {
			p.Games[1].Coverage = goals
			p.Games[3].Coverage = goals[:1]
		}
		var sum float64
		checks := 0
		for _, g := range p.Games {
			b := gameBudget(p, g)
			sum += float64(b.Boards)*b.AlphaPerBoard + b.CalibrationAlpha + float64(len(g.Coverage))*b.CoverageAlpha
			checks += b.Boards + 1 + len(g.Coverage)
			if (b.CoverageAlpha != 0) != (len(g.Coverage) > 0) {
				t.Errorf("%s: coverage α %g with %d goals", g.Name, b.CoverageAlpha, len(g.Coverage))
			}
		}
		if d := sum - p.Alpha; d > 1e-18 || d < -1e-18 {
			t.Fatalf("goals %v: shares sum to %g, want %g", withGoals, sum, p.Alpha)
		}
		budget := planBudget(p)
		if budget.Checks != checks {
			t.Fatalf("goals %v: budget counts %d checks, want %d", withGoals, budget.Checks, checks)
		}
		if want := map[bool]string{false: budgetRule, true: budgetRuleCoverage}[withGoals]; budget.Rule != want {
			t.Errorf("goals %v: rule %q", withGoals, budget.Rule)
		}
	}
}
