package props_test

import (
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
)

// solve answers the boards a game parsed through AnswerValid, which skips
// validating them again; the answer is Answer's, bit for bit. The
// published sample's answers are 31.54880806 and 33.0476190476.
func ExampleValidAnswerer() {
	g := specs.Snakes()
	boards, err := g.Parse(strings.NewReader(g.Samples()[0].Input), "sample.in")
	if err != nil {
		fmt.Println(err)
		return
	}
	v, ok := g.(props.ValidAnswerer)
	if !ok {
		return
	}
	for i, b := range boards {
		sol, err := v.AnswerValid(b)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("Case %d: %.8f\n", i+1, sol.Value)
	}
	// Output:
	// Case 1: 31.54880806
	// Case 2: 33.04761905
}
