package traps

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
)

func TestFormatProbability(t *testing.T) {
	tests := []struct {
		num, den int64
		decimals int
		want     string
	}{
		{1, 16, 3, "0.063"}, // exact tie 0.0625: half up, unlike printf's half-even
		{3, 5, 3, "0.600"},
		{429, 500, 3, "0.858"},
		{1, 1, 3, "1.000"},
		{0, 1, 3, "0.000"},
		{1, 3, 5, "0.33333"},
		{2, 3, 5, "0.66667"},
		{1, 2, 0, "1"},
		{1, 2000, 3, "0.001"}, // 0.0005 ties up
		{1, 2001, 3, "0.000"},
		{1, 16, 10, "0.0625000000"},
	}
	for _, tt := range tests {
		got := FormatProbability(big.NewRat(tt.num, tt.den), tt.decimals)
		if got != tt.want {
			t.Errorf("FormatProbability(%d/%d, %d) = %q, want %q", tt.num, tt.den, tt.decimals, got, tt.want)
		}
	}
}

func ExampleFormatProbability() {
	fmt.Println(FormatProbability(big.NewRat(1, 16), 3))
	fmt.Printf("%.3f\n", 0.0625) // what a C-style printf prints
	// Output:
	// 0.063
	// 0.062
}

func ExampleParse() {
	s := Samples()[3] // sample4
	z, err := Parse(strings.NewReader(s.Input), s.Name+".in")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(z.M(), z.N(), z.Kinds, z.Life, z.Rows[3], z.TotalWeight())
	// Output: 4 3 3 2 @@@ 1000
}

func ExampleTable_Move() {
	table := Table{{Row: 0, Col: 0, Life: 1}: Right}
	d, err := table.Move(Situation{Row: 0, Col: 0, Life: 1})
	fmt.Println(d, err)
	_, err = table.Move(Situation{Row: 1, Col: 0, Life: 1})
	fmt.Println(err != nil)
	// Output:
	// right <nil>
	// true
}
