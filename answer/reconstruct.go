package answer

import (
	"fmt"
	"math"
	"math/big"
)

// Reconstruct returns the fraction a/b with |a| ≤ n, 0 < b ≤ d and
// a ≡ res·b (mod m) — the small fraction whose residue modulo m is res —
// or false when there is none. When 2·n·d < m there is at most one such
// fraction (Wang 1981; von zur Gathen and Gerhard, Modern Computer
// Algebra, Theorem 5.26): if a/b and a'/b' both qualify, then
// a·b' ≡ a'·b (mod m) and |a·b' − a'·b| ≤ 2nd < m, so a·b' = a'·b.
// Reconstruct refuses bounds without that guarantee (ok false), for an
// answer that is one guess among several is no answer.
//
// The search is the half-extended Euclidean algorithm on (m, res): the
// remainders r_i fall while the cofactors t_i (r_i ≡ t_i·res mod m) grow,
// and the unique fraction, when it exists, is r_i/t_i at the first i with
// r_i ≤ n, provided 0 < |t_i| ≤ d. m must be prime.
func Reconstruct(res, m, n, d int64) (*big.Rat, bool) {
	if m < 2 || m >= MaxModulus || res < 0 || res >= m || n < 0 || d < 1 || !boundsUnique(m, n, d) {
		return nil, false
	}
	r0, r1 := m, res
	t0, t1 := int64(0), int64(1)
	for r1 > n {
		q := r0 / r1
		r0, r1 = r1, r0-q*r1
		t0, t1 = t1, t0-q*t1 // |t_i| ≤ m/r_{i-1}: never overflows below 2^62
	}
	a, b := r1, t1
	if b < 0 {
		a, b = -a, -b
	}
	if b == 0 || b > d {
		return nil, false
	}
	// A common factor g of a and b is prime to the prime m (g ≤ d < m), so
	// a/g ≡ res·b/g as well: the value is the same, and NewRat reduces it.
	return big.NewRat(a, b), true
}

// boundsUnique reports whether 2·n·d < m, without overflow.
func boundsUnique(m, n, d int64) bool {
	if n == 0 {
		return true
	}
	return d <= (m-1)/2/n && 2*n*d < m
}

// Bounds are the numerator and denominator bounds under which a residue is
// read back as a fraction (Reconstruct), for answers whose exact value lies
// in [Low, High].
//
// What a verdict resting on them assumes: that the exact answer is such a
// fraction — true of the small inputs shrinking reaches, not of every
// input. The residue of an answer with a larger denominator is not read
// back (that input cannot be judged by its residue alone), except when it
// lands by coincidence on the residue of one of the Count() small
// fractions in range; for residues spread evenly over [0, Modulus) that
// happens with chance Coincidence() = Count()/Modulus, and the referee
// would then reject a right answer. NewBounds keeps that chance at most
// DefaultCoincidence unless given a larger denominator bound.
type Bounds struct {
	Modulus   int64
	Low, High float64 // the range of the answer: of the game's outcomes
	N, D      int64   // |p| ≤ N, 0 < q ≤ D; 2·N·D < Modulus
}

// DefaultCoincidence is the largest chance NewBounds allows by default
// that the residue of an answer outside the bounds reads back as a small
// fraction in range: one in a million a judged input.
const DefaultCoincidence = 1e-6

// String says the bounds and what they rest on.
func (b Bounds) String() string {
	return fmt.Sprintf("p/q with q ≤ %d and |p| ≤ %d (answers in [%g, %g])", b.D, b.N, b.Low, b.High)
}

// Count bounds how many fractions p/q with 0 < q ≤ D lie in [Low, High]:
// Σ_q (⌊High·q⌋ − ⌈Low·q⌉ + 1) ≤ (High − Low)·D(D+1)/2 + D.
func (b Bounds) Count() float64 {
	d := float64(b.D)
	return (b.High-b.Low)*d*(d+1)/2 + d
}

