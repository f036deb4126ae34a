package estimate

import (
	"math"
	"math/rand/v2"
	"testing"
)

// sampleCounts draws n outcomes from pmf (which must sum to 1) with rng.
func sampleCounts(rng *rand.Rand, pmf []float64, n int) []int64 {
	counts := make([]int64, len(pmf))
	for range n {
		u := rng.Float64()
		k := 0
		for k < len(pmf)-1 && u >= pmf[k] {
			u -= pmf[k]
			k++
		}
		counts[k]++
	}
	return counts
}

// maxFalseAlarms is the largest number of failures among trials independent
// checks, each failing with probability ≤ alpha, that is not itself
// significant at 1e-9 (one-sided binomial bound): a test using it flakes
// with probability below 1e-9 (and never, with a fixed seed).
func maxFalseAlarms(trials int64, alpha float64) int64 {
	c := int64(0)
	for binomialSF(c+1, trials, alpha) > 1e-9 {
		c++
	}
	return c
}

// TestAgreeFalseAlarmRate: on samples drawn from the pmf itself, each test
// fails at most alpha of the time (DKW by theorem, exact binomial by
// construction).
func TestAgreeFalseAlarmRate(t *testing.T) {
	const (
		trials = 400
		alpha  = 0.05
	)
	tests := []struct {
		name string
		pmf  []float64
		runs int
	}{
		{"dkw", []float64{0, 0.1, 0.3, 0.25, 0.2, 0.1, 0.05}, 300},
		{"binomial", []float64{0.3, 0.7}, 500},
		{"binomial small n", []float64{0.9, 0.1}, 20},
	}
	for i, tc := range tests {
		rng := rand.New(rand.NewPCG(2026, uint64(i)))
		var fails int64
		for range trials {
			if !Agree(tc.pmf, 0, sampleCounts(rng, tc.pmf, tc.runs), alpha).Pass {
				fails++
			}
		}
		if limit := maxFalseAlarms(trials, alpha); fails > limit {
			t.Errorf("%s: %d of %d checks failed at alpha %g (limit %d)", tc.name, fails, trials, alpha, limit)
		}
	}
}

// TestAgreeDetectsBias: the same checks must fail on a biased simulator
// (so TestAgreeFalseAlarmRate cannot pass by never failing).
func TestAgreeDetectsBias(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	pmf := []float64{0, 0.1, 0.3, 0.25, 0.2, 0.1, 0.05}
	biased := []float64{0, 0.05, 0.3, 0.25, 0.2, 0.15, 0.05} // mean +0.25
	a := Agree(pmf, 0, sampleCounts(rng, biased, 100_000), 1e-6)
	if a.Pass || a.Test != TestDKW {
		t.Errorf("biased distribution passed: %+v", a)
	}
	if a.MinDetectable > 0.25 {
		t.Errorf("MinDetectable %g > the 0.25 shift it detected", a.MinDetectable)
	}
	b := Agree([]float64{0.5, 0.5}, 0, sampleCounts(rng, []float64{0.48, 0.52}, 100_000), 1e-6)
	if b.Pass || b.Test != TestExactBinomial {
		t.Errorf("biased coin passed: %+v", b)
	}
}

