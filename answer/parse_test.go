package answer

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"
)

const p998 = 998244353

func TestParse(t *testing.T) {
	residue := Rule{Kind: Residue, Modulus: p998}
	for _, c := range []struct {
		rule  Rule
		in    string
		want  string // Value.String, or "" for an error
		error string // a piece of the error
	}{
		{Rule{}, "2.5", "2.5", ""},
		{Rule{}, "nan", "", "not a decimal"},
		{Rule{Kind: Integer}, "-42", "-42", ""},
		{Rule{Kind: Integer}, "+7", "7", ""},
		{Rule{Kind: Integer}, "12345678901234567890123", "12345678901234567890123", ""},
		{Rule{Kind: Integer}, "2.0", "", "reads as a float"},
		{Rule{Kind: Integer}, "1e3", "", "not an integer"},
		{Rule{Kind: Fraction}, "2087/64", "2087/64", ""},
		{Rule{Kind: Fraction}, "4/8", "1/2", ""},
		{Rule{Kind: Fraction}, "-3/6", "-1/2", ""},
		{Rule{Kind: Fraction}, "5", "5", ""},
		{Rule{Kind: Fraction}, "1/0", "", "denominator is zero"},
		{Rule{Kind: Fraction}, "1/-2", "", "not a fraction"},
		{Rule{Kind: Fraction}, "1 /2", "", "not a fraction"},
		{Rule{Kind: Fraction}, "0.5", "", "reads as a float"},
		{residue, "713031687", "713031687", ""},
		{residue, "0", "0", ""},
		{residue, "998244353", "", "want an integer in [0, 998244353)"},
		{residue, "-1", "", "want an integer in [0, 998244353)"},
		{residue, "2.5", "", "reads as a float"},
	} {
		v, err := c.rule.Parse(c.in)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("%v %q: got %v, want an error", c.rule.Kind, c.in, v)
		case c.want == "" && !strings.Contains(err.Error(), c.error):
			t.Errorf("%v %q: error %q, want it to say %q", c.rule.Kind, c.in, err, c.error)
		case c.want != "" && err != nil:
			t.Errorf("%v %q: %v", c.rule.Kind, c.in, err)
		case c.want != "" && v.String() != c.want:
			t.Errorf("%v %q: got %v, want %s", c.rule.Kind, c.in, v, c.want)
		}
	}
}

func TestParseLines(t *testing.T) {
	r := Rule{Kind: Residue, Modulus: p998}
	for _, c := range []struct {
		out  string
		n    int
		line int // the error's line; -1: no error
	}{
		{"1\n2\r\n\n", 2, -1},
		{"1\n", 2, 0},
		{"1\n2\n3\n", 2, 3},
		{"1\n\n3\n", 3, 2},
		{"1 2\n", 1, 1},
		{"1\nx\n", 2, 2},
		{"1\x00\n", 1, 0},
	} {
		_, err := r.ParseLines([]byte(c.out), c.n)
		var se *SyntaxError
		switch {
		case c.line < 0 && err != nil:
			t.Errorf("%q: %v", c.out, err)
		case c.line >= 0 && !errors.As(err, &se):
			t.Errorf("%q: got %v, want a *SyntaxError", c.out, err)
		case c.line >= 0 && se.Line != c.line:
			t.Errorf("%q: line %d, want %d (%v)", c.out, se.Line, c.line, err)
		}
	}
}

// TestFromRat: hand-derived residues. 2087/64 mod 998244353: 64⁻¹ is
// 982646785 (64·982646785 = 63·998244353 + 1), and 2087·982646785 mod P
// is 389939233 (python3: 2087*pow(64,-1,P)%P; the "713031687 (= 2087/64 …)" is 44/7); 5/2 is (5 + P)/2 = 499122179.
func TestFromRat(t *testing.T) {
	residue := Rule{Kind: Residue, Modulus: p998}
	for _, c := range []struct {
		rule Rule
		x    *big.Rat
		want string
		err  error
	}{
		{residue, big.NewRat(2087, 64), "389939233", nil},
		{residue, big.NewRat(44, 7), "713031687", nil},
		{residue, big.NewRat(5, 2), "499122179", nil},
		{residue, big.NewRat(-1, 1), "998244352", nil},
		{residue, big.NewRat(1, p998), "", ErrNoResidue},
		{residue, big.NewRat(3, 2*p998), "", ErrNoResidue},
		{Rule{Kind: Integer}, big.NewRat(6, 3), "2", nil},
		{Rule{Kind: Integer}, big.NewRat(5, 2), "", ErrNotInteger},
		{Rule{Kind: Fraction}, big.NewRat(10, 4), "5/2", nil},
		{Rule{}, big.NewRat(5, 2), "2.5", nil},
	} {
		v, err := c.rule.FromRat(c.x)
		switch {
		case c.err != nil && !errors.Is(err, c.err):
			t.Errorf("%v %v: error %v, want %v", c.rule.Kind, c.x, err, c.err)
		case c.err == nil && (err != nil || v.String() != c.want):
			t.Errorf("%v %v: got %v, %v; want %s", c.rule.Kind, c.x, v, err, c.want)
		}
	}
	v, _ := residue.FromRat(big.NewRat(2087, 64))
	if got, want := residue.Format(v, big.NewRat(2087, 64)), "389939233 (= 2087/64 mod 998244353)"; got != want {
		t.Errorf("Format: %q, want %q", got, want)
	}
}

