package answer_test

import (
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
