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
type Bounds struct {
	Low, High float64 // the range of the answer: of the game's outcomes
	N, D      int64   // |p| ≤ N, 0 < q ≤ D; 2·N·D < the modulus
}

// String says the bounds and what they rest on.
func (b Bounds) String() string {
	return fmt.Sprintf("p/q with q ≤ %d and |p| ≤ %d (answers in [%g, %g])", b.D, b.N, b.Low, b.High)
}

// Contains reports whether x is within the bounds: its numerator and
// denominator small enough and its value in [Low, High].
func (b Bounds) Contains(x *big.Rat) bool {
	if x.Denom().Cmp(big.NewInt(b.D)) > 0 || new(big.Int).Abs(x.Num()).Cmp(big.NewInt(b.N)) > 0 {
		return false
	}
	f, _ := x.Float64()
	return f >= b.Low && f <= b.High
}

// NewBounds returns the bounds for answers in [lo, hi] modulo m — the
// answer is an expectation or a probability of outcomes in [lo, hi], so
// |p| ≤ M·q for M = max(|lo|, |hi|) — with the largest denominator bound D
// at most maxD (0: no cap) such that N = ⌊M·D⌋ keeps 2·N·D < m. A range
// too wide for any D ≥ 1 is an error.
func NewBounds(m int64, lo, hi float64, maxD int64) (Bounds, error) {
	if !(lo <= hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return Bounds{}, fmt.Errorf("answer: range [%g, %g]: want a finite range", lo, hi)
	}
	mag := math.Max(1, math.Max(math.Abs(lo), math.Abs(hi)))
	// 2·M·D² < m: start from the float estimate and step down to the exact bound.
	d := int64(math.Sqrt(float64(m-1) / (2 * mag)))
	if maxD > 0 {
		d = min(d, maxD)
	}
	for ; d >= 1; d-- {
		n := int64(math.Floor(mag * float64(d)))
		if n >= 0 && boundsUnique(m, n, d) {
			return Bounds{Low: lo, High: hi, N: n, D: d}, nil
		}
	}
	return Bounds{}, fmt.Errorf("answer: answers as large as %g have no unique small fraction modulo %d (2·N·D < %d fails at D = 1)", mag, m, m)
}
