package generators_test

import (
	"fmt"

	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/generators"
)

func ExamplePatience() {
	gen := generators.Patience()
	classes := map[string]int{}
	for seed := range 200 {
		d := gen.Example(seed)
		if err := d.Validate(); err != nil {
			fmt.Println("invalid:", err)
		}
		classes[generators.PatienceClass(d)]++
	}
	fmt.Println("every deal a permutation of the deck; classes seen:", len(classes))
	fmt.Print("shrinks toward:\n", patience.SortedDeck())
	// Output:
	// every deal a permutation of the deck; classes seen: 4
	// shrinks toward:
	// 6S 6C 6D 6H
	// 7S 7C 7D 7H
	// 8S 8C 8D 8H
	// 9S 9C 9D 9H
	// TS TC TD TH
	// JS JC JD JH
	// QS QC QD QH
	// KS KC KD KH
	// AS AC AD AH
}
