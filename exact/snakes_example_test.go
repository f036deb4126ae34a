package exact_test

import (
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/snakes"
)

// The boards snakes.Parse returns are valid, so their answers need not
// validate them again; any other board goes through ExpectedThrows. The
// published sample's answers are 31.54880806 and 33.0476190476.
func ExampleExpectedThrowsOfValid() {
	boards, err := snakes.Parse(strings.NewReader(snakes.Samples()[0].Input), "sample.in")
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, b := range boards {
		e, err := exact.ExpectedThrowsOfValid(b)
		if err != nil {
			panic(err) // Parse validated every board
		}
		fmt.Printf("Case %d: %.8f\n", i+1, e)
	}
	_, err = exact.ExpectedThrows(snakes.Board{Jumps: []snakes.Jump{{From: 1, To: 50}}})
	fmt.Println(err)
	// Output:
	// Case 1: 31.54880806
	// Case 2: 33.04761905
	// snakes: jump 1: 1 50: no jump may start on cell 1
}
