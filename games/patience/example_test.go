package patience_test

import (
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/games/patience"
)

func ExampleParse() {
	in := `AS 9S 6C KS
JC QH AC KH
7S QD JD KD
QS TS JS 9H
6D TD AD 8S
QC TH KC 8D
8C 9D TC 7C
9C 7H JH 7D
8H 6S AH 6H
`
	deals, err := patience.Parse(strings.NewReader(in), "sample.in")
	if err != nil {
		fmt.Println(err)
		return
	}
	d := deals[0]
	fmt.Println("top of pile 1:", d.Top(0, 4))
	// Tops KS KH KD 9H 8S 8D 7C 7D 6H: three kings make 3 pairs, plus 8S-8D and 7C-7D.
	fmt.Println("first moves:", d.InitialMoves())

	_, err = patience.Parse(strings.NewReader(strings.Replace(in, "8S", "AS", 1)), "bad.in")
	fmt.Println(err)
	// Output:
	// top of pile 1: KS
	// first moves: 5
	// bad.in:5: deal 1 is not a permutation of the 36 cards: card AS appears twice (first on line 1), so the deal lacks 8S
}