// TestAgreeCases: hand-derived verdicts.
func TestAgreeCases(t *testing.T) {
	tests := []struct {
		name   string
		pmf    []float64
		tail   float64
		counts []int64
		test   string
		pass   bool
		pvalue float64     // checked when not NaN
		kind   OutcomeKind // AgreeKind's; 0: Agree
	}{
		{"point mass matched", []float64{0, 0, 1}, 0, []int64{0, 0, 50}, TestDKW, true, 1, 0},
		// One run off a point mass is impossible under H0, however small d is.
		{"point mass missed", []float64{0, 0, 1}, 0, []int64{0, 1, 500}, TestDKW, false, 0, 0},
		{"certain win", []float64{0, 1}, 0, []int64{0, 9}, TestExactBinomial, true, 1, 0},
		{"certain win lost once", []float64{0, 1}, 0, []int64{1, 900}, TestExactBinomial, false, 0, 0},
		{"outcome 2 in win/loss", []float64{0.5, 0.5}, 0, []int64{10, 10, 1}, TestExactBinomial, false, 0, 0},
		// 5 of 10 at p = 0.5: p-value capped at 1.
		{"fair coin", []float64{0.5, 0.5}, 0, []int64{5, 5}, TestExactBinomial, true, 1, 0},
		// 0 of 10 at p = 0.5: 2·2^−10.
		{"no wins", []float64{0.5, 0.5}, 0, []int64{10}, TestExactBinomial, false, 2.0 / 1024, 0},
		// Tail: p ∈ [0.5, 0.6] and 6 of 10 won: the p-value at 0.6 is 1.
		{"binomial tail", []float64{0.5, 0.5}, 0.1, []int64{4, 6}, TestExactBinomial, true, 1, WinLoss},
		// Two entries and a tail read as a count cut short: d = 0.1 = the tail.
		{"two entries with a tail", []float64{0.5, 0.4}, 0.1, []int64{4, 6}, TestDKW, true, 1, 0},
		// A win/loss claim rules out outcome 2 whatever the tail.
		{"outcome 2 in win/loss with a tail", []float64{0.5, 0.49}, 0.01, []int64{500, 499, 1}, TestExactBinomial, false, 0, WinLoss},
		{"no runs", []float64{0.2, 0.3, 0.5}, 0, nil, TestDKW, true, 1, 0},
		// d = 0.5 (all at 0, F(0) = 0.5), n = 8: 2·exp(−2·8·0.25) = 2e^−4 ≈ 0.037 > 0.01.
		{"dkw hand", []float64{0.5, 0.25, 0.25}, 0, []int64{8}, TestDKW, true, 2 * math.Exp(-4), 0},
		// Same with tail 0.1: d − tail = 0.4 → 2·exp(−2·8·0.16).
		{"dkw tail", []float64{0.5, 0.25, 0.15}, 0.1, []int64{8}, TestDKW, true, 2 * math.Exp(-2.56), 0},
	}
	for _, tc := range tests {
		a := Agree(tc.pmf, tc.tail, tc.counts, 0.01)
		if tc.kind != 0 {
			a = AgreeKind(tc.kind, tc.pmf, tc.tail, tc.counts, 0.01)
		}
		if a.Test != tc.test || a.Pass != tc.pass {
			t.Errorf("%s: test %q pass %v, want %q %v (%+v)", tc.name, a.Test, a.Pass, tc.test, tc.pass, a)
		}
		if !math.IsNaN(tc.pvalue) && math.Abs(a.PValue-tc.pvalue) > 1e-12 {
			t.Errorf("%s: p-value %.15g, want %.15g", tc.name, a.PValue, tc.pvalue)
		}
	}
}

// TestAgreeTwoEntriesWithTail: a pmf of two entries with a tail may be a
// count distribution cut after outcome 1, whose tail allows outcome 2; Agree
// must then test it as a count, exactly as it tests the same pmf padded with
// a zero, and not as win/loss (which would call the one outcome 2 impossible).
func TestAgreeTwoEntriesWithTail(t *testing.T) {
	counts := []int64{500, 499, 1}
	short := Agree([]float64{0.5, 0.49}, 0.01, counts, 0.01)
	padded := Agree([]float64{0.5, 0.49, 0}, 0.01, counts, 0.01)
	if short != padded {
		t.Errorf("two entries: %+v\npadded:      %+v", short, padded)
	}
	// Fn = .5, .999, 1 against F = .5, .99, .99: d = 0.01 = the tail.
	if short.Test != TestDKW || short.PValue != 1 || !short.Pass {
		t.Errorf("two entries with a tail: test %s, p-value %g, pass %v; want dkw, 1, true", short.Test, short.PValue, short.Pass)
	}
	if wl := AgreeKind(WinLoss, []float64{0.5, 0.49}, 0.01, counts, 0.01); wl.Test != TestExactBinomial || wl.PValue != 0 {
		t.Errorf("declared win/loss: test %s, p-value %g; want exact-binomial, 0", wl.Test, wl.PValue)
	}
	// Without a tail nothing changes: two entries are win/loss.
	if a := Agree([]float64{0.5, 0.5}, 0, []int64{5, 5}, 0.01); a.Test != TestExactBinomial {
		t.Errorf("two entries, no tail: test %s", a.Test)
	}
}

