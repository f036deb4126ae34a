package answer

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
)

// Value is one answer: a float, or an exact number of an exact kind.
type Value struct {
	Kind Kind
	// Float is a Float's value.
	Float float64
	// Exact is an exact kind's value: the integer, the fraction, or the
	// residue (an integer in [0, P)). Never nil for an exact kind.
	Exact *big.Rat
}

// FloatValue is the Value of a float answer.
func FloatValue(x float64) Value { return Value{Kind: Float, Float: x} }

// Float64 is v as a float64: a float itself, an exact value rounded to
// the nearest float64 (a residue is the integer printed, not the fraction).
func (v Value) Float64() float64 {
	if v.Kind == Float || v.Exact == nil {
		return v.Float
	}
	f, _ := v.Exact.Float64()
	return f
}

// String prints v as a solver prints it: an integer or a residue in
// decimal, a fraction p/q (p alone when q is 1), a float with the fewest
// digits that read back to it.
func (v Value) String() string { return v.Text(-1) }

// Text is v as an output shows it: a float with sig significant digits
// (as %.*g; sig < 0: the fewest that read back to it, as String), an exact
// value as String prints it.
func (v Value) Text(sig int) string {
	if v.Kind == Float || v.Exact == nil {
		return strconv.FormatFloat(v.Float, 'g', sig, 64)
	}
	return v.Exact.RatString()
}

// Equal reports whether v and w are the same exact answer; a float is
// equal only to the same float (tolerances are the caller's).
func (v Value) Equal(w Value) bool {
	if v.Kind != w.Kind {
		return false
	}
	if v.Kind == Float || v.Exact == nil || w.Exact == nil {
		return v.Float == w.Float && v.Exact == nil && w.Exact == nil
	}
	return v.Exact.Cmp(w.Exact) == 0
}

// ErrNoResidue is wrapped by the error of a fraction whose denominator the
// modulus divides: it has no residue, and a problem that asks for one
// promises it never happens — a board where it does is its own outcome,
// not an answer to compare.
var ErrNoResidue = errors.New("the denominator is divisible by the modulus: the fraction has no residue")

// ErrNotInteger is wrapped by the error of an integer answer whose exact
// value is not an integer.
var ErrNotInteger = errors.New("the exact answer is not an integer")

// FromRat is the answer a correct solver prints when the exact answer is
// x: x itself for an integer (ErrNotInteger when it is not one) or a
// fraction, its residue for a residue (ErrNoResidue when the modulus
// divides its denominator), the nearest float64 for a float.
func (r Rule) FromRat(x *big.Rat) (Value, error) {
	switch r.Kind {
	case Float:
		f, _ := x.Float64()
		return FloatValue(f), nil
	case Integer:
		if !x.IsInt() {
			return Value{}, fmt.Errorf("answer %s: %w", x.RatString(), ErrNotInteger)
		}
		return Value{Kind: Integer, Exact: new(big.Rat).Set(x)}, nil
	case Fraction:
		return Value{Kind: Fraction, Exact: new(big.Rat).Set(x)}, nil
	case Residue:
		res, err := ResidueOf(x, r.Modulus)
		if err != nil {
			return Value{}, err
		}
		return r.residue(res), nil
	}
	return Value{}, r.Validate()
}

// residue is the Value of residue res.
func (r Rule) residue(res int64) Value {
	return Value{Kind: Residue, Exact: new(big.Rat).SetInt64(res)}
}

// ResidueOf is x = p/q as p·q⁻¹ mod m, in [0, m), for a prime m; the error
// wraps ErrNoResidue when m divides q.
func ResidueOf(x *big.Rat, m int64) (int64, error) {
	mod := big.NewInt(m)
	q := new(big.Int).Mod(x.Denom(), mod)
	if q.Sign() == 0 {
		return 0, fmt.Errorf("%s modulo %d: %w", x.RatString(), m, ErrNoResidue)
	}
	inv := new(big.Int).ModInverse(q, mod)
	if inv == nil { // only for a composite m, which Rule.Validate refuses
		return 0, fmt.Errorf("%s modulo %d: the denominator has no inverse (is %d prime?): %w", x.RatString(), m, m, ErrNoResidue)
	}
	p := new(big.Int).Mod(x.Num(), mod)
	p.Mul(p, inv).Mod(p, mod)
	return p.Int64(), nil
}

// Format prints v as a solver prints it and, for a residue whose fraction
// is known (frac non-nil) and is not the residue itself, the fraction
// beside it: "389939233 (= 2087/64 mod 998244353)".
func (r Rule) Format(v Value, frac *big.Rat) string { return r.Show(v, frac, -1) }

// Show is Format with a float shown to sig significant digits (Text).
func (r Rule) Show(v Value, frac *big.Rat, sig int) string {
	s := v.Text(sig)
	if r.Kind == Residue && frac != nil && !(frac.IsInt() && frac.Cmp(v.Exact) == 0) {
		s += fmt.Sprintf(" (= %s mod %d)", frac.RatString(), r.Modulus)
	}
	return s
}

// Accepts reports whether got is the right answer want under r: exactly
// equal for an exact kind; for a float, within the tolerance t (NaN and
// infinities never). A float given for an exact answer (a Go function
// returns a float64) is right when it is that answer's nearest float64:
// exact for integers and residues below 2⁵³, as near as a float64 gets to
// a fraction.
func (r Rule) Accepts(want, got Value, t Tolerance) bool {
	switch {
	case !r.Kind.Exact():
		return t.Accepts(want.Float64(), got.Float64())
	case got.Kind == Float:
		return want.Exact != nil && want.Float64() == got.Float
	}
	return want.Equal(got)
}

// Slack is the largest distance from want at which an answer is accepted
// under r: the tolerance's slack for a float, none for an exact kind (its
// value is exact).
func (r Rule) Slack(want float64, t Tolerance) float64 {
	if r.Kind.Exact() {
		return 0
	}
	return t.Slack(want)
}
