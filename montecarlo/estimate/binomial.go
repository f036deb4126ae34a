package estimate

import "math"

// ClopperPearson is the exact (Clopper and Pearson, 1934) two-sided
// 1−alpha confidence interval for a binomial proportion after k successes in
// n trials: lo solves P(X ≥ k | lo) = alpha/2 and hi solves
// P(X ≤ k | hi) = alpha/2 (equivalently lo is the alpha/2 quantile of
// Beta(k, n−k+1) and hi the 1−alpha/2 quantile of Beta(k+1, n−k)).
// k = 0 gives lo = 0 and k = n gives hi = 1. It is the interval R's
// binom.test prints. The quantiles are found by bisection on the binomial
// tails of this file, accurate for n in the billions. With n ≤ 0 the interval
// is [0, 1]; k is clamped to 0..n.
func ClopperPearson(k, n int64, alpha float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	k = min(max(k, 0), n)
	lo, hi = 0, 1
	if k > 0 {
		// P(X ≥ k | p) rises with p.
		lo = bisect(func(p float64) bool { return binomialSF(k, n, p) < alpha/2 })
	}
	if k < n {
		// P(X ≤ k | p) falls with p.
		hi = bisect(func(p float64) bool { return binomialCDF(k, n, p) > alpha/2 })
	}
	return lo, hi
}

// bisect finds, to full float64 precision, the boundary in (0, 1) where
// below(p) switches from true (for small p) to false.
func bisect(below func(p float64) bool) float64 {
	a, b := 0.0, 1.0
	for {
		mid := a + (b-a)/2
		if mid <= a || mid >= b {
			return mid
		}
		if below(mid) {
			a = mid
		} else {
			b = mid
		}
	}
}

// BinomialTwoSidedP is the exact two-sided p-value of k successes in n trials
// when the success probability is p: min(1, 2·min(P(X ≤ k), P(X ≥ k))), the
// "doubled smaller tail" (central) p-value that is dual to ClopperPearson.
// The tails are regularized incomplete beta functions evaluated by a continued
// fraction whose prefactor is the binomial probability computed by Loader's
// (2000) saddle-point method, so it keeps its relative accuracy for n in the
// billions (gonum's mathext.RegIncBeta does not converge there). p = 0 and
// p = 1 are exact: 1 when k is the only possible outcome, 0 otherwise; k
// outside 0..n gives 0.
func BinomialTwoSidedP(k, n int64, p float64) float64 {
	switch {
	case k < 0 || k > n || math.IsNaN(p):
		return 0
	case n == 0:
		return 1
	case p <= 0:
		return indicator(k == 0)
	case p >= 1:
		return indicator(k == n)
	}
	return math.Min(1, 2*math.Min(binomialCDF(k, n, p), binomialSF(k, n, p)))
}

// BinomialCDF is P(X ≤ k) for X ~ Binomial(n, p): the p-value of the
// one-sided exact test of H0 "the success probability is at least p" after k
// successes in n trials (small when k is too few). It keeps its relative
// accuracy far into the lower tail (the same continued fraction as
// BinomialTwoSidedP). p ≤ 0 and p ≥ 1 are exact; k < 0 gives 0, k ≥ n gives 1;
// NaN p gives NaN.
func BinomialCDF(k, n int64, p float64) float64 {
	switch {
	case math.IsNaN(p):
		return math.NaN()
	case k < 0:
		return 0
	case k >= n:
		return 1
	case p <= 0:
		return 1
	case p >= 1:
		return 0
	}
	return binomialCDF(k, n, p)
}

// binomialCDF is P(X ≤ k) for X ~ Binomial(n, p), 0 < p < 1.
func binomialCDF(k, n int64, p float64) float64 {
	switch {
	case k >= n:
		return 1
	case k < 0:
		return 0
	}
	if lowerDirect(k, n, p) {
		return lowerTail(k, n, p)
	}
	return 1 - upperTail(k+1, n, p)
}

// binomialSF is P(X ≥ k) for X ~ Binomial(n, p), 0 < p < 1.
func binomialSF(k, n int64, p float64) float64 {
	switch {
	case k <= 0:
		return 1
	case k > n:
		return 0
	}
	if !lowerDirect(k-1, n, p) {
		return upperTail(k, n, p)
	}
	return 1 - lowerTail(k-1, n, p)
}

// lowerDirect reports whether P(X ≤ j) = I_{1−p}(n−j, j+1) lies where its
// continued fraction converges fast (1−p < (n−j+1)/(n+3)); otherwise
// P(X ≥ j+1) = I_p(j+1, n−j) does.
func lowerDirect(j, n int64, p float64) bool {
	return p > float64(j+2)/float64(n+3)
}

