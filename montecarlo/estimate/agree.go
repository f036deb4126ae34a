package estimate

import (
	"fmt"
	"math"
)

// Test names reported in Agreement.Test.
const (
	TestExactBinomial = "exact-binomial"
	TestDKW           = "dkw"
)

// OutcomeKind says what one play's outcome is (a referee's run, a
// histogram's entry), and so which test AgreeKind runs. It is the one kind
// of outcome of the module: props.Spec.Outcome and props.Game.Outcome are
// of this type. The zero value is no kind (AgreeKind refuses it; a
// props.Spec reads it as WinLoss).
type OutcomeKind int

const (
	// WinLoss outcomes are 0 (a loss) and 1 (a win); the answer is the win
	// probability: the exact binomial test.
	WinLoss OutcomeKind = iota + 1
	// Count outcomes are non-negative integers (throws, moves); the answer
	// is their mean, the analyst gives their distribution: the DKW test.
	Count
)

// String names the outcome kind as reports show it.
func (o OutcomeKind) String() string {
	switch o {
	case WinLoss:
		return "win/loss"
	case Count:
		return "count"
	}
	return "unknown outcome"
}

// Agreement is the verdict of a statistical test of simulated runs against
// an answer: an exact outcome distribution compared with a histogram (Agree,
// AgreeKind), a win probability (AgreeProbability) or an expectation
// (AgreeMean).
type Agreement struct {
	Test  string  // TestExactBinomial, TestDKW or TestMeanBounds
	Runs  int64   // number of simulated runs (Σcounts)
	Alpha float64 // the false-alarm budget this one check was given
	// Answer and Slack, when the hypothesis is one value (AgreeProbability,
	// AgreeMean): the true value is within Slack of Answer. Zero for Agree
	// and AgreeKind, whose hypothesis is the whole pmf (ExactMean its mean).
	Answer, Slack float64
	Statistic     float64 // binomial: observed proportion of wins; dkw: sup distance (SupDistance)
	Threshold     float64 // dkw: DKWEpsilon(Runs, Alpha) + pmfTail, rejected when Statistic reaches it (≥, the same as PValue ≤ Alpha); binomial: NaN
	// PValue is a valid p-value: P(PValue ≤ a) ≤ a for every a when the
	// simulation follows pmf, so rejecting at PValue ≤ Alpha, equality
	// included, keeps the false-alarm rate ≤ Alpha. Exact for the binomial
	// test, conservative for DKW.
	PValue    float64
	ExactMean float64 // mean of pmf (Σ k·pmf[k])
	SimMean   float64 // mean of the histogram (NaN without runs)
	// CILow and CIHigh: binomial: the Clopper–Pearson interval for the win
	// probability at Alpha. dkw: the interval for the simulated mean implied
	// by the DKW band at Alpha (every CDF within ε of Fn), assuming the
	// outcomes are bounded by M = max(len(pmf)−1, largest observed outcome).
	// It holds with probability ≥ 1−Alpha under that assumption, whatever the
	// distribution, and is therefore wider than a CLT interval
	// (SimMean ± z·σ/√n, which Z gives in standardised form).
	CILow, CIHigh float64
	// Z is the CLT z-score of SimMean with the exact σ of pmf:
	// (SimMean − ExactMean)/(σ/√Runs); NaN (no z-score, null in JSON) when
	// σ = 0 or there are no runs. σ counts as 0 when it is within the
	// rounding error of the mean (SigmaIsZero): a point mass whose mean
	// rounds off by d has a computed σ of d, and a z-score of exactly √Runs.
	// Informational only: the verdict never rests on it.
	Z float64
	// MinDetectable is the smallest shift of the mean (binomial: of p) this
	// check detects with probability ≥ 1/2 at Alpha.
	//
	// Binomial (exact): with kHi the smallest count the test rejects above
	// n·p, a true p' = kHi/n puts the median of Binomial(n, p') at ≥ kHi, so
	// the shift kHi/n − p is detected with probability ≥ 1/2; likewise below.
	// MinDetectable is the larger of the two shifts (either direction is then
	// detected), ignoring a direction in which no count is rejected at all;
	// +Inf when neither can be.
	//
	// DKW (approximate): a simulator that, with probability δ, moves an
	// outcome up by one (or down) shifts the mean by δ and the CDF by at most
	// δ·max_k pmf[k]; when that equals Threshold the observed sup distance
	// reaches it about half the time (the empirical deviation at the worst
	// point is roughly symmetric), so MinDetectable ≈ Threshold / max_k pmf[k].
	// Shifts made by moving rare mass far away need more.
	MinDetectable float64
	// Pass is PValue > Alpha: the check rejects when PValue ≤ Alpha. When
	// pmf is a point mass (σ = 0, no tail) the histogram must equal it
	// exactly: any other outcome gives PValue 0.
	Pass bool
}

