package props_test

import (
	"fmt"
	"io"
	"math/big"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// A game whose problem asks for the answer modulo 998244353 says so in its
// Spec and gives its exact fraction; solve prints the residue, and the
// judge compares a solver's residue exactly.
func ExampleSpec_residue() {
	game := props.Define(props.Spec[int]{
		Name: "die",
		Parse: func(r io.Reader, file string) ([]int, error) {
			var s int
			if _, err := fmt.Fscan(r, &s); err != nil || s < 2 || s > 20 {
				return nil, fmt.Errorf("%s:1: want the number of sides, 2..20", file)
			}
			return []int{s}, nil
		},
		Write:      func(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err },
		Generator:  rapid.IntRange(2, 20),
		Solve:      func(s int) (props.Solution, error) { return props.Solution{Value: 1 / float64(s)}, nil },
		Fraction:   func(s int) (*big.Rat, error) { return big.NewRat(1, int64(s)), nil },
		Play:       func(s int, rng *rand.Rand) (int, error) { return min(1, rng.IntN(s)) ^ 1, nil },
		AnswerKind: answer.Residue, Modulus: 998244353,
	})
	boards, _ := game.Parse(strings.NewReader("8\n"), "die.in")
	sol, _ := game.Answer(boards[0])
	_ = game.WriteAnswers(os.Stdout, []props.Solution{sol})
	fmt.Println(game.JudgeRule())
	right, _ := game.ParseAnswers([]byte("873463809\n"), 1) // 8·873463809 = 7·998244353 + 1
	wrong, _ := game.ParseAnswers([]byte("873463810\n"), 1)
	fmt.Println(game.Agrees(sol, right[0], false), game.Agrees(sol, wrong[0], false))
	// Output:
	// 873463809
	// a residue modulo 998244353, compared exactly
	// true false
}
