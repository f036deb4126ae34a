package gametest_test

import (
	"fmt"
	"io"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/gametest"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// allHeads is a whole game: flip n fair coins (the board, 1 ≤ n ≤ 20, one
// per input, "n" on a line) and win when all show heads, with probability
// 2⁻ⁿ.
var allHeads = props.Define(props.Spec[int]{
	Name: "allheads",
	Parse: func(r io.Reader, file string) ([]int, error) {
		var n int
		if _, err := fmt.Fscan(r, &n); err != nil || n < 1 || n > 20 {
			return nil, fmt.Errorf("%s: line 1: want the number of coins, 1 to 20", file)
		}
		return []int{n}, nil
	},
	Write:     func(w io.Writer, ns []int) error { _, err := fmt.Fprintln(w, ns[0]); return err },
	Generator: rapid.IntRange(1, 20),
	Samples:   []props.Sample{{Name: "three", Input: "3\n", Output: "0.125000000\n"}},
	Solve: func(n int) (props.Solution, error) {
		return props.Solution{Value: math.Ldexp(1, -n), Fraction: new(big.Rat).SetFrac64(1, 1<<n)}, nil
	},
	Play: func(n int, rng *rand.Rand) (int, error) {
		for range n {
			if rng.IntN(2) == 0 {
				return 0, nil
			}
		}
		return 1, nil
	},
})

// The conformance test of a game is one call, in a test of the game's
// package; TestAllHeads is this example's.
func TestAllHeads(t *testing.T) {
	gametest.Run(t, allHeads)
}

// Run is called from a test of the game's package:
//
//	func TestAllHeads(t *testing.T) {
//		gametest.Run(t, allHeads)
//	}
//
// Each check is a subtest: go test -run 'TestAllHeads/round-trip' runs one.
// The samples check, for one, does by hand what this example does: parse
// the sample, answer it, print the answer, and judge it against the
// published output.
func ExampleRun() {
	sample := allHeads.Samples()[0]
	boards, err := allHeads.Parse(strings.NewReader(sample.Input), sample.Name)
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, _ := allHeads.Answer(boards[0])
	_ = allHeads.WriteAnswers(os.Stdout, []props.Solution{sol})
	published, _ := allHeads.ParseAnswers([]byte(sample.Output), 1)
	fmt.Println("accepted:", allHeads.Agrees(sol, published[0], false))
	// Output:
	// 0.125000000
	// accepted: true
}
