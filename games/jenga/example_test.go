package jenga_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/chancecheck/chancecheck/games/jenga"
)

func ExampleParse() {
	in := "6\nRGB\nGRG\nBBB\nGGR\nBRG\nBRB\n"
	tw, err := jenga.Parse(strings.NewReader(in), "sample.in")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("levels:", len(tw.Levels), "top:", tw.Levels[tw.Top()])

	_, err = jenga.Parse(strings.NewReader("2\nRGB\nRYB\n"), "bad.in")
	fmt.Println(err)
	// Output:
	// levels: 6 top: BRB
	// bad.in:3: expected level 2 as three letters from R, G, B, found "RYB" (position 2)
}

func ExampleWrite() {
	tw := jenga.Tower{Levels: []jenga.Level{
		{jenga.Red, jenga.Green, jenga.Blue},
		{jenga.Blue, jenga.Blue, jenga.Blue},
	}}
	if err := jenga.Write(os.Stdout, tw); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 2
	// RGB
	// BBB
}
