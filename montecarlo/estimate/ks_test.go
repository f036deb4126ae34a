package estimate

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestKolmogorovCDFPublished checks P(D_n ≤ d) against published values.
func TestKolmogorovCDFPublished(t *testing.T) {
	tests := []struct {
		n    int
		d    float64
		want float64
		tol  float64
		src  string
	}{
		{10, 0.274, 0.6284796154565043, 1e-13, "Marsaglia, Tsang & Wang (2003), worked example K(10, .274)"},
		{80, 0.05, 0.01757889, 5e-9, "R pkolmogorov2x (MTW), as quoted by stdlib-js's tests"},
		{300, 0.05, 0.5725584, 5e-8, "R pkolmogorov2x (MTW), as quoted by stdlib-js's tests"},
		{1000, 0.05, 0.9869879, 5e-8, "R pkolmogorov2x (MTW), as quoted by stdlib-js's tests"},
		{1, 0.8, 0.6, 1e-15, "hand: D_1 = max(U, 1−U), P(0.2 < U < 0.8)"},
		// Hand: for 1/(2n) < d ≤ 1/n, P(D_n ≤ d) = n!·(2d − 1/n)^n
		// (the sample must put one point in each of n windows of width 2d − 1/n).
		{5, 0.15, 120 * math.Pow(0.1, 5), 1e-15, "hand: n!(2d−1/n)^n"},
		// Hand: for d ≥ 1 − 1/n, P(D_n > d) = 2(1 − d)^n (all points beyond d on one side).
		{5, 0.9, 1 - 2*math.Pow(0.1, 5), 1e-15, "hand: 1 − 2(1−d)^n"},
		// n > 1000 uses the corrected limit law; R's exact value bounds its error.
		{10000, 0.01, 0.73178087203705255, 2e-5, "R pkolmogorov_two_exact (MTW), quoted in a public test"},
	}
	for _, tc := range tests {
		if got := KolmogorovCDF(tc.n, tc.d); math.Abs(got-tc.want) > tc.tol {
			t.Errorf("KolmogorovCDF(%d, %g) = %.16g, want %.16g ± %g (%s)", tc.n, tc.d, got, tc.want, tc.tol, tc.src)
		}
	}
}

// TestKolmogorovCriticalValues: two-sided 5% critical values of D_n to three
// decimals from Miller (1956), JASA 51, Table 1 (n = 5: 0.563, n = 10: 0.409,
// n = 20: 0.294). The true 95% point must lie within the rounding.
func TestKolmogorovCriticalValues(t *testing.T) {
	tests := []struct {
		n    int
		crit float64
	}{{5, 0.563}, {10, 0.409}, {20, 0.294}}
	for _, tc := range tests {
		below, above := KolmogorovCDF(tc.n, tc.crit-0.0005), KolmogorovCDF(tc.n, tc.crit+0.0005)
		if !(below < 0.95 && 0.95 < above) {
			t.Errorf("n=%d: P(D ≤ %g) = %g, P(D ≤ %g) = %g; 0.95 not between", tc.n, tc.crit-0.0005, below, tc.crit+0.0005, above)
		}
	}
}

// TestKolmogorovLimitQuantiles: the asymptotic critical values of √n·D_n,
// 1.2238 (10%), 1.3581 (5%), 1.6276 (1%) (Smirnov 1948 table; e.g. Massey
// 1951), to four decimals.
func TestKolmogorovLimitQuantiles(t *testing.T) {
	tests := []struct{ x, p float64 }{{1.2238, 0.90}, {1.3581, 0.95}, {1.6276, 0.99}}
	for _, tc := range tests {
		if got := kolmogorovLimitCDF(tc.x); !(kolmogorovLimitCDF(tc.x-5e-5) < tc.p && tc.p < kolmogorovLimitCDF(tc.x+5e-5)) {
			t.Errorf("K(%g) = %.7f, want %g within the rounding of x", tc.x, got, tc.p)
		}
		// Both series agree where they overlap in use.
		if c, s := kolmogorovLimitCDF(tc.x), kolmogorovLimitSF(tc.x); math.Abs(c+s-1) > 1e-15 {
			t.Errorf("K + (1−K) = %g at %g", c+s, tc.x)
		}
	}
	// The theta series (x < 1) and alternating series meet at x = 1.
	a := math.Sqrt(2*math.Pi) / 1
	var theta float64
	for k := 1; k < 10; k++ {
		theta += math.Exp(-float64((2*k-1)*(2*k-1)) * math.Pi * math.Pi / 8)
	}
	if got := 1 - kolmogorovLimitSF(1); math.Abs(got-a*theta) > 1e-15 {
		t.Errorf("series disagree at 1: %.17g vs %.17g", got, a*theta)
	}
	// Large n: KolmogorovCDF approaches the limit law.
	if got := KolmogorovCDF(1_000_000, 1.3581/1000); math.Abs(got-0.95) > 2e-4 {
		t.Errorf("KolmogorovCDF(1e6, 1.3581/1000) = %g, want ≈ 0.95", got)
	}
}