// Agree is AgreeKind with the kind read off pmf and pmfTail: WinLoss when
// pmf has at most two entries and no tail, Count otherwise. Without a tail
// such a pmf is a whole distribution on {0, 1}, and the binomial test is
// exact whichever the outcomes mean. With a tail the missing mass may lie on
// outcomes ≥ 2 (a count distribution cut short), which only DKW allows for:
// a win/loss caller whose win probability has a tail should call AgreeKind
// with WinLoss and keep the binomial test's power.
func Agree(pmf []float64, pmfTail float64, counts []int64, alpha float64) Agreement {
	kind := Count
	if len(pmf) <= 2 && !(pmfTail > 0) {
		kind = WinLoss
	}
	return AgreeKind(kind, pmf, pmfTail, counts, alpha)
}

// AgreeKind compares an exact distribution with a simulated histogram of
// outcomes of the given kind at false-alarm level alpha.
//
// pmf[k] is the exact P(outcome = k); pmfTail is the mass that truncation left
// out of pmf (0 when pmf is complete); counts[k] is how many runs ended with
// outcome k.
//
// WinLoss: pmf is [P(loss), P(win)] (or shorter: missing entries are 0; more
// than two entries panic) and the test is the exact two-sided binomial test
// of counts[1] wins in Σcounts runs against p = pmf[1]; a tail makes the
// hypothesis p ∈ [pmf[1], pmf[1]+pmfTail] and the p-value is the largest over
// that interval; any outcome ≥ 2 is impossible and gives PValue 0.
//
// Count: the test is DKW on the whole distribution: the true CDF differs from
// the truncated one by at most pmfTail, so under the hypothesis
// P(SupDistance ≥ ε + pmfTail) ≤ alpha (Massart's bound on P(sup > ε) is
// continuous in ε, so it bounds ≥ as well) and
// PValue = DKWPValue(n, d − pmfTail). Outcomes outside pmf's support enlarge
// the distance by themselves.
//
// Either way the check rejects when PValue ≤ alpha. With no runs nothing can
// be rejected: PValue 1, Pass true.
func AgreeKind(kind OutcomeKind, pmf []float64, pmfTail float64, counts []int64, alpha float64) Agreement {
	switch {
	case kind != WinLoss && kind != Count:
		panic(fmt.Sprintf("estimate: AgreeKind with outcome kind %d, neither WinLoss nor Count", kind))
	case kind == WinLoss && len(pmf) > 2:
		panic(fmt.Sprintf("estimate: a win/loss pmf has %d entries; it is [P(loss), P(win)]", len(pmf)))
	}
	pmfTail = math.Max(pmfTail, 0)
	mean, sd := pmfMoments(pmf)
	n, simMean, maxSeen := histogramSummary(counts)
	a := Agreement{
		Runs:          n,
		Alpha:         alpha,
		ExactMean:     mean,
		SimMean:       simMean,
		MinDetectable: math.Inf(1),
	}
	a.Z = math.NaN()
	if n > 0 && !SigmaIsZero(pmf, mean, sd) {
		a.Z = (simMean - mean) / (sd / math.Sqrt(float64(n)))
	}
	if kind == WinLoss {
		agreeBinomial(&a, pmf, pmfTail, counts, maxSeen)
	} else {
		agreeDKW(&a, pmf, pmfTail, counts, maxSeen)
	}
	if n > 0 && sd == 0 && pmfTail == 0 && !pointMassMatches(pmf, counts) {
		a.PValue = 0
	}
	if n == 0 {
		a.PValue = 1
	}
	a.Pass = a.PValue > alpha
	return a
}

