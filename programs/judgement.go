package programs

import (
	"math"

	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
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

// Test names, as Judgement.Test reports them.
const (
	TestBinomial  = "exact binomial, two-sided (Clopper–Pearson)"
	TestBernstein = "Hoeffding and empirical Bernstein (Maurer–Pontil), each at half the check's budget"
)

// Judgement is one statistical check: a referee's tally against an answer.
type Judgement struct {
	Test   string
	Answer float64 // the answer tested
	Slack  float64 // the judge's tolerance at Answer: the hypothesis is |true value − Answer| ≤ Slack
	Tally  Tally
	Alpha  float64 // this check's share of the run's budget
	// PValue is valid under the hypothesis (and, for an expectation, the
	// stated range): P(PValue ≤ a) ≤ a for every a, so rejecting at
	// PValue ≤ Alpha keeps this check's false-alarm rate ≤ Alpha.
	PValue float64
	// Low and High bound the true value with probability ≥ 1 − Alpha.
	Low, High float64
	// MinDetectable is the smallest difference between the true value and
	// Answer (beyond Slack) that this check detects with probability about
	// one half or more: binomial, estimate.Agreement.MinDetectable;
	// expectation, the narrower of the two bounds' half-widths, since the
	// sample mean falls beyond a shift of that size about half the time.
	MinDetectable float64
	Pass          bool // PValue > Alpha
}

// judgeProbability is the exact binomial test of the tally's wins against
// a win probability within slack of answer (estimate.AgreeKind with the
// tolerance as the hypothesis's interval).
func judgeProbability(s Tally, answer, slack, alpha float64) Judgement {
	lo := math.Min(1, math.Max(0, answer-slack))
	hi := math.Min(1, math.Max(0, answer+slack))
	a := estimate.AgreeKind(estimate.WinLoss, []float64{1 - lo, lo}, hi-lo, []int64{s.N - s.Wins, s.Wins}, alpha)
	return Judgement{
		Test: TestBinomial, Answer: answer, Slack: slack, Tally: s, Alpha: alpha,
		PValue: a.PValue, Low: a.CILow, High: a.CIHigh, MinDetectable: a.MinDetectable, Pass: a.Pass,
	}
}

// judgeExpectation tests the tally's mean against an expectation within
// slack of answer, for outcomes in [lo, hi] (range R = hi − lo), by two
// bounds on the mean d of n runs, each at half the check's budget, so that
// their Bonferroni p-value 2·min(p₁, p₂) is valid:
//
//   - Hoeffding (1963): P(|mean − μ| ≥ t) ≤ 2·exp(−2nt²/R²);
//   - empirical Bernstein (Maurer and Pontil 2009, Theorem 4, on X and on
//     R − X at δ/2 each): with probability ≥ 1 − δ,
//     |mean − μ| ≤ √(2·V·ln(4/δ)/n) + 7R·ln(4/δ)/(3(n−1)), V the unbiased
//     sample variance; much narrower than Hoeffding's when V ≪ R².
//
// d is |mean − answer| less the slack. Each bound's p-value is the δ at
// which its half-width equals d (both are continuous in δ, so P(p ≤ a) ≤ a).
func judgeExpectation(s Tally, answer, slack, alpha, lo, hi float64) Judgement {
	r := hi - lo
	n := float64(s.N)
	d := math.Max(0, math.Abs(s.Mean-answer)-slack)
	j := Judgement{Test: TestBernstein, Answer: answer, Slack: slack, Tally: s, Alpha: alpha, PValue: 1, MinDetectable: math.Inf(1), Low: lo, High: hi}
	if s.N == 0 {
		j.Pass = true
		return j
	}
	if r <= 0 { // a point mass: any other mean is impossible
		if d > 0 {
			j.PValue = 0
		}
		j.MinDetectable, j.Low, j.High = 0, lo, hi
		j.Pass = j.PValue > alpha
		return j
	}
	pH := math.Min(1, 2*math.Exp(-2*n*d*d/(r*r)))
	pB := empiricalBernsteinP(s, r, d)
	j.PValue = math.Min(1, 2*math.Min(pH, pB))
	t := math.Min(hoeffdingWidth(n, r, alpha/2), empiricalBernsteinWidth(s, r, alpha/2))
	j.MinDetectable = t
	j.Low, j.High = math.Max(lo, s.Mean-t), math.Min(hi, s.Mean+t)
	j.Pass = j.PValue > alpha
	return j
}

// hoeffdingWidth is t with 2·exp(−2nt²/R²) = δ.
func hoeffdingWidth(n, r, delta float64) float64 {
	return r * math.Sqrt(math.Log(2/delta)/(2*n))
}

// empiricalBernsteinWidth is the two-sided half-width at δ; +Inf below two runs.
func empiricalBernsteinWidth(s Tally, r, delta float64) float64 {
	if s.N < 2 {
		return math.Inf(1)
	}
	n, l := float64(s.N), math.Log(4/delta)
	return math.Sqrt(2*s.Variance()*l/n) + 7*r*l/(3*(n-1))
}

// empiricalBernsteinP is the δ at which the half-width is d: with
// L = ln(4/δ) and u = √L, a·u² + b·u = d for a = 7R/(3(n−1)) and
// b = √(2V/n), whose positive root gives δ = 4·exp(−u²).
func empiricalBernsteinP(s Tally, r, d float64) float64 {
	if s.N < 2 || d <= 0 {
		return 1
	}
	n := float64(s.N)
	a := 7 * r / (3 * (n - 1))
	b := math.Sqrt(2 * s.Variance() / n)
	u := 2 * d / (b + math.Sqrt(b*b+4*a*d)) // the positive root, without cancellation
	return math.Min(1, 4*math.Exp(-u*u))
}

// slackOf is the judge's tolerance at answer: the largest |x − answer| it
// accepts (props.Tolerance's rule, its zero value 1e-6 absolute or
// relative).
func slackOf(t props.Tolerance, answer float64) float64 {
	if t == (props.Tolerance{}) {
		t = props.Tolerance{Abs: props.DefaultTolerance, Rel: props.DefaultTolerance}
	}
	return math.Max(t.Abs, t.Rel*math.Abs(answer))
}
