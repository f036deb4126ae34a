package answer

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// SyntaxError is output that is not n answers of a rule's kind, one a
// line: too few or too many lines, a field that is not an answer of the
// kind.
type SyntaxError struct {
	Line int    // 1-based line of the output, 0 when the problem is the whole output
	Msg  string // what is wrong, and what was expected
}

func (e *SyntaxError) Error() string {
	if e.Line == 0 {
		return "output: " + e.Msg
	}
	return fmt.Sprintf("output line %d: %s", e.Line, e.Msg)
}

// The answers' syntax: what a contest checker reads. No "nan", "inf",
// hex, underscores, spaces inside a fraction, or trailing garbage.
var (
	decimalSyntax = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)
	})
	integerSyntax  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[+-]?[0-9]+$`) })
	fractionSyntax = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[+-]?[0-9]+(/[0-9]+)?$`) })
)

// maxDigits bounds an exact answer's digits: a solver's runaway output is
// a format error, not a number to do arithmetic on.
const maxDigits = 10000

// ParseDecimal reads a float answer as a contest checker does: decimal,
// finite, nothing glued to it. The error says why s is not one.
func ParseDecimal(s string) (float64, error) {
	if !decimalSyntax().MatchString(s) {
		return 0, fmt.Errorf("%q is not a decimal number", clip(s))
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("%q is not a finite number", clip(s))
	}
	return v, nil
}

// Parse reads one answer of r's kind from one field; the error says what
// was expected.
func (r Rule) Parse(s string) (Value, error) {
	switch r.Kind {
	case Float:
		v, err := ParseDecimal(s)
		return FloatValue(v), err
	case Integer:
		if !integerSyntax().MatchString(s) || len(s) > maxDigits {
			return Value{}, fmt.Errorf("%q is not an integer (want decimal digits, an optional sign)%s", clip(s), r.hint(s))
		}
		return Value{Kind: Integer, Exact: new(big.Rat).SetInt(decimal(s))}, nil
	case Fraction:
		if !fractionSyntax().MatchString(s) || len(s) > maxDigits {
			return Value{}, fmt.Errorf("%q is not a fraction (want p/q with integers p and q > 0, or an integer)%s", clip(s), r.hint(s))
		}
		num, den, _ := strings.Cut(s, "/")
		q := big.NewInt(1)
		if den != "" {
			q = decimal(den)
		}
		if q.Sign() == 0 {
			return Value{}, fmt.Errorf("%q: the denominator is zero", clip(s))
		}
		return Value{Kind: Fraction, Exact: new(big.Rat).SetFrac(decimal(num), q)}, nil
	case Residue:
		if !integerSyntax().MatchString(s) || len(s) > maxDigits {
			return Value{}, fmt.Errorf("%q is not a residue modulo %d (want an integer in [0, %d))%s", clip(s), r.Modulus, r.Modulus, r.hint(s))
		}
		x := decimal(s)
		if x.Sign() < 0 || x.Cmp(big.NewInt(r.Modulus)) >= 0 {
			return Value{}, fmt.Errorf("%s is not a residue modulo %d: want an integer in [0, %d)", clip(s), r.Modulus, r.Modulus)
		}
		return r.residue(x.Int64()), nil
	}
	return Value{}, r.Validate()
}

// hint says what a field that is not an exact answer looks like.
func (r Rule) hint(s string) string {
	if _, err := ParseDecimal(s); err == nil {
		return fmt.Sprintf(": it reads as a float, and the answer is %s", r)
	}
	return ""
}

// ParseLines splits out into lines (ignoring trailing blank lines and
// carriage returns), requires exactly n, each one answer of r's kind.
// Every problem is a *SyntaxError naming its line.
func (r Rule) ParseLines(out []byte, n int) ([]Value, error) {
	if bytes.IndexByte(out, 0) >= 0 {
		return nil, &SyntaxError{Msg: "output holds a NUL byte"}
	}
	text := strings.ReplaceAll(string(out), "\r\n", "\n")
	lines := strings.Split(strings.TrimRight(text, "\n\t "), "\n")
	if len(lines) == 1 && strings.TrimSpace(lines[0]) == "" {
		lines = nil
	}
	if len(lines) < n {
		return nil, &SyntaxError{Msg: fmt.Sprintf("%d answer line(s), want %d", len(lines), n)}
	}
	if len(lines) > n {
		return nil, &SyntaxError{Line: n + 1, Msg: fmt.Sprintf("%d answer lines, want %d", len(lines), n)}
	}
	values := make([]Value, n)
	for i, line := range lines {
		fields := strings.Fields(line)
		switch len(fields) {
		case 0:
			return nil, &SyntaxError{Line: i + 1, Msg: "empty line where an answer belongs"}
		case 1:
		default:
			want := fmt.Sprintf("one answer (%s)", r)
			if r.Kind == Float {
				want = "one number" // as every float output format says it
			}
			return nil, &SyntaxError{Line: i + 1, Msg: fmt.Sprintf("%d fields, want %s", len(fields), want)}
		}
		v, err := r.Parse(fields[0])
		if err != nil {
			return nil, &SyntaxError{Line: i + 1, Msg: err.Error()}
		}
		values[i] = v
	}
	return values, nil
}

// ParseExact reads the one answer of a program that prints the exact
// answer (a brute force), as the answer of kind r a correct solver prints
// and the fraction it printed. For an exact kind it prints p/q or an
// integer; for a residue an integer in [0, P) is taken as the residue
// itself, and the fraction is nil. For a float, one decimal number, and
// no fraction. The error wraps ErrNoResidue for a fraction whose
// denominator P divides (x is then that fraction); output that is no
// answer is a *SyntaxError (wrapped, for an exact kind, with what the
// program is to print).
func (r Rule) ParseExact(out []byte) (v Value, x *big.Rat, err error) {
	if !r.Kind.Exact() {
		values, err := r.ParseLines(out, 1)
		if err != nil {
			return Value{}, nil, err
		}
		return values[0], nil, nil
	}
	values, err := (Rule{Kind: Fraction}).ParseLines(out, 1)
	if err != nil {
		return v, nil, fmt.Errorf("%w (for %s the brute force prints the exact answer: p/q or an integer)", err, r)
	}
	x = values[0].Exact
	if printed := strings.TrimSpace(string(out)); r.Kind == Residue && !strings.Contains(printed, "/") && x.Sign() >= 0 && x.Num().Cmp(big.NewInt(r.Modulus)) < 0 {
		v, err = r.Parse(printed)
		return v, nil, err
	}
	v, err = r.FromRat(x)
	return v, x, err
}

// decimal reads digits the syntax has checked, in base 10 whatever their
// leading zeros ("080" is eighty, not bad octal).
func decimal(s string) *big.Int {
	x, ok := new(big.Int).SetString(strings.TrimPrefix(s, "+"), 10)
	if !ok {
		panic("answer: decimal of unchecked text " + strconv.Quote(s))
	}
	return x
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