// TestAgreeKindRejectsMisuse: an unknown kind, or a win/loss pmf with more
// than two entries, is a programming error.
func TestAgreeKindRejectsMisuse(t *testing.T) {
	for _, tc := range []struct {
		name string
		kind OutcomeKind
		pmf  []float64
	}{{"kind 0", 0, []float64{0.5, 0.5}}, {"win/loss of three", WinLoss, []float64{0.2, 0.3, 0.5}}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", tc.name)
				}
			}()
			AgreeKind(tc.kind, tc.pmf, 0, []int64{1, 1}, 0.01)
		}()
	}
}

// TestAgreeRejectsAtTheThreshold: DKW rejects when the distance reaches the
// threshold (PValue = Alpha), not only beyond it: P(sup ≥ ε) ≤ 2·exp(−2nε²)
// too, so the level holds.
func TestAgreeRejectsAtTheThreshold(t *testing.T) {
	// n = 8, all at 0, F(0) = 0.5: d = 0.5 and PValue = 2e^−4, the level.
	a := Agree([]float64{0.5, 0.25, 0.25}, 0, []int64{8}, 2*math.Exp(-4))
	if a.PValue != a.Alpha || a.Pass {
		t.Errorf("at the threshold: p-value %g, α %g, pass %v; want p = α and a rejection", a.PValue, a.Alpha, a.Pass)
	}
}

// TestAgreeFields: the descriptive fields on a hand-computable case.
func TestAgreeFields(t *testing.T) {
	// pmf on {1, 2, 3} with mean 2 and σ² = 0.5; histogram mean 2.1.
	pmf := []float64{0, 0.25, 0.5, 0.25}
	counts := []int64{0, 20, 50, 30}
	a := Agree(pmf, 0, counts, 0.05)
	if a.Runs != 100 || a.ExactMean != 2 || math.Abs(a.SimMean-2.1) > 1e-15 {
		t.Errorf("runs/means: %+v", a)
	}
	if want := 0.1 / math.Sqrt(0.5/100); math.Abs(a.Z-want) > 1e-12 {
		t.Errorf("Z = %g, want %g", a.Z, want)
	}
	// Fn = 0, .2, .7, 1 vs F = 0, .25, .75, 1.
	if math.Abs(a.Statistic-0.05) > 1e-15 || math.Abs(a.Threshold-DKWEpsilon(100, 0.05)) > 1e-15 {
		t.Errorf("statistic/threshold: %+v", a)
	}
	// Mean interval: Σ_{k<3} (1 − clamp(Fn(k) ± ε)) with ε ≈ 0.1358.
	eps := DKWEpsilon(100, 0.05)
	lo := (1 - eps) + (1 - (0.2 + eps)) + (1 - (0.7 + eps))
	hi := 1.0 + (1 - (0.2 - eps)) + (1 - (0.7 - eps))
	if math.Abs(a.CILow-lo) > 1e-12 || math.Abs(a.CIHigh-hi) > 1e-12 {
		t.Errorf("mean interval [%g, %g], want [%g, %g]", a.CILow, a.CIHigh, lo, hi)
	}
	if want := eps / 0.5; math.Abs(a.MinDetectable-want) > 1e-12 {
		t.Errorf("MinDetectable %g, want %g", a.MinDetectable, want)
	}

	// Binomial: 30 of 100 at p = 0.3.
	b := Agree([]float64{0.7, 0.3}, 0, []int64{70, 30}, 0.05)
	lo, hi = ClopperPearson(30, 100, 0.05)
	if b.Statistic != 0.3 || !math.IsNaN(b.Threshold) || b.CILow != lo || b.CIHigh != hi || b.Z != 0 {
		t.Errorf("binomial fields: %+v", b)
	}
}

