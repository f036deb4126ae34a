package exact_test

import (
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/jenga"
)

func ExampleSolveJenga() {
	in := "6\nRGB\nGRG\nBBB\nGGR\nBRG\nBRB\n" // the published sample
	tw, err := jenga.Parse(strings.NewReader(in), "sample.in")
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := exact.SolveJenga(tw)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%.12f\n", sol.Expected)
	m, ok := sol.Move(tw, jenga.Green)
	fmt.Println("after green:", m, ok)
	// Output:
	// 17.119213696602
	// after green: take level 1 middle, put left true
}

func ExampleEvaluateJenga() {
	tw := jenga.Tower{Levels: []jenga.Level{
		{jenga.Green, jenga.Green, jenga.Green},
		{jenga.Green, jenga.Green, jenga.Green},
	}}
	// A policy that always takes the first green block it may and puts it left
	// (or in the first free position of the top).
	first := exact.JengaPlayerFunc(func(t jenga.Tower, c jenga.Colour) (jenga.Move, bool) {
		top := t.Top()
		for i, l := range t.Levels[:top] {
			for p, b := range l {
				rest := l
				rest[p] = jenga.Empty
				if b == c && rest.Blocks() > 0 && (rest.Blocks() > 1 || rest[jenga.Middle] != jenga.Empty) {
					to := 0
					if tl := t.Levels[top]; tl.Blocks() < 3 {
						for tl[to] != jenga.Empty {
							to++
						}
					}
					return jenga.Move{Level: i, Pos: p, To: to}, true
				}
			}
		}
		return jenga.Move{}, false
	})
	ev, err := exact.EvaluateJenga(tw, first, 1e-12, 1000)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Taking side blocks first makes 6 moves (each level gives up both sides)
	// of 3 throws each, instead of the optimal 2 moves.
	fmt.Printf("%.6f (tail %.0e)\n", ev.Expected, ev.Tail)
	// Output:
	// 18.000000 (tail 8e-13)
}
