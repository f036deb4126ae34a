package answer

import (
	"math/big"
	"testing"
)

// bruteReconstruct lists every value a/b with |a| ≤ n, 0 < b ≤ d and
// a ≡ res·b (mod m), by trying them all.
func bruteReconstruct(res, m, n, d int64) []*big.Rat {
	var found []*big.Rat
	for b := int64(1); b <= d; b++ {
		for a := -n; a <= n; a++ {
			if ((a-res*b)%m+m)%m != 0 {
				continue
			}
			x := big.NewRat(a, b)
			dup := false
			for _, y := range found {
				dup = dup || y.Cmp(x) == 0
			}
			if !dup {
				found = append(found, x)
			}
		}
	}
	return found
}

// TestReconstructExhaustive checks Reconstruct against a brute-force search
// for every residue of every small prime and every pair of bounds with
// 2·n·d < m: the fraction is unique (the theorem) and Reconstruct finds it
// exactly when it exists.
func TestReconstructExhaustive(t *testing.T) {
	for _, m := range []int64{3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113} {
		checked := 0
		for d := int64(1); 2*d < m; d++ {
			for n := int64(0); 2*n*d < m; n++ {
				for res := int64(0); res < m; res++ {
					want := bruteReconstruct(res, m, n, d)
					if len(want) > 1 {
						t.Fatalf("m=%d n=%d d=%d res=%d: %d fractions, the theorem says one at most", m, n, d, res, len(want))
					}
					got, ok := Reconstruct(res, m, n, d)
					switch {
					case ok != (len(want) == 1):
						t.Fatalf("m=%d n=%d d=%d res=%d: Reconstruct ok=%v (%v), brute force %v", m, n, d, res, ok, got, want)
					case ok && got.Cmp(want[0]) != 0:
						t.Fatalf("m=%d n=%d d=%d res=%d: Reconstruct %v, brute force %v", m, n, d, res, got, want[0])
					}
					checked++
				}
			}
		}
		if checked == 0 {
			t.Fatalf("m=%d: nothing checked", m)
		}
	}
}

// TestReconstructRoundTrip reads back the residues of small fractions
// modulo the two moduli of contest problems and one near 2^62.
func TestReconstructRoundTrip(t *testing.T) {
	for _, m := range []int64{998244353, 1000000007, 4611686018427387847} {
		b, err := NewBounds(m, 0, 100, UniqueDenominator(m, 0, 100))
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range []*big.Rat{big.NewRat(0, 1), big.NewRat(5, 2), big.NewRat(2087, 64), big.NewRat(100, 1), big.NewRat(1, b.D), big.NewRat(b.N, b.D)} {
			res, err := ResidueOf(x, m)
			if err != nil {
				t.Fatal(err)
			}
			got, ok := Reconstruct(res, m, b.N, b.D)
			if !ok || got.Cmp(x) != 0 {
				t.Errorf("m=%d %v: residue %d reads back as %v, %v", m, x, res, got, ok)
			}
		}
	}
}

// TestReconstructRefuses covers what must never reconstruct.
func TestReconstructRefuses(t *testing.T) {
	for _, c := range []struct {
		name         string
		res, m, n, d int64
	}{
		{"bounds not unique (2nd = m+1)", 1, 7, 2, 2},
		{"residue out of range", 7, 7, 1, 1},
		{"negative residue", -1, 7, 1, 1},
		{"no denominator", 1, 7, 1, 0},
		// 499122179 is 5/2 mod 998244353 (2·499122179 = 5 + 998244353): with
		// q ≤ 1 allowed it has no small fraction.
		{"denominator too small", 499122179, 998244353, 1000, 1},
	} {
		if x, ok := Reconstruct(c.res, c.m, c.n, c.d); ok {
			t.Errorf("%s: got %v", c.name, x)
		}
	}
}

// TestNewBounds checks UniqueDenominator is the largest D with
// 2·N·D < m, and the default bounds the largest within DefaultCoincidence.
func TestNewBounds(t *testing.T) {
	for _, c := range []struct {
		m      int64
		lo, hi float64
	}{{998244353, 0, 1}, {998244353, 0, 100}, {1000000007, -5, 3}, {101, 0, 1}, {101, 0, 50}, {4611686018427387847, 0, 1e6}} {
		u := UniqueDenominator(c.m, c.lo, c.hi)
		mag := max(1, -c.lo, c.hi)
		if n := int64(mag * float64(u)); !(u >= 1 && 2*n*u < c.m) {
			t.Errorf("%+v: D = %d is not unique", c, u)
		}
		if n := int64(mag * float64(u+1)); 2*n*(u+1) < c.m {
			t.Errorf("%+v: D = %d is not the largest: %d also works", c, u, u+1)
		}
		b, err := NewBounds(c.m, c.lo, c.hi, 0)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		next := b
		next.D++
		if b.D > u || b.Coincidence() > DefaultCoincidence && b.D > 1 || b.D < u && next.Coincidence() <= DefaultCoincidence {
			t.Errorf("%+v: default %v (coincidence %.3g), unique up to %d", c, b, b.Coincidence(), u)
		}
		if _, err := NewBounds(c.m, c.lo, c.hi, u+1); err == nil {
			t.Errorf("%+v: D = %d beyond the unique bound accepted", c, u+1)
		}
	}
	if _, err := NewBounds(7, 0, 100, 0); err == nil {
		t.Error("range 100 modulo 7: want an error")
	}
	// Hand-derived: modulo 998244353 with answers in [0, 1], a coincidence
	// of 1e-6 allows Count = D(D+1)/2 + D ≤ 998.2, so D = 43 (989; 44 gives 1034).
	if b, _ := NewBounds(998244353, 0, 1, 0); b.D != 43 {
		t.Errorf("default for [0, 1]: %v, want D = 43", b)
	}
	if b, _ := NewBounds(998244353, 0, 1, 64); b.D != 64 || b.N != 64 {
		t.Errorf("capped at 64: got %v", b)
	}
}

// TestBoundsRead: a fraction outside the range is not read back.
func TestBoundsRead(t *testing.T) {
	b, _ := NewBounds(998244353, 0, 1, 100)
	for _, c := range []struct {
		x  *big.Rat
		ok bool
	}{{big.NewRat(2, 3), true}, {big.NewRat(0, 1), true}, {big.NewRat(-1, 3), false}, {big.NewRat(1, 101), false}} {
		res, _ := ResidueOf(c.x, b.Modulus)
		got, ok := b.Read(res)
		if ok != c.ok || ok && got.Cmp(c.x) != 0 {
			t.Errorf("%v: read %v, %v", c.x, got, ok)
		}
	}
}