// TestKolmogorovCorrectedLimit: at n = 1000, where both are available, the
// corrected limit law used above n = 1000 stays close to the exact values.
func TestKolmogorovCorrectedLimit(t *testing.T) {
	const n = 1000
	worst := 0.0
	for d := 0.01; d < 0.07; d += 0.0025 {
		exact := kolmogorovExact(n, d)
		approx := kolmogorovLimitCDF(corrected(n, d))
		worst = math.Max(worst, math.Abs(exact-approx))
	}
	if worst > 5e-5 {
		t.Errorf("corrected limit law off by %g at n = %d", worst, n)
	}
	t.Logf("largest error of the corrected limit law at n = %d: %.2g", n, worst)
}

// TestKolmogorovTailsAgree: the exact matrix method and the far-tail sum meet
// continuously, and the CDF is monotone across the switch.
func TestKolmogorovTailsAgree(t *testing.T) {
	for _, n := range []int{7, 50, 400} {
		prev := 0.0
		for i := 1; i <= 400; i++ {
			d := float64(i) / 400
			c := KolmogorovCDF(n, d)
			if c < prev-1e-13 || c > 1 {
				t.Fatalf("n=%d: CDF not monotone at d=%g: %g after %g", n, d, c, prev)
			}
			prev = c
			// Near the switch, compare the methods directly.
			sf := 2 * smirnovOneSidedSF(n, d)
			if sf < 1e-3 && sf > 1e-7 {
				exact := 1 - kolmogorovExact(n, d)
				if math.Abs(exact/sf-1) > sf {
					t.Errorf("n=%d d=%g: exact tail %g vs 2·one-sided %g", n, d, exact, sf)
				}
			}
		}
	}
}

func TestKolmogorovSmirnovStatistic(t *testing.T) {
	uniform := func(x float64) float64 { return min(max(x, 0), 1) }
	// Hand: Fn steps 1/3, 2/3, 1 at 0.1, 0.5, 0.9: largest gap 1/3 − 0.1.
	d, p := KolmogorovSmirnov([]float64{0.9, 0.1, 0.5}, uniform)
	if math.Abs(d-(1.0/3-0.1)) > 1e-15 || math.Abs(p-(1-KolmogorovCDF(3, d))) > 1e-14 {
		t.Errorf("D = %g, p = %g", d, p)
	}
	if d, p := KolmogorovSmirnov(nil, uniform); d != 0 || p != 1 {
		t.Errorf("empty sample: %g, %g", d, p)
	}
	if d, p := KolmogorovSmirnov([]float64{0.2, math.NaN()}, uniform); !math.IsNaN(d) || !math.IsNaN(p) {
		t.Errorf("NaN sample: %g, %g", d, p)
	}
}

// TestKolmogorovSmirnovCalibration: p-values of uniform samples fail at most
// alpha of the time; a slightly biased sample fails.
func TestKolmogorovSmirnovCalibration(t *testing.T) {
	const (
		trials = 400
		alpha  = 0.05
	)
	uniform := func(x float64) float64 { return min(max(x, 0), 1) }
	rng := rand.New(rand.NewPCG(11, 13))
	for _, n := range []int{20, 300} {
		var fails int64
		for range trials {
			s := make([]float64, n)
			for i := range s {
				s[i] = rng.Float64()
			}
			if _, p := KolmogorovSmirnov(s, uniform); p <= alpha {
				fails++
			}
		}
		// The exact test has size alpha: also insist it is not grossly
		// conservative (at least 1/4 of the expected 20 failures).
		if limit := maxFalseAlarms(trials, alpha); fails > limit || fails < 5 {
			t.Errorf("n=%d: %d of %d uniform samples rejected at %g (limit %d)", n, fails, trials, alpha, limit)
		}
	}
	s := make([]float64, 2000)
	for i := range s {
		s[i] = math.Pow(rng.Float64(), 1.3) // heavier near 0: sup gap ≈ 0.1
	}
	if _, p := KolmogorovSmirnov(s, uniform); p > 1e-6 {
		t.Errorf("biased sample: p = %g", p)
	}
}
