package exact_test

import (
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/patience"
)

func ExampleWinProbability() {
	sample := `AS 9S 6C KS
JC QH AC KH
7S QD JD KD
QS TS JS 9H
6D TD AD 8S
QC TH KC 8D
8C 9D TC 7C
9C 7H JH 7D
8H 6S AH 6H
`
	deals, err := patience.Parse(strings.NewReader(sample), "sample.in")
	if err != nil {
		fmt.Println(err)
		return
	}
	p, _ := exact.WinProbability(deals[0])
	r, _ := exact.WinProbabilityRat(deals[0])
	fmt.Printf("%.6f\n%s\n", p, r)
	// Output:
	// 0.589314
	// 14259369055191929/24196548096000000
}
