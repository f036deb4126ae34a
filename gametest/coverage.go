package gametest

import (
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/internal/rapidflags"
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
		// With no board counted, every goal is too few to judge and says
		// how many boards it takes.
		need := props.JudgeCoverage([]props.ClassGoal{goal}, nil, 0, o.alpha)[0].BoardsNeeded
		n = max(n, min(maxCoverageBoards, need))
	}
	counts := map[string]int{}
	for i := range n {
		counts[g.Classify(rapidflags.Example(g.Generator(), i))]++
	}
	var met, under, unjudged []string
	for _, goal := range goals {
		c := props.JudgeCoverage([]props.ClassGoal{goal}, counts, n, o.alpha)[0]
		line := fmt.Sprintf("class %s: %d of %d boards (%.1f%%), goal ≥ %.1f%%, p = P(Bin(n, goal) ≤ %d) = %.3g",
			goal.Class, c.Boards, n, 100*c.Share, 100*goal.MinShare, c.Boards, c.PValue)
		switch c.Verdict {
		case props.UnderCovered:
			under = append(under, line)
		case props.TooFewBoards:
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
