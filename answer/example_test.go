package answer_test

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/chancecheck/chancecheck/answer"
)

// A residue modulo 998244353, from the exact answer and back.
func Example() {
	rule := answer.Rule{Kind: answer.Residue, Modulus: 998244353}
	exact := big.NewRat(2087, 64)
	ours, _ := rule.FromRat(exact)
	theirs, _ := rule.Parse("389939234")
	fmt.Println(rule.Format(ours, exact), rule.Accepts(ours, theirs, answer.Tolerance{}))

	// The referee judges a residue through the one small fraction it
	// stands for, for answers in [0, 100].
	b, _ := answer.NewBounds(rule.Modulus, 0, 100, 1000)
	x, ok := b.Read(389939233)
	fmt.Println(x, ok, b)
	// Output:
	// 389939233 (= 2087/64 mod 998244353) false
	// 2087/64 true p/q with q ≤ 1000 and |p| ≤ 100000 (answers in [0, 100])
}

// A float is one kind of answer: judged within a tolerance (the zero
// Tolerance is 1e-6, absolute or relative), and shown to a number of
// significant digits; an exact kind ignores the tolerance.
func ExampleRule_Accepts() {
	float := answer.Rule{}
	want, got := answer.FloatValue(2.0/3), answer.FloatValue(0.6666667)
	fmt.Println(float.Accepts(want, got, answer.Tolerance{}), float.Show(want, nil, 6), float.Slack(2.0/3, answer.Tolerance{}))

	fraction := answer.Rule{Kind: answer.Fraction}
	a, _ := fraction.Parse("2/3")
	b, _ := fraction.Parse("6667/10000")
	fmt.Println(fraction.Accepts(a, b, answer.Tolerance{Abs: 0.1}), fraction.Slack(2.0/3, answer.Tolerance{}))
	// Output:
	// true 0.666667 1e-06
	// false 0
}

// A brute force prints the exact answer, p/q; for a residue that is
// turned into the residue a correct solver prints, with the fraction
// beside it.
func ExampleRule_ParseExact() {
	residue := answer.Rule{Kind: answer.Residue, Modulus: 998244353}
	v, frac, err := residue.ParseExact([]byte("2087/64\n"))
	fmt.Println(residue.Format(v, frac), err)
	_, _, err = residue.ParseExact([]byte("1/998244353\n"))
	fmt.Println(errors.Is(err, answer.ErrNoResidue))
	// Output:
	// 389939233 (= 2087/64 mod 998244353) <nil>
	// true
}
