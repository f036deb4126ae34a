package estimate

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/chancecheck/chancecheck/internal/longtest"
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

// steckCDF is P(D_n < d) in exact rational arithmetic by Steck's (1971)
// determinant ("Rectangle probabilities for uniform order statistics and the
// probability that the empirical distribution function lies between two
// distribution functions", Ann. Math. Statist. 42): for uniform order
// statistics, P(u_i < U_(i) < v_i for all i) = n!·det M with
// M_ij = (v_i − u_j)₊^(j−i+1)/(j−i+1)! for j ≥ i−1 and 0 below, and D_n < d
// exactly when i/n − d < U_(i) < (i−1)/n + d for every i. It shares nothing
// with the matrix-power method of kolmogorovExact or the one-sided sum, so it
// is an independent reference; it is slow (rationals with long
// denominators), so only for small n.
func steckCDF(n int, d *big.Rat) *big.Rat {
	zero, one := new(big.Rat), big.NewRat(1, 1)
	clamp := func(x *big.Rat) *big.Rat {
		if x.Cmp(zero) < 0 {
			return new(big.Rat)
		}
		if x.Cmp(one) > 0 {
			return new(big.Rat).Set(one)
		}
		return x
	}
	u := make([]*big.Rat, n+1)
	v := make([]*big.Rat, n+1)
	for i := 1; i <= n; i++ {
		u[i] = clamp(new(big.Rat).Sub(big.NewRat(int64(i), int64(n)), d))
		v[i] = clamp(new(big.Rat).Add(big.NewRat(int64(i-1), int64(n)), d))
		if u[i].Cmp(v[i]) >= 0 {
			return new(big.Rat) // d ≤ 1/(2n): impossible
		}
	}
	m := make([][]*big.Rat, n)
	for i := range m {
		m[i] = make([]*big.Rat, n)
		for j := range m[i] {
			m[i][j] = new(big.Rat)
			e := j - i + 1 // with 1-based i+1, j+1
			switch {
			case e < 0:
			case e == 0:
				m[i][j].SetInt64(1)
			default:
				x := new(big.Rat).Sub(v[i+1], u[j+1])
				if x.Sign() <= 0 {
					continue
				}
				p := new(big.Rat).SetInt64(1)
				for g := 1; g <= e; g++ {
					p.Mul(p, x)
					p.Quo(p, big.NewRat(int64(g), 1))
				}
				m[i][j] = p
			}
		}
	}
	det := ratDeterminant(m)
	for g := 2; g <= n; g++ {
		det.Mul(det, big.NewRat(int64(g), 1))
	}
	return det
}

// ratDeterminant is det m by Gaussian elimination with exact rationals (m is
// overwritten).
func ratDeterminant(m [][]*big.Rat) *big.Rat {
	n := len(m)
	det := big.NewRat(1, 1)
	for c := range n {
		pivot := -1
		for r := c; r < n; r++ {
			if m[r][c].Sign() != 0 {
				pivot = r
				break
			}
		}
		if pivot < 0 {
			return new(big.Rat)
		}
		if pivot != c {
			m[c], m[pivot] = m[pivot], m[c]
			det.Neg(det)
		}
		det.Mul(det, m[c][c])
		for r := c + 1; r < n; r++ {
			if m[r][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Quo(m[r][c], m[c][c])
			for k := c; k < n; k++ {
				m[r][k].Sub(m[r][k], new(big.Rat).Mul(f, m[c][k]))
			}
		}
	}
	return det
}

// steckSurvival is P(D_n ≥ d) as a float64, exact up to its last rounding.
func steckSurvival(n int, d *big.Rat) float64 {
	f, _ := new(big.Rat).Sub(big.NewRat(1, 1), steckCDF(n, d)).Float64()
	return f
}

func TestSteckReference(t *testing.T) {
	// The reference itself against MTW's worked example and the hand cases.
	if got, _ := steckCDF(10, big.NewRat(274, 1000)).Float64(); math.Abs(got-0.6284796154565043) > 1e-15 {
		t.Errorf("Steck K(10, .274) = %.16g, want 0.6284796154565043 (MTW 2003)", got)
	}
	if got, _ := steckCDF(5, big.NewRat(15, 100)).Float64(); math.Abs(got-120*math.Pow(0.1, 5)) > 1e-17 {
		t.Errorf("Steck K(5, .15) = %g, want 5!·0.1⁵", got)
	}
	if got := steckSurvival(5, big.NewRat(9, 10)); math.Abs(got-2*math.Pow(0.1, 5)) > 1e-19 {
		t.Errorf("Steck P(D_5 ≥ .9) = %g, want 2·0.1⁵", got)
	}
}

// TestKolmogorovSurvivalSteck: for n ≤ 40, KolmogorovSurvival is within a
// relative 1e-9 of Steck's exact value everywhere, far tail included (down
// to 1e-30, where 1 − CDF would be 0), and never below it by more than that
// (a p-value must not be small).
func TestKolmogorovSurvivalSteck(t *testing.T) {
	ns := []int{1, 2, 3, 4, 5, 6, 7, 8, 10, 15, 20}
	// Long: Steck's determinant in exact rationals grows fast with n
	// (n = 30 and 40 take seconds); they run under CHANCECHECK_LONG=1.
	if longtest.Enabled() {
		ns = append(ns, 30, 40)
	}
	if testing.Short() {
		ns = []int{1, 2, 3, 5, 6, 10}
	}
	for _, n := range ns {
		var ds []*big.Rat
		step := int64(1 + n/20) // Steck's rationals grow long with n
		for k := int64(1); k < 128; k += step {
			ds = append(ds, big.NewRat(k, 128))
		}
		for _, e := range []uint{10, 20, 40} { // 1 − 2^−e: tails 2^(1−e·n)
			ds = append(ds, new(big.Rat).SetFrac(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), e), big.NewInt(1)), new(big.Int).Lsh(big.NewInt(1), e)))
		}
		worst := 0.0
		for _, d := range ds {
			df, _ := d.Float64()
			want := steckSurvival(n, d)
			got := KolmogorovSurvival(n, df)
			if want == 0 { // a tail of 2^(1−40n) underflows
				if got > 1e-300 {
					t.Errorf("n=%d d=%g: P(D ≥ d) = %g, Steck's underflows", n, df, got)
				}
				continue
			}
			if want == 1 {
				if got != 1 {
					t.Errorf("n=%d d=%g: P(D ≥ d) = %g, want 1", n, df, got)
				}
				continue
			}
			r := got/want - 1
			worst = math.Max(worst, math.Abs(r))
			if math.Abs(r) > 1e-9 {
				t.Errorf("n=%d d=%g: KolmogorovSurvival = %.16g, Steck %.16g (relative %+.2g)", n, df, got, want, r)
			}
		}
		t.Logf("n=%d: largest relative error %.2g", n, worst)
	}
}

