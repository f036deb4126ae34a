package estimate

import (
	"math"
	"math/big"
	"testing"

	"gonum.org/v1/gonum/mathext"
	"gonum.org/v1/gonum/stat/distuv"
)

// TestClopperPearsonPublished checks intervals printed by R's binom.test
// (conf.int, conf.level = 0.95), which are the Clopper–Pearson intervals.
func TestClopperPearsonPublished(t *testing.T) {
	tests := []struct {
		k, n   int64
		lo, hi float64
	}{
		{0, 10, 0, 0.3084971},         // binom.test(0, 10)
		{5, 10, 0.1870860, 0.8129140}, // binom.test(5, 10)
		{10, 10, 0.6915029, 1},        // binom.test(10, 10)
		{1, 20, 0.001265089, 0.248732763},
	}
	for _, tc := range tests {
		lo, hi := ClopperPearson(tc.k, tc.n, 0.05)
		if math.Abs(lo-tc.lo) > 5e-7 || math.Abs(hi-tc.hi) > 5e-7 {
			t.Errorf("ClopperPearson(%d, %d, 0.05) = [%.9f, %.9f], want [%.9f, %.9f]", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

// TestClopperPearsonDefinition checks the defining identities
// P(X ≥ k | lo) = alpha/2 and P(X ≤ k | hi) = alpha/2, with the tails from
// gonum's incomplete beta where it is reliable (moderate n), and from this
// package's own tails for huge n.
func TestClopperPearsonDefinition(t *testing.T) {
	for _, alpha := range []float64{0.05, 0.01, 1e-6} {
		for _, c := range [][2]int64{{1, 3}, {3, 7}, {17, 100}, {500, 1000}, {2, 5000}, {4999, 5000}} {
			k, n := c[0], c[1]
			lo, hi := ClopperPearson(k, n, alpha)
			if !(lo < float64(k)/float64(n) && float64(k)/float64(n) < hi) {
				t.Errorf("k=%d n=%d: [%g, %g] does not contain k/n", k, n, lo, hi)
			}
			// P(X ≥ k | p) = I_p(k, n−k+1); P(X ≤ k | p) = 1 − I_p(k+1, n−k).
			sf := func(p float64) float64 { return mathext.RegIncBeta(float64(k), float64(n-k+1), p) }
			cdf := func(p float64) float64 { return 1 - mathext.RegIncBeta(float64(k+1), float64(n-k), p) }
			gotLo, gotHi := sf(lo), cdf(hi)
			// The ends are floats: allow the change of the tail over one ulp.
			tolLo := max(1e-9*alpha, 2*math.Abs(sf(math.Nextafter(lo, 1))-gotLo))
			tolHi := max(1e-9*alpha, 2*math.Abs(cdf(math.Nextafter(hi, 0))-gotHi))
			if math.Abs(gotLo-alpha/2) > tolLo || math.Abs(gotHi-alpha/2) > tolHi {
				t.Errorf("k=%d n=%d alpha=%g: tails at the ends %g, %g, want %g", k, n, alpha, gotLo, gotHi, alpha/2)
			}
		}
	}
	// n = 1e9: the ends must satisfy the identity with this package's tails,
	// and agree with the normal approximation (skewness ~ 1e-5 here).
	n, k := int64(1e9), int64(3e8)
	lo, hi := ClopperPearson(k, n, 0.05)
	if d := binomialSF(k, n, lo) - 0.025; math.Abs(d) > 1e-9 {
		t.Errorf("n=1e9: P(X≥k|lo) off by %g", d)
	}
	if d := binomialCDF(k, n, hi) - 0.025; math.Abs(d) > 1e-9 {
		t.Errorf("n=1e9: P(X≤k|hi) off by %g", d)
	}
	half := 1.959963984540054 * math.Sqrt(0.3*0.7/1e9)
	if math.Abs((0.3-lo)/half-1) > 1e-3 || math.Abs((hi-0.3)/half-1) > 1e-3 {
		t.Errorf("n=1e9: [%g, %g], want about 0.3 ± %g", lo, hi, half)
	}
}

// binomialTermsRat is P(X = j) for j = 0..n, exactly in rationals, by the
// ratio P(X=j)/P(X=j−1) = (n−j+1)/j · p/q (0 < p < 1).
func binomialTermsRat(n int64, p *big.Rat) []*big.Rat {
	q := new(big.Rat).Sub(big.NewRat(1, 1), p)
	ratio := new(big.Rat).Quo(p, q)
	first := big.NewRat(1, 1)
	for range n {
		first.Mul(first, q)
	}
	terms := []*big.Rat{first}
	for j := int64(1); j <= n; j++ {
		next := new(big.Rat).Mul(terms[j-1], ratio)
		next.Mul(next, big.NewRat(n-j+1, j))
		terms = append(terms, next)
	}
	return terms
}

// TestBinomialTwoSidedPExact compares with min(1, 2·min(P(X≤k), P(X≥k)))
// summed exactly in math/big rationals.
func TestBinomialTwoSidedPExact(t *testing.T) {
	ps := []*big.Rat{big.NewRat(1, 2), big.NewRat(1, 6), big.NewRat(1, 3), big.NewRat(99, 100), big.NewRat(1, 1000)}
	for _, n := range []int64{1, 2, 7, 30, 101} {
		for _, pr := range ps {
			p, _ := pr.Float64()
			terms := binomialTermsRat(n, pr)
			for k := int64(0); k <= n; k++ {
				le, ge := new(big.Rat), new(big.Rat)
				for j, term := range terms {
					if int64(j) <= k {
						le.Add(le, term)
					}
					if int64(j) >= k {
						ge.Add(ge, term)
					}
				}
				m := le
				if ge.Cmp(le) < 0 {
					m = ge
				}
				want, _ := new(big.Rat).Mul(m, big.NewRat(2, 1)).Float64()
				want = math.Min(1, want)
				got := BinomialTwoSidedP(k, n, p)
				if math.Abs(got-want) > 1e-12*want && math.Abs(got-want) > 1e-300 {
					t.Errorf("BinomialTwoSidedP(%d, %d, %v) = %.17g, want %.17g", k, n, pr, got, want)
				}
			}
		}
	}
}

func TestBinomialTwoSidedPEdges(t *testing.T) {
	tests := []struct {
		k, n int64
		p    float64
		want float64
	}{
		{0, 10, 0, 1}, // p = 0: only k = 0 is possible
		{1, 10, 0, 0},
		{10, 10, 1, 1}, // p = 1: only k = n is possible
		{9, 10, 1, 0},
		{0, 0, 0.3, 1},   // no trials: nothing to see
		{-1, 10, 0.5, 0}, // impossible counts
		{11, 10, 0.5, 0},
		{5, 10, 0.5, 1}, // centre: 2·P(X≤5) > 1, capped
	}
	for _, tc := range tests {
		if got := BinomialTwoSidedP(tc.k, tc.n, tc.p); got != tc.want {
			t.Errorf("BinomialTwoSidedP(%d, %d, %g) = %g, want %g", tc.k, tc.n, tc.p, got, tc.want)
		}
	}
}

// TestBinomialTailsHugeN: for n = 1e9 the two tails must be complementary
// and match the normal approximation with continuity correction (its error
// is O(1/n) for p = 1/2, where the skewness vanishes).
func TestBinomialTailsHugeN(t *testing.T) {
	n := int64(1e9)
	sd := math.Sqrt(float64(n) * 0.25)
	for _, z := range []float64{-6, -3, -1, 0, 0.5, 2, 5} {
		k := int64(float64(n)/2 + z*sd)
		le, ge := binomialCDF(k, n, 0.5), binomialSF(k+1, n, 0.5)
		if math.Abs(le+ge-1) > 1e-12 {
			t.Errorf("z=%g: P(X≤k)+P(X>k) = %.17g", z, le+ge)
		}
		want := distuv.UnitNormal.CDF((float64(k) + 0.5 - float64(n)/2) / sd)
		if math.Abs(le/want-1) > 1e-6 {
			t.Errorf("z=%g: P(X≤k) = %.12g, normal approximation %.12g", z, le, want)
		}
	}
}

// TestBinomialPMF compares Loader's method with exact rationals.
func TestBinomialPMF(t *testing.T) {
	for _, n := range []int64{1, 5, 16, 40, 90, 600} {
		for _, pr := range []*big.Rat{big.NewRat(1, 2), big.NewRat(1, 7), big.NewRat(95, 100)} {
			p, _ := pr.Float64()
			terms := binomialTermsRat(n, pr)
			for _, k := range []int64{0, 1, n / 3, n / 2, n - 1, n} {
				want, _ := terms[k].Float64()
				if got := binomialPMF(k, n, p); math.Abs(got-want) > 1e-12*want {
					t.Errorf("binomialPMF(%d, %d, %v) = %.17g, want %.17g", k, n, pr, got, want)
				}
			}
		}
	}
}

// TestBinomialCDF checks the lower tail against exact sums
// Σ_{i≤k} C(n,i)·p^i·(1−p)^(n−i) in rational arithmetic (printed to 16
// digits), the closed form P(X ≤ 0) = (1−p)^n deep in the tail, and the
// edges.
func TestBinomialCDF(t *testing.T) {
	tests := []struct {
		k, n int64
		p    float64
		want float64
	}{
		{3, 10, 0.5, 0.171875},                  // 176/1024
		{0, 40, 0.2, 1.329227995784916e-04},     // 0.8^40
		{5, 200, 0.2, 1.141412622451480e-13},    // far in the lower tail
		{37, 200, 0.5, 2.291018198941384e-20},   // farther
		{60, 1000, 0.1, 4.378819902862792e-06},  // larger n
		{100, 100, 0.3, 1},                      // k = n
		{-1, 100, 0.3, 0},                       // k < 0
		{4, 100, 0, 1},                          // p = 0: no success ever
		{99, 100, 1, 0},                         // p = 1: n successes always
		{0, 1000, 0.05, math.Pow(0.95, 1000)},   // 5.29e-23
		{0, 100000, 1e-3, math.Pow(0.999, 1e5)}, // 3.5e-44
	}
	for _, tc := range tests {
		got := BinomialCDF(tc.k, tc.n, tc.p)
		if math.Abs(got-tc.want) > 1e-9*tc.want {
			t.Errorf("BinomialCDF(%d, %d, %g) = %.16g, want %.16g", tc.k, tc.n, tc.p, got, tc.want)
		}
	}
	if got := BinomialCDF(3, 10, math.NaN()); !math.IsNaN(got) {
		t.Errorf("NaN p gives %g", got)
	}
}