// lowerTail is P(X ≤ j) = I_q(n−j, j+1) = C(n, j)·p^j·q^(n−j) · p · cf, for
// 0 ≤ j < n: the prefactor x^a·(1−x)^b/(a·B(a,b)) of the incomplete beta with
// a = n−j, b = j+1, x = q is C(n, j)·q^(n−j)·p^(j+1).
func lowerTail(j, n int64, p float64) float64 {
	return binomialPMF(j, n, p) * p * betaContinuedFraction(float64(n-j), float64(j+1), 1-p)
}

// upperTail is P(X ≥ k) = I_p(k, n−k+1) = C(n, k)·p^k·q^(n−k) · q · cf, for
// 0 < k ≤ n.
func upperTail(k, n int64, p float64) float64 {
	return binomialPMF(k, n, p) * (1 - p) * betaContinuedFraction(float64(k), float64(n-k+1), p)
}

// betaContinuedFraction evaluates the continued fraction of the incomplete
// beta function, I_x(a,b) = x^a(1−x)^b/(a·B(a,b)) · cf, by the modified Lentz
// method (Numerical Recipes §6.4). It converges in O(√max(a,b)) steps for x < (a+1)/(a+b+2).
func betaContinuedFraction(a, b, x float64) float64 {
	const (
		eps   = 1e-16
		floor = 1e-300
	)
	maxIter := 200 + int(20*math.Sqrt(math.Max(a, b)))
	qab, qap, qam := a+b, a+1, a-1
	c := 1.0
	d := 1 - qab*x/qap
	if math.Abs(d) < floor {
		d = floor
	}
	d = 1 / d
	h := d
	for m := 1; m <= maxIter; m++ {
		fm := float64(m)
		m2 := 2 * fm
		aa := fm * (b - fm) * x / ((qam + m2) * (a + m2))
		d = 1 + aa*d
		if math.Abs(d) < floor {
			d = floor
		}
		c = 1 + aa/c
		if math.Abs(c) < floor {
			c = floor
		}
		d = 1 / d
		h *= d * c
		aa = -(a + fm) * (qab + fm) * x / ((a + m2) * (qap + m2))
		d = 1 + aa*d
		if math.Abs(d) < floor {
			d = floor
		}
		c = 1 + aa/c
		if math.Abs(c) < floor {
			c = floor
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < eps {
			break
		}
	}
	return h
}

// binomialPMF is P(X = k) for X ~ Binomial(n, p), 0 < p < 1, by Loader's
// (2000) "Fast and accurate computation of binomial probabilities": the
// Stirling-series remainders and the deviance bd0 avoid the cancellation of
// lgamma differences, giving full relative accuracy for huge n.
func binomialPMF(k, n int64, p float64) float64 {
	q := 1 - p
	fn, fk := float64(n), float64(k)
	switch {
	case k < 0 || k > n:
		return 0
	case k == 0:
		if p < 0.1 {
			return math.Exp(-bd0(fn, fn*q) - fn*p)
		}
		return math.Exp(fn * math.Log1p(-p))
	case k == n:
		if q < 0.1 {
			return math.Exp(-bd0(fn, fn*p) - fn*q)
		}
		return math.Exp(fn * math.Log(p))
	}
	fnk := fn - fk
	lc := stirlerr(fn) - stirlerr(fk) - stirlerr(fnk) - bd0(fk, fn*p) - bd0(fnk, fn*q)
	lf := math.Log(2*math.Pi) + math.Log(fk) + math.Log1p(-fk/fn)
	return math.Exp(lc - 0.5*lf)
}

// stirlerr is log(n!) − log(√(2πn)·(n/e)^n), the error of Stirling's formula.
func stirlerr(n float64) float64 {
	const (
		s0 = 1.0 / 12
		s1 = 1.0 / 360
		s2 = 1.0 / 1260
		s3 = 1.0 / 1680
		s4 = 1.0 / 1188
	)
	if n <= 15 {
		lg, _ := math.Lgamma(n + 1)
		return lg - (n+0.5)*math.Log(n) + n - 0.5*math.Log(2*math.Pi)
	}
	nn := n * n
	switch {
	case n > 500:
		return (s0 - s1/nn) / n
	case n > 80:
		return (s0 - (s1-s2/nn)/nn) / n
	case n > 35:
		return (s0 - (s1-(s2-s3/nn)/nn)/nn) / n
	}
	return (s0 - (s1-(s2-(s3-s4/nn)/nn)/nn)/nn) / n
}

// bd0 is the deviance term x·log(x/np) + np − x, by a series when x is close to
// np (Loader 2000).
func bd0(x, np float64) float64 {
	if math.Abs(x-np) < 0.1*(x+np) {
		v := (x - np) / (x + np)
		s := (x - np) * v
		ej := 2 * x * v
		v *= v
		for j := 1; j < 1000; j++ {
			ej *= v
			s1 := s + ej/float64(2*j+1)
			if s1 == s {
				return s1
			}
			s = s1
		}
		return s
	}
	return x*math.Log(x/np) + np - x
}

func indicator(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
