package referees

import (
	"fmt"
	"math/rand/v2"

	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/montecarlo"
)

// SnakesReferee plays Snakes and Ladders as written: stand on 1, throw the
// die, move, follow a ladder or snake where the move ends on its start, stay
// put when the throw would pass 100, stop on 100. Its outcome is the number
// of throws, the lost ones included.
//
// It refuses a board that breaks the rules (snakes.Board.Validate), on which
// a game could leave the board or never end. It reads the jumps straight
// from the board; it shares nothing with the analyst's equations.
func SnakesReferee(b snakes.Board) (func() montecarlo.Player, error) {
	if err := b.Validate(); err != nil {
		return nil, fmt.Errorf("snakes referee: %w", err)
	}
	// landOn[c] is where a move ending on c leaves the player: the jump's
	// end, or c itself. Beyond 100 it is 0: the throw is lost. One table
	// lookup decides jump, no jump and overshoot alike.
	var landOn [snakes.Cells + 7]uint8
	for c := 1; c <= snakes.Cells; c++ {
		landOn[c] = uint8(c)
	}
	for _, j := range b.Jumps {
		landOn[j.From] = uint8(j.To)
	}
	return func() montecarlo.Player {
		die := montecarlo.NewDie(nil)
		var last *rand.Rand
		return func(rng *rand.Rand) (int, error) {
			if rng != last { // a new block: a new stream
				die.Reset(rng)
				last = rng
			}
			return playSnakes(&landOn, die), nil
		}
	}, nil
}

func playSnakes(landOn *[snakes.Cells + 7]uint8, die *montecarlo.Die) int {
	cell, throws := 1, 0
	for cell != snakes.Cells {
		throws++
		if to := landOn[cell+die.Throw()]; to != 0 {
			cell = int(to)
		} // else the throw overshot 100: it is lost, and still counted
	}
	return throws
}
