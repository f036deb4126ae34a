package props

import (
	"fmt"
	"math"

	"github.com/chancecheck/chancecheck/montecarlo/estimate"
)

// DefaultCoverageAlpha is the false-alarm budget of a check's coverage test
// when CrossCheck.Alpha is 0: the chance that a generator meeting all its
// goals is reported under-covered is at most this.
const DefaultCoverageAlpha = 1e-6

// CoverageVerdict is what the coverage test says of one goal.
type CoverageVerdict int

const (
	// CoverageOK: the test does not reject the goal; the generator's share
	// may well reach it.
	CoverageOK CoverageVerdict = iota
	// UnderCovered: the test rejects the goal: the generator's share of
	// the class is below it, with a false-alarm chance of at most Alpha.
	UnderCovered
	// TooFewBoards: too few boards were judged for the test to reject even
	// with none in the class, so it says nothing either way. It is neither
	// a pass nor a failure, and is never shown as "ok".
	TooFewBoards
)

// String is the verdict as text output prints it: "ok", "under-covered",
// "too few boards to judge".
func (v CoverageVerdict) String() string {
	switch v {
	case CoverageOK:
		return "ok"
	case UnderCovered:
		return "under-covered"
	case TooFewBoards:
		return "too few boards to judge"
	}
	return "coverage verdict?"
}

// MarshalText is the verdict as JSON outputs spell it (check --json, and
// report.json's coverage rows, docs/report-schema.md): "ok",
// "under-covered", "too-few-boards".
func (v CoverageVerdict) MarshalText() ([]byte, error) {
	switch v {
	case CoverageOK, UnderCovered:
		return []byte(v.String()), nil
	case TooFewBoards:
		return []byte("too-few-boards"), nil
	}
	return nil, fmt.Errorf("props: coverage verdict %d is none of ok, under-covered, too-few-boards", int(v))
}

// UnmarshalText reads what MarshalText writes.
func (v *CoverageVerdict) UnmarshalText(b []byte) error {
	for _, w := range []CoverageVerdict{CoverageOK, UnderCovered, TooFewBoards} {
		if t, _ := w.MarshalText(); string(t) == string(b) {
			*v = w
			return nil
		}
	}
	return fmt.Errorf("props: coverage verdict %q is none of ok, under-covered, too-few-boards", b)
}

// ClassCoverage is the test of one coverage goal over n generated boards.
type ClassCoverage struct {
	Class    string
	Boards   int     // generated boards in the class, k
	Share    float64 // k/n; 0 when n = 0
	MinShare float64 // the goal
	// PValue is P(Bin(n, MinShare) ≤ k), the one-sided exact p-value.
	PValue  float64
	Alpha   float64 // this goal's share of the budget
	Verdict CoverageVerdict
	// BoardsNeeded, for TooFewBoards, is the fewest generated boards at
	// which the test could reject (with none in the class).
	BoardsNeeded int
}

// JudgeCoverage tests each goal on the classes of n generated boards
// (classes[c] of them in class c) within a false-alarm budget of alpha,
// split equally over the goals (Bonferroni).
//
// Every board is drawn independently, so the number k in class c is
// Binomial(n, s), s the generator's true share. The test of a goal is the
// one-sided exact binomial test of H0 "s ≥ MinShare": its p-value
// P(Bin(n, MinShare) ≤ k) bounds P(K ≤ k) for every s ≥ MinShare, so
// rejecting when it is at most alpha/len(goals) is a false alarm with at
// most that chance, and all goals together with at most alpha. The test is
// made once, at the end of the run, treating n as fixed; QuickCheck's
// checkCoverage, the model, tests sequentially as the run goes. n is fixed
// under Cases; under Time it depends a little on how long the boards take
// (a slow class slows the run), which this test ignores; and a run that
// stopped at a solver's failure has failed anyway.
//
// With too few boards the test cannot reject even k = 0, when
// P(Bin(n, MinShare) ≤ 0) = (1 − MinShare)^n exceeds the goal's share of
// alpha: the goal is then TooFewBoards, never a silent pass.
func JudgeCoverage(goals []ClassGoal, classes map[string]int, n int, alpha float64) []ClassCoverage {
	if len(goals) == 0 {
		return nil
	}
	each := alpha / float64(len(goals))
	rows := make([]ClassCoverage, 0, len(goals))
	for _, g := range goals {
		k := classes[g.Class]
		r := ClassCoverage{
			Class: g.Class, Boards: k, MinShare: g.MinShare, Alpha: each,
			PValue: estimate.BinomialCDF(int64(k), int64(n), g.MinShare),
		}
		if n > 0 {
			r.Share = float64(k) / float64(n)
		}
		switch {
		case r.PValue <= each:
			r.Verdict = UnderCovered
		case estimate.BinomialCDF(0, int64(n), g.MinShare) > each:
			r.Verdict, r.BoardsNeeded = TooFewBoards, boardsToJudge(g.MinShare, each)
		}
		rows = append(rows, r)
	}
	return rows
}

// boardsToJudge is the fewest n with (1 − share)^n ≤ alpha: n ≥
// ln(alpha)/ln(1 − share), found with the closed form of the tail and then,
// below maxExactBoards, checked against the tail the test computes. A tiny
// share needs more boards than any run: the count is capped at 2^53.
func boardsToJudge(share, alpha float64) int {
	if share >= 1 {
		return 1
	}
	none := func(n int) float64 { return math.Exp(float64(n) * math.Log1p(-share)) } // P(Bin(n, share) = 0)
	x := math.Ceil(math.Log(alpha) / math.Log1p(-share))
	if !(x < 1<<53) {
		return 1 << 53
	}
	n := max(int(x), 1)
	for n > 1 && none(n-1) <= alpha {
		n--
	}
	for none(n) > alpha {
		n++
	}
	if n < maxExactBoards { // BinomialCDF takes O(√n) steps
		for n > 1 && estimate.BinomialCDF(0, int64(n-1), share) <= alpha {
			n--
		}
		for estimate.BinomialCDF(0, int64(n), share) > alpha {
			n++
		}
	}
	return n
}

// maxExactBoards bounds the counts boardsToJudge checks against the
// test's own tail.
const maxExactBoards = 1 << 24

func (c *CrossCheck) coverageAlpha() float64 {
	if c.Alpha > 0 {
		return c.Alpha
	}
	return DefaultCoverageAlpha
}
