package programs

import (
	"fmt"
	"math"

	"github.com/chancecheck/chancecheck/props"
)

// The closest calls of a stress run (issue 31), as check keeps them
// (props.Closest): each case's error score — against the brute force by
// the judge's rule (props.ToleranceScore; 0 or ∞ for an exact answer), or
// the referee's test as a score (props.StatisticalScore) where the
// referee judged the solver's answer itself — and each clean solver run's
// CPU time and peak memory, taken in case order.

// caseClosest is what one case offers to the closest calls: the solver's
// clean runs (on the case alone, on its pack) and its answer's score (nil:
// not judged).
type caseClosest struct {
	runs  []props.CloseCall
	score *props.CloseCall
	size  *props.CloseCall // the case judged, for the largest
}

// closestOf is case i's offer, from what its programs did. input is the
// case as the solver read it.
func (s *Stress) closestOf(runs caseRuns, i int, input []byte) caseClosest {
	var c caseClosest
	source := fmt.Sprintf("case %d", i+1)
	if runs.ran {
		u := runs.usage
		c.runs = append(c.runs, props.CloseCall{Source: source, Board: i, Input: input, Boards: 1, CPU: u.CPU, Wall: u.Elapsed, Peak: u.PeakRSS})
	}
	f := runs.f
	if !f.HasAnswer || runs.solverFault != nil || runs.formatErr != nil || runs.flaky != "" {
		return c
	}
	score := props.CloseCall{Source: source, Board: i, Input: input, Boards: 1, Score: math.NaN(), Theirs: f.Answer}
	if f.HasBrute {
		score.Score, score.Against = s.bruteScore(f), props.AgainstBrute
		score.Ours = props.Solution{Value: f.Brute, Exact: f.BruteValue}
	}
	// The referee judged the solver's own answer (without a brute force,
	// or against the solver's distribution): its test is a score too.
	if j := runs.agreement; j != nil && (!f.HasBrute || s.SolverDistribution) {
		if st := props.StatisticalScore(j.PValue, j.Alpha); !(st <= score.Score) {
			score.Score, score.Against, score.PValue, score.Alpha = st, props.AgainstReferee, j.PValue, j.Alpha
			score.Ours = props.Solution{Value: f.RefereeTally.Mean}
		}
	}
	if !math.IsNaN(score.Score) {
		c.score = &score
		c.size = &props.CloseCall{Source: source, Board: i, Input: input, Boards: 1, Score: math.NaN()}
	}
	return c
}

// bruteScore is the solver's error score against the brute force: 0 or
// ∞ for an exact kind of answer.
func (s *Stress) bruteScore(f *Failure) float64 { return s.answerJudge().score(f) }

// packRun is a pack's clean solver run as a closest call: cases lo..hi−1.
func packRun(pack []byte, lo, hi int, u props.RunResult) props.CloseCall {
	return props.CloseCall{Source: fmt.Sprintf("cases %d..%d (one input)", lo+1, hi), Board: lo, Input: pack, Boards: hi - lo,
		CPU: u.CPU, Wall: u.Elapsed, Peak: u.PeakRSS}
}

// climbed names the case's calls as the climber's: "case 37 (climbed
// from case 12 toward a higher error score)".
func (c *caseClosest) climbed(how *props.Climbed) {
	note := fmt.Sprintf(" (climbed from case %d toward %s)", how.From+1, how.Target.Goal())
	for i := range c.runs {
		c.runs[i].Source += note
	}
	if c.score != nil {
		c.score.Source += note
	}
	if c.size != nil {
		c.size.Source += note
	}
}

// offer takes a case's offer into the run's closest calls; measured: the
// case was climbed toward a measured target (CPU time, memory).
func (c caseClosest) offer(out *props.Closest, measured bool) {
	for _, r := range c.runs {
		out.OfferRun(r)
	}
	if measured {
		// A case climbed toward CPU time or memory is one measurements
		// chose: the error and size lists, like those targets' climbs,
		// take none, so that they repeat for the same seed whatever the
		// machine's load or --jobs.
		return
	}
	if c.score != nil {
		out.OfferScore(*c.score)
	}
	if c.size != nil {
		out.OfferSize(*c.size)
	}
}