// agreeBinomial fills a with the exact binomial test of the wins.
func agreeBinomial(a *Agreement, pmf []float64, tail float64, counts []int64, maxSeen int) {
	a.Test = TestExactBinomial
	a.Threshold = math.NaN()
	var p float64
	if len(pmf) == 2 {
		p = pmf[1]
	}
	var wins int64
	if len(counts) > 1 {
		wins = counts[1]
	}
	n := a.Runs
	if n == 0 {
		a.Statistic = math.NaN()
		a.CILow, a.CIHigh = 0, 1
		a.PValue = 1
		return
	}
	a.Statistic = float64(wins) / float64(n)
	a.CILow, a.CIHigh = ClopperPearson(wins, n, a.Alpha)
	a.PValue = binomialIntervalP(wins, n, p, math.Min(1, p+tail))
	if maxSeen >= 2 {
		a.PValue = 0 // an outcome that is neither win nor loss
	}
	a.MinDetectable = binomialMinDetectable(n, p, a.Alpha)
}

// binomialIntervalP is the largest BinomialTwoSidedP(k, n, p) over p in
// [lo, hi]. min(P(X ≤ k), P(X ≥ k)) is the minimum of a decreasing and an
// increasing function of p, so it rises to their crossing and falls after it:
// the maximum over the interval is at the crossing clamped to [lo, hi].
func binomialIntervalP(k, n int64, lo, hi float64) float64 {
	if hi <= lo {
		return BinomialTwoSidedP(k, n, lo)
	}
	if lo <= 0 || hi >= 1 {
		// The exact p-values at 0 and 1 are not continuous limits; take the
		// better of the ends and the interior crossing.
		best := math.Max(BinomialTwoSidedP(k, n, lo), BinomialTwoSidedP(k, n, hi))
		inLo, inHi := math.Max(lo, 1e-300), math.Min(hi, math.Nextafter(1, 0))
		if inLo < inHi {
			best = math.Max(best, binomialIntervalP(k, n, inLo, inHi))
		}
		return best
	}
	// Bisect for the crossing of P(X ≤ k) (falling in p) and P(X ≥ k) (rising).
	a, b := lo, hi
	for range 100 {
		mid := a + (b-a)/2
		if mid <= a || mid >= b {
			break
		}
		if binomialCDF(k, n, mid) > binomialSF(k, n, mid) {
			a = mid
		} else {
			b = mid
		}
	}
	return math.Max(BinomialTwoSidedP(k, n, a), BinomialTwoSidedP(k, n, b))
}

// binomialMinDetectable: see Agreement.MinDetectable.
func binomialMinDetectable(n int64, p, alpha float64) float64 {
	shift := math.Inf(-1)
	// Above: the smallest k > n·p with p-value ≤ alpha (p-values fall as k
	// moves away from the median, so bisect).
	if k, ok := firstRejected(n, p, alpha, true); ok {
		shift = math.Max(shift, float64(k)/float64(n)-p)
	}
	if k, ok := firstRejected(n, p, alpha, false); ok {
		shift = math.Max(shift, p-float64(k)/float64(n))
	}
	if math.IsInf(shift, -1) {
		return math.Inf(1)
	}
	return math.Max(shift, 0)
}