// Coincidence is Count()/Modulus: the chance that a residue spread evenly
// over [0, Modulus) reads back as a fraction within the bounds.
func (b Bounds) Coincidence() float64 { return min(1, b.Count()/float64(b.Modulus)) }

// Read returns the fraction within b whose residue modulo b.Modulus is
// res, or false when there is none: no small fraction, or one outside
// [Low, High].
func (b Bounds) Read(res int64) (*big.Rat, bool) {
	x, ok := Reconstruct(res, b.Modulus, b.N, b.D)
	if !ok {
		return nil, false
	}
	if f, _ := x.Float64(); f < b.Low || f > b.High {
		return nil, false
	}
	return x, true
}

// Within is b with its denominator bound lowered, as little as it must
// be, so that Coincidence is at most limit: the largest D' ≤ b.D that
// keeps it (N lowered with it), and D' = 1 at least.
func (b Bounds) Within(limit float64) Bounds {
	mag := magnitude(b.Low, b.High)
	at := func(d int64) Bounds {
		c := b
		c.D, c.N = d, int64(math.Floor(mag*float64(d)))
		return c
	}
	d := int64(1)
	for l, h := int64(1), b.D; l <= h; {
		mid := l + (h-l)/2
		if at(mid).Coincidence() <= limit {
			d, l = mid, mid+1
		} else {
			h = mid - 1
		}
	}
	return at(d)
}

// NewBounds returns the bounds for answers in [lo, hi] modulo m: the
// answer is an expectation or a probability of outcomes in [lo, hi], so
// |p| ≤ M·q for M = max(|lo|, |hi|, 1), and N = ⌊M·D⌋. maxD > 0 asks for
// denominators up to maxD, which must keep 2·N·D < m (the largest that
// does is in the error otherwise); maxD = 0 takes the largest D whose
// Coincidence is at most DefaultCoincidence.
func NewBounds(m int64, lo, hi float64, maxD int64) (Bounds, error) {
	if !(lo <= hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return Bounds{}, fmt.Errorf("answer: range [%g, %g]: want a finite range", lo, hi)
	}
	if m < 3 || m >= MaxModulus {
		return Bounds{}, fmt.Errorf("answer: modulus %d: want [3, 2^62)", m)
	}
	mag := magnitude(lo, hi)
	at := func(d int64) Bounds {
		return Bounds{Modulus: m, Low: lo, High: hi, N: int64(math.Floor(mag * float64(d))), D: d}
	}
	unique := UniqueDenominator(m, lo, hi)
	if unique < 1 {
		return Bounds{}, fmt.Errorf("answer: answers as large as %g have no unique small fraction modulo %d (2·N·D < %d fails at D = 1)", mag, m, m)
	}
	if maxD > 0 {
		if maxD > unique {
			return Bounds{}, fmt.Errorf("answer: denominators up to %d: modulo %d, answers in [%g, %g] have a unique small fraction only up to %d (2·N·D < %d)", maxD, m, lo, hi, unique, m)
		}
		return at(maxD), nil
	}
	d := int64(1) // the largest D ≤ unique with Coincidence ≤ DefaultCoincidence
	for l, h := int64(1), unique; l <= h; {
		mid := l + (h-l)/2
		if at(mid).Coincidence() <= DefaultCoincidence {
			d, l = mid, mid+1
		} else {
			h = mid - 1
		}
	}
	return at(d), nil
}

// UniqueDenominator is the largest D for which answers in [lo, hi] have a
// unique small fraction modulo m: 2·N·D < m with N = ⌊M·D⌋,
// M = max(|lo|, |hi|, 1); 0 when not even D = 1 has one.
func UniqueDenominator(m int64, lo, hi float64) int64 {
	mag := magnitude(lo, hi)
	d := int64(math.Sqrt(float64(m-1) / (2 * mag))) // the float estimate, stepped down to the exact bound
	for d >= 1 && !boundsUnique(m, int64(math.Floor(mag*float64(d))), d) {
		d--
	}
	return max(d, 0)
}

func magnitude(lo, hi float64) float64 { return math.Max(1, math.Max(math.Abs(lo), math.Abs(hi))) }
