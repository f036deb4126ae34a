package estimate_test

import (
	"fmt"

	"github.com/chancecheck/chancecheck/montecarlo/estimate"
)

// A win/loss game: the exact solver says P(win) = 3/4 and the simulator won
// 7520 of 10000 runs. The run's budget of 1e-6 is shared by 100 checks.
func ExampleAgree() {
	pmf := []float64{0.25, 0.75} // P(loss), P(win)
	counts := []int64{2480, 7520}
	alpha := estimate.Bonferroni{Alpha: 1e-6, Checks: 100}.PerCheck()
	a := estimate.Agree(pmf, 0, counts, alpha)
	fmt.Printf("%s: p̂=%.4f in [%.4f, %.4f], p-value %.3f, z %.2f, pass %v\n",
		a.Test, a.Statistic, a.CILow, a.CIHigh, a.PValue, a.Z, a.Pass)
	// Output:
	// exact-binomial: p̂=0.7520 in [0.7267, 0.7762], p-value 0.654, z 0.46, pass true
}

// A distribution of throws: DKW compares the whole empirical CDF.
func ExampleAgree_distribution() {
	pmf := []float64{0, 0.5, 0.25, 0.25} // P(1 throw) = 1/2, …
	counts := []int64{0, 4100, 2900, 3000}
	a := estimate.Agree(pmf, 0, counts, 1e-6)
	fmt.Printf("%s: sup distance %.3f vs threshold %.4f, pass %v\n", a.Test, a.Statistic, a.Threshold, a.Pass)
	// Output:
	// dkw: sup distance 0.090 vs threshold 0.0269, pass false
}

// The exact 95% interval for 5 successes in 10 trials, as R's binom.test
// prints it.
func ExampleClopperPearson() {
	lo, hi := estimate.ClopperPearson(5, 10, 0.05)
	fmt.Printf("[%.4f, %.4f]\n", lo, hi)
	// Output:
	// [0.1871, 0.8129]
}

// Calibration: the p-values of many independent checks should be uniform.
// These crowd near 0, as a slightly biased simulator's would.
func ExampleKolmogorovSmirnov() {
	pvalues := []float64{0.01, 0.02, 0.03, 0.05, 0.08, 0.1, 0.2, 0.3, 0.5, 0.9}
	uniform := func(x float64) float64 { return min(max(x, 0), 1) }
	d, p := estimate.KolmogorovSmirnov(pvalues, uniform)
	fmt.Printf("D = %.3f, p-value = %.3f\n", d, p)
	// Output:
	// D = 0.500, p-value = 0.008
}

// An expectation: 400 runs whose outcomes lie in [0, 10] averaged 4.1 with
// variance 6. Hoeffding and empirical Bernstein bound the mean without any
// distribution to compare with: an answer of 4.5 passes, 5.5 does not.
func ExampleAgreeMean() {
	runs := estimate.Sample{Runs: 400, Mean: 4.1, Variance: 6}
	for _, answer := range []float64{4.5, 5.5} {
		a := estimate.AgreeMean(runs, answer, 1e-6, 0, 10, 1e-3)
		fmt.Printf("%s against %v: mean %.2f in [%.2f, %.2f], p-value %.3g, pass %v\n", a.Test, a.Answer, a.SimMean, a.CILow, a.CIHigh, a.PValue, a.Pass)
	}
	// Output:
	// hoeffding-bernstein against 4.5: mean 4.10 in [3.08, 5.12], p-value 0.783, pass true
	// hoeffding-bernstein against 5.5: mean 4.10 in [3.08, 5.12], p-value 6.2e-07, pass false
}
