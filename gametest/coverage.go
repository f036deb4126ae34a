package gametest

import (
	"fmt"
	"math"
	"strings"

	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// coverageBoards is the fewest generated boards the coverage check counts;
// it counts more when a goal's share is too small for coverageBoards to
// judge, up to maxCoverageBoards.
const (
	coverageBoards    = 200
	maxCoverageBoards = 20000
)

// checkCoverage: over n generated boards, each coverage goal's class holds
// a share not significantly below the goal, by the one-sided exact binomial
// test the report uses (p = P(Bin(n, goal) ≤ boards in the class), failing
// when p ≤ the kit's α, props.TestAlpha by default). n is coverageBoards,
// or more when the smallest goal needs more for the test to fail a class
// that never occurs ((1 − goal)ⁿ ≤ α): so a class that never occurs always
// fails. A goal too small to judge within maxCoverageBoards boards is
// logged as such, never passed as met. The boards are Example(0),
// Example(1), …: the same on every run, so the check passes or fails the
// same way each time. A game without goals skips the check, saying so.
func checkCoverage(t rapid.TB, g props.Game, o options) {
	goals := g.Coverage()
	if len(goals) == 0 {
		t.Skipf("%s declares no coverage goals (Spec.Coverage): check and report show its classes but test no share", g.Name())
		return
	}
	n := coverageBoards
	for _, goal := range goals {
		n = max(n, min(maxCoverageBoards, boardsToJudge(goal.MinShare, o.alpha)))
	}
	counts := map[string]int{}
	for i := range n {
		counts[g.Classify(g.Generator().Example(i))]++
	}
	var met, under, unjudged []string
	for _, goal := range goals {
		k := counts[goal.Class]
		p := estimate.BinomialCDF(int64(k), int64(n), goal.MinShare)
		line := fmt.Sprintf("class %s: %d of %d boards (%.1f%%), goal ≥ %.1f%%, p = P(Bin(n, goal) ≤ %d) = %.3g",
			goal.Class, k, n, 100*float64(k)/float64(n), 100*goal.MinShare, k, p)
		switch {
		case p <= o.alpha:
			under = append(under, line)
		case estimate.BinomialCDF(0, int64(n), goal.MinShare) > o.alpha:
			unjudged = append(unjudged, line)
		default:
			met = append(met, line)
		}
	}
	t.Logf("%d generated boards by class: %s", n, describeCounts(counts))
	for _, m := range met {
		t.Logf("ok: %s", m)
	}
	for _, u := range unjudged {
		t.Logf("too few boards to judge, %d being the most this check draws: %s", n, u)
	}
	if len(under) > 0 {
		t.Fatalf("the generator misses its coverage goals (one-sided exact binomial test at α = %g):\n%s", o.alpha, strings.Join(under, "\n"))
	}
}

// boardsToJudge is the fewest boards n at which a class of share s that
// never occurs is rejected at alpha: (1 − s)ⁿ ≤ alpha.
func boardsToJudge(s, alpha float64) int {
	if s >= 1 {
		return 1
	}
	n := math.Ceil(math.Log(alpha) / math.Log1p(-s))
	if n > maxCoverageBoards {
		return maxCoverageBoards + 1
	}
	return int(n)
}
