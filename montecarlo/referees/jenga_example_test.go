package referees_test

import (
	"context"
	"fmt"

	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/montecarlo/referees"
)

func ExampleJengaReferee() {
	// Two levels of one colour: taking the middle blocks ends the game after
	// two moves, each waiting for a green face (two in six): 6 throws on average.
	tw := jenga.Tower{Levels: []jenga.Level{
		{jenga.Green, jenga.Green, jenga.Green},
		{jenga.Green, jenga.Green, jenga.Green},
	}}
	middleFirst := referees.JengaPolicyFunc(func(t jenga.Tower, c jenga.Colour) (jenga.Move, bool) {
		moves := referees.JengaLegalMoves(t, c)
		for _, m := range moves {
			if m.Pos == jenga.Middle {
				return m, true
			}
		}
		return jenga.Move{}, false
	})
	play, err := referees.JengaReferee(tw, func() referees.JengaPolicy { return middleFirst })
	if err != nil {
		fmt.Println(err)
		return
	}
	h, err := montecarlo.Run(context.Background(), montecarlo.Config{Runs: 100000, Seed: 1}, play)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("games: %d, fewest throws: %d, mean about 6: %v\n", h.N(), firstNonZero(h.Counts), h.Mean() > 5.9 && h.Mean() < 6.1)
	// Output:
	// games: 100000, fewest throws: 2, mean about 6: true
}

func firstNonZero(counts []int64) int {
	for k, c := range counts {
		if c > 0 {
			return k
		}
	}
	return -1
}
