package montecarlo

import (
	"math/rand/v2"

	"github.com/chancecheck/chancecheck/games/snakes"
)

// SnakesReferee plays Snakes and Ladders as written: stand on 1, throw the
// die, move, follow a ladder or snake where the move ends on its start, stay
// put when the throw would pass 100, stop on 100. Its outcome is the number
// of throws, the lost ones included.
//
// It reads the jumps straight from the board; it shares nothing with the
// analyst's equations.
func SnakesReferee(b snakes.Board) func() Player {
	var jumpTo [snakes.Cells + 1]uint8 // 0: no jump starts here
	for _, j := range b.Jumps {
		jumpTo[j.From] = uint8(j.To)
	}
	return func() Player {
		die := NewDie(nil)
		var last *rand.Rand
		return func(rng *rand.Rand) (int, error) {
			if rng != last { // a new block: a new stream
				die.Reset(rng)
				last = rng
			}
			return playSnakes(&jumpTo, die), nil
		}
	}
}

func playSnakes(jumpTo *[snakes.Cells + 1]uint8, die *Die) int {
	cell, throws := 1, 0
	for cell != snakes.Cells {
		throws++
		next := cell + die.Throw()
		if next > snakes.Cells {
			continue // the throw is lost, and still counted
		}
		if to := jumpTo[next]; to != 0 {
			next = int(to)
		}
		cell = next
	}
	return throws
}