// firstRejected finds the count closest to n·p on one side (up: above) that the
// two-sided binomial test rejects at alpha.
func firstRejected(n int64, p, alpha float64, up bool) (int64, bool) {
	near := min(max(int64(math.Floor(float64(n)*p)), 0), n) // p-value ≈ 1 here
	far := n
	if !up {
		far = 0
	}
	if BinomialTwoSidedP(far, n, p) > alpha {
		return 0, false
	}
	// Invariant: far is rejected; near is not, or is the starting point.
	for far-near > 1 || near-far > 1 {
		mid := near + (far-near)/2
		if BinomialTwoSidedP(mid, n, p) <= alpha {
			far = mid
		} else {
			near = mid
		}
	}
	return far, true
}

// agreeDKW fills a with the DKW test of the whole distribution.
func agreeDKW(a *Agreement, pmf []float64, tail float64, counts []int64, maxSeen int) {
	a.Test = TestDKW
	n := a.Runs
	d := SupDistance(pmf, counts)
	eps := DKWEpsilon(n, a.Alpha)
	a.Statistic = d
	a.Threshold = eps + tail
	a.PValue = DKWPValue(n, d-tail)
	a.CILow, a.CIHigh = dkwMeanInterval(counts, n, eps, max(len(pmf)-1, maxSeen))
	var top float64
	for _, q := range pmf {
		top = math.Max(top, q)
	}
	if top > 0 && n > 0 {
		a.MinDetectable = a.Threshold / top
	}
}

// dkwMeanInterval bounds the mean of a distribution on 0..m whose CDF lies in
// the band Fn ± eps: mean = Σ_{k<m} (1 − F(k)), smallest with F as high as the
// band allows and largest with F as low.
func dkwMeanInterval(counts []int64, n int64, eps float64, m int) (lo, hi float64) {
	if n == 0 || math.IsInf(eps, 1) {
		return 0, float64(max(m, 0))
	}
	var cum float64
	for k := range max(m, 0) {
		if k < len(counts) {
			cum += float64(counts[k])
		}
		fn := cum / float64(n)
		lo += 1 - math.Min(1, fn+eps)
		hi += 1 - math.Max(0, fn-eps)
	}
	return lo, hi
}

// pmfMoments is the mean and standard deviation of pmf as given (a truncated
// pmf is not renormalised).
func pmfMoments(pmf []float64) (mean, sd float64) {
	for k, q := range pmf {
		mean += float64(k) * q
	}
	var v float64
	for k, q := range pmf {
		d := float64(k) - mean
		v += d * d * q
	}
	return mean, math.Sqrt(v)
}

// SigmaIsZero reports whether sd, the standard deviation of pmf computed
// in float64 about its computed mean, is within the rounding error of a
// point mass: the mean of len(pmf) terms k·q summed in float64 is off by at
// most γ·Σk·q, γ = len·u/(1−len·u) with u = 2⁻⁵³ (Higham, Accuracy and
// Stability of Numerical Algorithms, §4.2), and a point mass whose mean is
// off by d has a computed σ of d·√Σq; twice that bound is called zero.
func SigmaIsZero(pmf []float64, mean, sd float64) bool {
	u := math.Ldexp(1, -53)
	n := float64(len(pmf)) * u
	gamma := n / (1 - n)
	return !(sd > 2*gamma*math.Abs(mean))
}

// histogramSummary is the number of runs, their mean outcome (NaN when
// empty) and the largest outcome observed (−1 when empty).
func histogramSummary(counts []int64) (n int64, mean float64, maxSeen int) {
	maxSeen = -1
	var s float64
	for k, c := range counts {
		n += c
		s += float64(k) * float64(c)
		if c > 0 {
			maxSeen = k
		}
	}
	if n == 0 {
		return 0, math.NaN(), maxSeen
	}
	return n, s / float64(n), maxSeen
}

// pointMassMatches reports whether every run landed on an outcome pmf gives
// positive probability (for a point mass: on the one outcome).
func pointMassMatches(pmf []float64, counts []int64) bool {
	for k, c := range counts {
		if c > 0 && (k >= len(pmf) || pmf[k] <= 0) {
			return false
		}
	}
	return true
}