// TestKolmogorovSurvivalBeyondExact: above n = 1000 the survival function is
// 2·P(D⁺ ≥ d), an upper bound whose relative excess over the exact tail is
// about (p/2)³. At n = 1000, where the exact method is at hand, the bound is
// never below it (to 1e-9, the rounding of 1 − CDF at tails ≥ 1e-5) and high
// by at most 1.5·(p/2)³; at n = 10000 it bounds R's exact value.
func TestKolmogorovSurvivalBeyondExact(t *testing.T) {
	const n = 1000
	for d := 0.015; d < 0.076; d += 0.0025 {
		exact := 1 - kolmogorovExact(n, d)
		bound := math.Min(1, 2*smirnovOneSidedSF(n, d))
		r := bound/exact - 1
		if r < -1e-9 || r > 1.5*math.Pow(exact/2, 3)+1e-9 {
			t.Errorf("n=%d d=%g: 2·P(D⁺ ≥ d) = %.10g, exact %.10g: relative %+.3g, (p/2)³ = %.3g", n, d, bound, exact, r, math.Pow(exact/2, 3))
		}
	}
	// R pkolmogorov_two_exact(10000, 0.01) = 0.73178087203705255 (see
	// TestKolmogorovCDFPublished).
	want := 1 - 0.73178087203705255
	if got := KolmogorovSurvival(10_000, 0.01); got < want || got > want*(1+1.5*math.Pow(want/2, 3)) {
		t.Errorf("KolmogorovSurvival(10000, 0.01) = %.10g, want in [%.10g, %.10g·(1 + 1.5·(p/2)³)]", got, want, want)
	}
	// Beyond 1e6: Massart's bound.
	if got, want := KolmogorovSurvival(2_000_000, 0.001), 2*math.Exp(-4); got != want {
		t.Errorf("KolmogorovSurvival(2e6, 0.001) = %g, want 2e^−4 = %g", got, want)
	}
}

// TestKolmogorovSurvivalEdges: the support of D_n is [1/(2n), 1).
func TestKolmogorovSurvivalEdges(t *testing.T) {
	for _, tc := range []struct {
		n    int
		d    float64
		want float64
	}{
		{10, 0.05, 1}, {10, 0, 1}, {10, -1, 1}, {10, 1, 0}, {10, 2, 0}, {0, 0.5, 1},
		{5, 0.95, 2 * math.Pow(0.05, 5)}, // d ≥ 1 − 1/n: 2(1 − d)^n
	} {
		if got := KolmogorovSurvival(tc.n, tc.d); math.Abs(got-tc.want) > 1e-13*tc.want {
			t.Errorf("KolmogorovSurvival(%d, %g) = %g, want %g", tc.n, tc.d, got, tc.want)
		}
	}
	if !math.IsNaN(KolmogorovSurvival(10, math.NaN())) {
		t.Error("NaN distance gave a number")
	}
}
