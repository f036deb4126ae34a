package answer

import (
	"fmt"
	"math/big"
	"strings"
)

// Kind is the kind of answer a problem asks for.
type Kind int

// The kinds. The zero value is Float, today's rule of every built-in game.
const (
	// Float is a real number judged within a tolerance.
	Float Kind = iota
	// Integer is an exact integer, printed in decimal.
	Integer
	// Fraction is an exact fraction printed p/q (q > 0; an integer p alone
	// is p/1), compared by value: 2/4 is 1/2.
	Fraction
	// Residue is a fraction p/q printed as p·q⁻¹ mod P, an integer in
	// [0, P), for a prime modulus P.
	Residue
)

// kindNames are the kinds as flags and JSON spell them.
var kindNames = [...]string{"float", "integer", "fraction", "residue"}

// String names the kind as --answer and JSON spell it.
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Exact reports whether answers of kind k are compared exactly.
func (k Kind) Exact() bool { return k != Float }

// ParseKind reads a kind as String spells it.
func ParseKind(s string) (Kind, error) {
	for k, name := range kindNames {
		if s == name {
			return Kind(k), nil
		}
	}
	return 0, fmt.Errorf("answer kind %q: want one of %s", s, strings.Join(kindNames[:], ", "))
}

// MaxModulus bounds a residue's modulus: below 2⁶², so that the
// reconstruction's remainders and cofactors stay within int64.
const MaxModulus = 1 << 62

// Rule is a kind of answer and, for a residue, its modulus. The zero Rule
// is Float.
type Rule struct {
	Kind Kind
	// Modulus is the prime P of a Residue (998244353, 1000000007); zero for
	// every other kind.
	Modulus int64
}

// Validate reports whether r can be used: a residue needs a prime modulus
// in [3, MaxModulus), every other kind none.
func (r Rule) Validate() error {
	switch {
	case r.Kind < Float || r.Kind > Residue:
		return fmt.Errorf("answer: unknown kind %d", int(r.Kind))
	case r.Kind != Residue && r.Modulus != 0:
		return fmt.Errorf("answer: a modulus (%d) goes with a residue, not with a %s", r.Modulus, r.Kind)
	case r.Kind == Residue && (r.Modulus < 3 || r.Modulus >= MaxModulus):
		return fmt.Errorf("answer: modulus %d: want a prime in [3, 2^62)", r.Modulus)
	case r.Kind == Residue && !big.NewInt(r.Modulus).ProbablyPrime(0):
		// ProbablyPrime is exact below 2^64 (Baillie–PSW): no composite
		// modulus passes.
		return fmt.Errorf("answer: modulus %d is not prime: a fraction has a residue modulo a prime, whose every non-zero residue has an inverse", r.Modulus)
	}
	return nil
}

// ReadsBack reports whether an answer under r is printed as other than its
// value: a residue, p·q⁻¹ mod P, stands for the fraction p/q, which is
// known only from a brute force that prints it or by reading the residue
// back (Bounds.Read). Every question of reading back — its bounds, a
// largest denominator, what a verdict resting on it assumes — goes with
// such a rule only, and a brute force's answer without its fraction has no
// value to take the mean of.
func (r Rule) ReadsBack() bool { return r.Kind == Residue }

// String says the rule as a help text or a report would: "a residue
// modulo 998244353" (a fraction p/q printed as p·q⁻¹ mod 998244353).
func (r Rule) String() string {
	switch r.Kind {
	case Float:
		return "a float within the judge's tolerance"
	case Integer:
		return "an exact integer"
	case Fraction:
		return "an exact fraction p/q"
	case Residue:
		return fmt.Sprintf("a residue modulo %d", r.Modulus)
	}
	return r.Kind.String()
}
