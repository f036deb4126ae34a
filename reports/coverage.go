package reports

import (
	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
)

// Coverage goals.
//
// A game declares classes of boards its generator must draw with at least a
// given share (props.ClassGoal), the way QuickCheck's checkCoverage does.
// Over n generated boards (samples are not drawn, so they do not count) the
// number K in class c is Binomial(n, s_c), s_c the generator's true share,
// because every board is drawn independently. The n boards are the run's
// generated boards and more, to CoverageDraws, classified only: a goal is a
// claim about the generator, which the boards checked are a prefix of. The
// goal's test is the one-sided exact binomial test of H0 "s_c ≥ MinShare":
// its p-value P(Bin(n, MinShare) ≤ K) bounds P(K ≤ k) for every s_c ≥
// MinShare, so rejecting at p ≤ α_c is a false alarm with probability at
// most α_c. Each goal is one check of the report's budget (budget.go).
//
// A class that never occurs must not pass silently. With too few boards the
// test cannot reject even K = 0, when P(Bin(n, MinShare) ≤ 0) =
// (1 − MinShare)^n > α_c: the goal is then recorded as too few boards to
// judge, with the number of generated boards per game from which it could
// be judged, not as met.

// Verdicts of a coverage goal (CoverageRow.Verdict).
const (
	CoverageOK     = "ok"             // the test does not reject: the share may well reach the goal
	CoverageUnder  = "under-covered"  // rejected: the generator's share is below the goal
	CoverageTooFew = "too-few-boards" // the test could not reject even with no board in the class
)

// CoverageRow is one coverage goal's test in a game's report.
type CoverageRow struct {
	Class     string  `json:"class"`
	Boards    int     `json:"boards"`    // generated boards in the class, K
	Generated int     `json:"generated"` // generated boards of the game, n
	Share     float64 `json:"share"`     // K/n; 0 when n = 0
	MinShare  float64 `json:"min_share"` // the goal
	// PValue is P(Bin(n, MinShare) ≤ K), the one-sided exact p-value.
	PValue float64 `json:"p_value"`
	Alpha  float64 `json:"alpha"` // this goal's share of the budget
	// Verdict is CoverageOK, CoverageUnder or CoverageTooFew.
	Verdict string `json:"verdict"`
	// BoardsNeeded, for CoverageTooFew, is the fewest generated boards per
	// game (--boards) at which this test could reject, the plan otherwise
	// unchanged; 0 when it cannot be found.
	BoardsNeeded int `json:"boards_needed,omitempty"`
	// Pass is false only for CoverageUnder: too few boards is no finding
	// about the generator, and says so instead of passing as met.
	Pass bool `json:"pass"`
}

// coverageTable tests each of g's coverage goals over the generator's
// first g.CoverageDraws boards (the plan's classes of them), at g's budget.
func coverageTable(p Plan, g PlannedGame, budget GameBudget, _ []BoardReport) []CoverageRow {
	if len(g.Coverage) == 0 {
		return nil
	}
	n, in := g.CoverageDraws, g.CoverageClasses
	var rows []CoverageRow
	for _, goal := range g.Coverage {
		// One goal at a time: each is its own check of the report's
		// budget, at budget.CoverageAlpha.
		c := props.JudgeCoverage([]props.ClassGoal{{Class: goal.Class, MinShare: goal.MinShare}}, in, n, budget.CoverageAlpha)[0]
		r := CoverageRow{
			Class: c.Class, Boards: c.Boards, Generated: n, Share: c.Share, MinShare: c.MinShare,
			PValue: c.PValue, Alpha: c.Alpha, Verdict: CoverageOK, Pass: true,
		}
		switch c.Verdict {
		case props.UnderCovered:
			r.Verdict, r.Pass = CoverageUnder, false
		case props.TooFewBoards:
			r.Verdict = CoverageTooFew
			r.BoardsNeeded = boardsNeeded(p, g, goal.MinShare)
		}
		rows = append(rows, r)
	}
	return rows
}

// maxBoardsNeeded bounds the search of boardsNeeded.
const maxBoardsNeeded = 1 << 30

// boardsNeeded is the fewest generated boards per game m at which a goal of
// share s in game g can be judged, all else in p the same: the least m with
// P(Bin(m, s) ≤ 0) = (1 − s)^m ≤ α_c(m) = (α/G)/(samples + m + 1 + goals),
// since K = 0 then rejects. In logarithms m·ln(1 − s) + ln(samples + m + 1 +
// goals) − ln(α/G) is concave in m and positive at m = 0, so once it falls
// to 0 it stays below: doubling, then bisection, finds the crossing. 0 when
// it lies beyond maxBoardsNeeded.
func boardsNeeded(p Plan, g PlannedGame, s float64) int {
	gameAlpha := p.Alpha / float64(max(len(p.Games), 1))
	fixed := g.SampleBoards + 1 + len(g.Coverage)
	judged := func(m int) bool {
		return estimate.BinomialCDF(0, int64(m), s) <= gameAlpha/float64(fixed+m)
	}
	lo, hi := 0, max(p.Boards, 1) // judged(lo) is false
	for !judged(hi) {
		if hi >= maxBoardsNeeded {
			return 0
		}
		lo, hi = hi, 2*hi
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if judged(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}
