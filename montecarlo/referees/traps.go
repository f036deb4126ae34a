package referees

import (
	"fmt"
	"math/rand/v2"

	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/montecarlo"
)

// TrapsReferee plays the trap maze as written. Once per game it draws the
// hidden state of every trap kind from the prior (joint state i with
// probability p_i/Σp), which the policy never sees. It then puts the player
// on '$' with H lives and asks the policy for a move in each situation: it
// refuses a move off the map, into a wall, or that is not a direction, with
// an error that stops the run; it reveals a kind only when the player steps
// on one of its traps, takes a life on every step onto a harmful trap, and
// ends the game when the player reaches '@' (outcome 1), dies, stops, or
// exhausts the step cap (outcome 0).
//
// newPolicy is called once per worker, so a policy may keep scratch state;
// it must be deterministic for the cap to mean what TrapsStepCap says.
// The referee tracks what it has revealed itself, from the real map: it
// shares no code with the analyst.
func TrapsReferee(z *traps.Maze, newPolicy func() traps.Policy) (func() montecarlo.Player, error) {
	if err := z.Validate(); err != nil {
		return nil, fmt.Errorf("traps referee: %w", err)
	}
	total := z.TotalWeight()
	stepCap := TrapsStepCap(z)
	return func() montecarlo.Player {
		pol := newPolicy()
		return func(rng *rand.Rand) (int, error) {
			return PlayTraps(z, pol, drawTrapState(z.Prior, total, rng), stepCap)
		}
	}, nil
}

// TrapsStepCap is the most steps one game may take: m·n·H·2^K. A game's
// situation is (cell, lives, what is revealed), and what is revealed only
// ever agrees with the hidden state, so one game meets at most m·n·H·2^K
// distinct situations. A deterministic policy that takes more steps has met
// one twice without progress and would loop forever: the game is a loss.
func TrapsStepCap(z *traps.Maze) int {
	return z.M() * z.N() * z.Life * (1 << z.Kinds)
}

// drawTrapState draws joint state i with probability prior[i]/total.
func drawTrapState(prior []int, total int64, rng *rand.Rand) int {
	r := rng.Int64N(total)
	for i, w := range prior {
		if r < int64(w) {
			return i
		}
		r -= int64(w)
	}
	panic("montecarlo: prior weights do not add up to their total")
}

// PlayTraps plays one game against the hidden joint state hidden (bit t set:
// kind t harmful) and returns 1 when the player reaches an exit alive, else 0.
func PlayTraps(z *traps.Maze, pol traps.Policy, hidden, stepCap int) (int, error) {
	row, col, ok := z.StartCell()
	if !ok {
		return 0, fmt.Errorf("traps referee: the map has no start")
	}
	life := z.Life
	var known traps.Known
	for step := 0; step < stepCap; step++ {
		sit := traps.Situation{Row: row, Col: col, Life: life, Known: known}
		dir, err := pol.Move(sit)
		if err != nil {
			return 0, fmt.Errorf("traps referee: policy at %+v: %w", sit, err)
		}
		var dr, dc int
		switch dir {
		case traps.Stop:
			return 0, nil
		case traps.Up:
			dr = -1
		case traps.Down:
			dr = 1
		case traps.Left:
			dc = -1
		case traps.Right:
			dc = 1
		default:
			return 0, fmt.Errorf("traps referee: policy at %+v asked for %v, which is not a move", sit, dir)
		}
		r, c := row+dr, col+dc
		if r < 0 || r >= len(z.Rows) || c < 0 || c >= len(z.Rows[r]) {
			return 0, fmt.Errorf("traps referee: policy at %+v moves %v off the map", sit, dir)
		}
		ch := z.Rows[r][c]
		if ch == '#' {
			return 0, fmt.Errorf("traps referee: policy at %+v moves %v into a wall", sit, dir)
		}
		row, col = r, c
		if ch >= 'A' && ch <= 'Z' {
			kind := int(ch - 'A')
			if hidden>>kind&1 == 1 {
				known[kind] = traps.Harmful
				life--
				if life <= 0 {
					return 0, nil
				}
			} else {
				known[kind] = traps.Harmless
			}
		}
		if ch == '@' {
			return 1, nil
		}
	}
	return 0, nil
}
