package programs

import (
	"github.com/chancecheck/chancecheck/montecarlo/estimate"
)

// Quantity is what the answer is (stress --kind): a probability (outcomes
// 0 and 1) or the expectation of a numeric outcome, judged by the binomial
// test or by Hoeffding and empirical Bernstein. It is not the kind of the
// referee's outcomes (props.OutcomeKind: win/loss or a count, whose
// distribution the analyst gives), nor how the answer is written
// (answer.Kind: a float, an integer, a fraction, a residue).
type Quantity int

// The quantities.
const (
	Probability Quantity = iota + 1
	Expectation
)

// String names the quantity as --kind and the JSON output spell it.
func (k Quantity) String() string {
	switch k {
	case Probability:
		return "probability"
	case Expectation:
		return "expectation"
	}
	return "kind(?)"
}

// Test names, as stress's report describes its checks (Agreement.Test
// holds estimate's short names).
const (
	TestBinomial  = "exact binomial, two-sided (Clopper–Pearson)"
	TestBernstein = "Hoeffding and empirical Bernstein (Maurer–Pontil), each at half the check's budget"
)

// judgeProbability is the exact binomial test of the tally's wins against
// a win probability within slack of answer (estimate.AgreeProbability).
func judgeProbability(s Tally, answer, slack, alpha float64) estimate.Agreement {
	return estimate.AgreeProbability(s.Wins, s.N, answer, slack, alpha)
}

// judgeExpectation tests the tally's mean against an expectation within
// slack of answer, for outcomes in [lo, hi]: estimate.AgreeMean, Hoeffding
// and empirical Bernstein.
func judgeExpectation(s Tally, answer, slack, alpha, lo, hi float64) estimate.Agreement {
	return estimate.AgreeMean(estimate.Sample{Runs: s.N, Mean: s.Mean, Variance: s.Variance()}, answer, slack, lo, hi, alpha)
}