// TestAcceptsExactly: a relative tolerance never accepts two different
// integers, however large; a float rule does.
func TestAcceptsExactly(t *testing.T) {
	r := Rule{Kind: Residue, Modulus: p998}
	a, _ := r.Parse("823551595")
	b, _ := r.Parse("823551596")
	if r.Accepts(a, b, Tolerance{Abs: 1e-6, Rel: 1e-6}) {
		t.Error("823551596 accepted for 823551595 as a residue")
	}
	if !r.Accepts(a, a, Tolerance{}) {
		t.Error("823551595 refused for itself")
	}
	if !(Rule{}).Accepts(FloatValue(823551595), FloatValue(823551596), Tolerance{Abs: 1e-6, Rel: 1e-6}) {
		t.Error("the float rule is the judge's tolerance: 1e-6 relative accepts these two")
	}
	f := Rule{Kind: Fraction}
	x, _ := f.Parse("2/4")
	y, _ := f.Parse("1/2")
	if !f.Accepts(x, y, Tolerance{}) {
		t.Error("2/4 and 1/2 are the same fraction")
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		r  Rule
		ok bool
	}{
		{Rule{}, true},
		{Rule{Kind: Residue, Modulus: p998}, true},
		{Rule{Kind: Residue, Modulus: 1000000007}, true},
		{Rule{Kind: Residue, Modulus: 1000000008}, false},
		{Rule{Kind: Residue}, false},
		{Rule{Kind: Integer, Modulus: 7}, false},
		{Rule{Kind: 9}, false},
	} {
		if err := c.r.Validate(); (err == nil) != c.ok {
			t.Errorf("%+v: %v", c.r, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"1\n", "2087/64\n", "713031687\n", "1/0", "-0/5\n\n", "1e9", "99999999999999999999/3"} {
		f.Add([]byte(s), uint8(0))
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, out []byte, k uint8) {
		rule := Rule{Kind: Kind(k % 4)}
		if rule.Kind == Residue {
			rule.Modulus = p998
		}
		values, err := rule.ParseLines(out, 1)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("%q: %v is not a *SyntaxError", out, err)
			}
			return
		}
		// What parses prints back to something that parses to the same value.
		again, err := rule.Parse(values[0].String())
		if err != nil || !again.Equal(values[0]) && rule.Kind.Exact() {
			t.Fatalf("%q: %v printed %q reads back as %v, %v", out, values[0], values[0].String(), again, err)
		}
		if rule.Kind == Residue {
			if x, ok := Reconstruct(values[0].Exact.Num().Int64(), p998, 1000, 1000); ok {
				if res, err := ResidueOf(x, p998); err != nil || res != values[0].Exact.Num().Int64() {
					t.Fatalf("%v reconstructs as %v, whose residue is %d", values[0], x, res)
				}
			}
		}
	})
}

// TestFormatIntegerResidue: a residue whose fraction is itself is shown once.
func TestFormatIntegerResidue(t *testing.T) {
	r := Rule{Kind: Residue, Modulus: p998}
	v, _ := r.FromRat(big.NewRat(2, 1))
	if got := r.Format(v, big.NewRat(2, 1)); got != "2" {
		t.Errorf("Format(2, 2/1) = %q, want 2", got)
	}
	v, _ = r.FromRat(big.NewRat(-1, 1))
	if got := r.Format(v, big.NewRat(-1, 1)); got != "998244352 (= -1 mod 998244353)" {
		t.Errorf("Format(-1) = %q", got)
	}
}

// The tolerance of a float answer, its zero value the judge's default
// (1e-6 absolute or relative); an exact kind ignores it. The rows are
// hand-derived at the edges: 1 + 1e-6 is within 1e-6 of 1, 1 + 2e-6 is not.
func TestToleranceOfAFloat(t *testing.T) {
	float := Rule{}
	for _, tt := range []struct {
		tol       Tolerance
		want, got float64
		ok        bool
	}{
		{Tolerance{}, 1, 1 + 1e-6, true},
		{Tolerance{}, 1, 1 + 2e-6, false},
		{Tolerance{}, 1e7, 1e7 + 9, true}, // relative: 1e-6·1e7 = 10
		{Tolerance{Abs: 1e-6}, 1e7, 1e7 + 9, false},
		{Tolerance{Rel: 0.1}, 10, 11, true},
		{Tolerance{}, 1, math.NaN(), false},
		{Tolerance{}, 1, math.Inf(1), false},
	} {
		if got := float.Accepts(FloatValue(tt.want), FloatValue(tt.got), tt.tol); got != tt.ok {
			t.Errorf("%v: %g for %g: %v, want %v", tt.tol, tt.got, tt.want, got, tt.ok)
		}
	}
	if got := float.Slack(1e7, Tolerance{}); got != 10 {
		t.Errorf("slack at 1e7: %g, want 10", got)
	}
	if got := (Rule{Kind: Integer}).Slack(1e7, Tolerance{}); got != 0 {
		t.Errorf("an integer's slack: %g, want 0", got)
	}
}

// Text with sig digits is fmt's %.*g for a float (what stress's output
// printed before Text), and String for an exact value.
func TestTextIsPercentG(t *testing.T) {
	for _, x := range []float64{0, -0.5, 1.0 / 3, 2.0 / 3 * 1e-9, 123456789012345, 6.02214076e23, math.MaxFloat64, math.SmallestNonzeroFloat64} {
		for _, sig := range []int{1, 6, 12, 17} {
			if got, want := FloatValue(x).Text(sig), fmt.Sprintf("%.*g", sig, x); got != want {
				t.Errorf("Text(%d) of %v = %q, want %q", sig, x, got, want)
			}
		}
	}
	v, _ := (Rule{Kind: Fraction}).Parse("2/4")
	if got := v.Text(12); got != "1/2" {
		t.Errorf("Text of 2/4 = %q, want 1/2", got)
	}
}
