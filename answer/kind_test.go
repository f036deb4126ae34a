package answer

import "testing"

// TestReadsBack: of the four kinds, only a residue is printed as other
// than its value (a residue of 1/2 modulo 998244353 is 499122177, not ½);
// an integer or a fraction is printed as its value, a float is one.
func TestReadsBack(t *testing.T) {
	for _, c := range []struct {
		rule Rule
		want bool
	}{
		{Rule{}, false},
		{Rule{Kind: Integer}, false},
		{Rule{Kind: Fraction}, false},
		{Rule{Kind: Residue, Modulus: p998}, true},
	} {
		if got := c.rule.ReadsBack(); got != c.want {
			t.Errorf("%v.ReadsBack() = %v, want %v", c.rule, got, c.want)
		}
	}
}
