package estimate

import "math"

// TestMeanBounds is Agreement.Test of AgreeMean.
const TestMeanBounds = "hoeffding-bernstein"

// Sample is what AgreeMean reads of runs with numeric outcomes.
type Sample struct {
	Runs     int64
	Mean     float64
	Variance float64 // the unbiased sample variance (0 below two runs)
}

// AgreeProbability is the exact binomial test of wins in runs against a win
// probability within slack of answer: AgreeKind with WinLoss and the
// hypothesis's interval [answer − slack, answer + slack] (clamped to [0, 1])
// as pmf[1] and pmfTail. It sets Answer and Slack; ExactMean is the
// interval's lower end.
func AgreeProbability(wins, runs int64, answer, slack, alpha float64) Agreement {
	lo := math.Min(1, math.Max(0, answer-slack))
	hi := math.Min(1, math.Max(0, answer+slack))
	a := AgreeKind(WinLoss, []float64{1 - lo, lo}, hi-lo, []int64{runs - wins, wins}, alpha)
	a.Answer, a.Slack = answer, slack
	return a
}

// AgreeMean tests the runs' mean against an expectation within slack of
// answer, for outcomes in [lo, hi] (range R = hi − lo), by two bounds on
// the distance d of the mean of n runs, each at half the check's budget, so
// that their Bonferroni p-value 2·min(p₁, p₂) is valid:
//
//   - Hoeffding (1963): P(|mean − μ| ≥ t) ≤ 2·exp(−2nt²/R²);
//   - empirical Bernstein (Maurer and Pontil 2009, Theorem 4, on X and on
//     R − X at δ/2 each): with probability ≥ 1 − δ,
//     |mean − μ| ≤ √(2·V·ln(4/δ)/n) + 7R·ln(4/δ)/(3(n−1)), V the unbiased
//     sample variance; much narrower than Hoeffding's when V ≪ R².
//
// d is |mean − answer| less the slack (Statistic). Each bound's p-value is
// the δ at which its half-width equals d (both are continuous in δ, so
// P(p ≤ a) ≤ a). Threshold is the narrower half-width at Alpha/2, which d
// reaches exactly when PValue ≤ Alpha; it is also MinDetectable, since the
// sample mean falls beyond a shift of that size about half the time. CILow
// and CIHigh are the mean ± Threshold within [lo, hi]. ExactMean and Z are
// NaN: there is no distribution to compare with. With no runs nothing is
// rejected; when lo = hi any other mean is impossible (PValue 0).
func AgreeMean(s Sample, answer, slack, lo, hi, alpha float64) Agreement {
	r := hi - lo
	n := float64(s.Runs)
	d := math.Max(0, math.Abs(s.Mean-answer)-slack)
	a := Agreement{Test: TestMeanBounds, Runs: s.Runs, Alpha: alpha, Answer: answer, Slack: slack,
		Statistic: math.NaN(), Threshold: math.NaN(), PValue: 1, ExactMean: math.NaN(), SimMean: math.NaN(), Z: math.NaN(),
		MinDetectable: math.Inf(1), CILow: lo, CIHigh: hi}
	if s.Runs == 0 {
		a.Pass = true
		return a
	}
	a.Statistic, a.SimMean = d, s.Mean
	if r <= 0 { // a point mass: any other mean is impossible
		if d > 0 {
			a.PValue = 0
		}
		a.MinDetectable = 0
		a.Pass = a.PValue > alpha
		return a
	}
	pH := math.Min(1, 2*math.Exp(-2*n*d*d/(r*r)))
	pB := empiricalBernsteinP(s, r, d)
	a.PValue = math.Min(1, 2*math.Min(pH, pB))
	t := math.Min(hoeffdingWidth(n, r, alpha/2), empiricalBernsteinWidth(s, r, alpha/2))
	a.Threshold, a.MinDetectable = t, t
	a.CILow, a.CIHigh = math.Max(lo, s.Mean-t), math.Min(hi, s.Mean+t)
	a.Pass = a.PValue > alpha
	return a
}

// hoeffdingWidth is t with 2·exp(−2nt²/R²) = δ.
func hoeffdingWidth(n, r, delta float64) float64 {
	return r * math.Sqrt(math.Log(2/delta)/(2*n))
}

// empiricalBernsteinWidth is the two-sided half-width at δ; +Inf below two runs.
func empiricalBernsteinWidth(s Sample, r, delta float64) float64 {
	if s.Runs < 2 {
		return math.Inf(1)
	}
	n, l := float64(s.Runs), math.Log(4/delta)
	return math.Sqrt(2*s.Variance*l/n) + 7*r*l/(3*(n-1))
}

// empiricalBernsteinP is the δ at which the half-width is d: with
// L = ln(4/δ) and u = √L, a·u² + b·u = d for a = 7R/(3(n−1)) and
// b = √(2V/n), whose positive root gives δ = 4·exp(−u²).
func empiricalBernsteinP(s Sample, r, d float64) float64 {
	if s.Runs < 2 || d <= 0 {
		return 1
	}
	n := float64(s.Runs)
	a := 7 * r / (3 * (n - 1))
	b := math.Sqrt(2 * s.Variance / n)
	u := 2 * d / (b + math.Sqrt(b*b+4*a*d)) // the positive root, without cancellation
	return math.Min(1, 4*math.Exp(-u*u))
}
