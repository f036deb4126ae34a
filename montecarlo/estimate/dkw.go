package estimate

import "math"

// DKWEpsilon is the half-width ε of the Dvoretzky–Kiefer–Wolfowitz confidence
// band with Massart's (1990) tight constant: for n independent draws from any
// distribution F, P(sup_t |Fn(t) − F(t)| > ε) ≤ 2·exp(−2nε²) = alpha, so
// ε = sqrt(ln(2/alpha)/(2n)). It returns +Inf for n ≤ 0.
func DKWEpsilon(n int64, alpha float64) float64 {
	if n <= 0 {
		return math.Inf(1)
	}
	return math.Sqrt(math.Log(2/alpha) / (2 * float64(n)))
}

// DKWPValue is min(1, 2·exp(−2·n·d²)): by the DKW–Massart inequality a valid
// (conservative) p-value for an observed sup distance d between the empirical
// CDF of n draws and the hypothesised CDF. It is 1 for d ≤ 0 or n ≤ 0.
func DKWPValue(n int64, d float64) float64 {
	if n <= 0 || d <= 0 || math.IsNaN(d) {
		return 1
	}
	return math.Min(1, 2*math.Exp(-2*float64(n)*d*d))
}

// SupDistance is sup_t |Fn(t) − F(t)| between the empirical CDF of integer
// outcomes (counts[k] = number of runs with outcome k) and the CDF of pmf
// (pmf[k] = P(X = k)). Both CDFs are right-continuous steps at the integers, so
// the supremum is the largest difference at k = 0, 1, …, plus the limit beyond
// both arrays, where Fn = 1 and F = Σpmf: mass missing from a truncated pmf
// therefore counts as distance (at most the truncated tail). counts may be
// longer than pmf (outcomes the pmf calls impossible) and vice versa. With no
// runs at all the distance is 0.
func SupDistance(pmf []float64, counts []int64) float64 {
	var n int64
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return 0
	}
	var (
		f, cum float64 // F(k) and the running count
		sup    float64
	)
	for k := range max(len(pmf), len(counts)) {
		if k < len(pmf) {
			f += pmf[k]
		}
		if k < len(counts) {
			cum += float64(counts[k])
		}
		sup = math.Max(sup, math.Abs(cum/float64(n)-f))
	}
	// Beyond both arrays: Fn = 1, F stays at Σpmf.
	return math.Max(sup, math.Abs(1-f))
}