// TestBinomialMinDetectable: at p' = p ± MinDetectable the test rejects with
// probability ≥ 1/2, and a clearly smaller shift is detected less often.
func TestBinomialMinDetectable(t *testing.T) {
	for _, c := range []struct {
		n     int64
		p     float64
		alpha float64
	}{{1000, 0.5, 0.01}, {100_000, 0.2, 1e-6}, {50, 0.9, 0.05}} {
		delta := binomialMinDetectable(c.n, c.p, c.alpha)
		for _, sign := range []float64{1, -1} {
			q := c.p + sign*delta
			if q < 0 || q > 1 {
				continue
			}
			if pr := rejectProb(c.n, c.p, q, c.alpha); pr < 0.5 {
				t.Errorf("n=%d p=%g: shift %+g rejected with probability %g < 1/2", c.n, c.p, sign*delta, pr)
			}
		}
		if pr := rejectProb(c.n, c.p, c.p+delta/2, c.alpha); pr >= 0.5 {
			t.Errorf("n=%d p=%g: half the shift is already detected with probability %g", c.n, c.p, pr)
		}
	}
	// n = 3 at alpha = 0.01: 2·min tail ≥ 2·0.125 > 0.01 for every count.
	if d := binomialMinDetectable(3, 0.5, 0.01); !math.IsInf(d, 1) {
		t.Errorf("undetectable case gave %g", d)
	}
}

// rejectProb is P(BinomialTwoSidedP(X, n, p) ≤ alpha) for X ~ Binomial(n, q).
func rejectProb(n int64, p, q, alpha float64) float64 {
	var pr float64
	for k := int64(0); k <= n; k++ {
		if BinomialTwoSidedP(k, n, p) <= alpha {
			pr += binomialPMF(k, n, q)
		}
	}
	return pr
}

// TestNoZScoreWithoutSigma: a point mass has no z-score, also when
// rounding leaves its computed σ a hair above 0. The pmfs are built by
// hand: 0.9999999999999999 (= 1 − 2⁻⁵³) at 7 with the rest in the tail
// makes the computed mean 7·(1 − 2⁻⁵³), off by 8.9e-16, and σ the same,
// which gave z = √Runs = 141.42 at 20000 runs before (issue 21).
func TestNoZScoreWithoutSigma(t *testing.T) {
	near := make([]float64, 8)
	near[7] = 1 - 0x1p-53
	exact := make([]float64, 8)
	exact[7] = 1
	at7 := make([]int64, 8)
	at7[7] = 20000
	tests := []struct {
		name   string
		pmf    []float64
		tail   float64
		counts []int64
		wantZ  bool // a z-score is expected
	}{
		{"point mass", exact, 0, at7, false},
		{"point mass up to rounding", near, 0x1p-53, at7, false},
		{"win always", []float64{0, 1}, 0, []int64{0, 20000}, false},
		{"no runs", []float64{0.5, 0.5}, 0, []int64{0, 0}, false},
		{"a fair coin", []float64{0.5, 0.5}, 0, []int64{10010, 9990}, true},
		{"a rare other outcome", []float64{1e-6, 0, 1 - 1e-6}, 0, []int64{0, 0, 20000}, true},
	}
	for _, tt := range tests {
		a := Agree(tt.pmf, tt.tail, tt.counts, 1e-6)
		if got := !math.IsNaN(a.Z); got != tt.wantZ {
			t.Errorf("%s: Z = %g, want a z-score: %v", tt.name, a.Z, tt.wantZ)
		}
		if math.Abs(a.Z) > 10 {
			t.Errorf("%s: Z = %g: a board that agrees has no z-score this large", tt.name, a.Z)
		}
	}
}
