package gamerules

import (
	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/rules"
)

// Snakes are the rules of Snakes and Ladders (LightOJ 1151) on board b: a
// state is the player's cell. From cell x a fair die moves d = 1..6 cells
// (weight 1 each, one throw each); a move past 100 is lost and the player
// stays; a move ending on a jump's start follows it at once (jumps do not
// chain). Cell 100 ends the game. The outcome is the number of throws.
func Snakes(b snakes.Board) rules.Rules[int] {
	jump := map[int]int{}
	for _, j := range b.Jumps {
		jump[j.From] = j.To
	}
	return rules.Rules[int]{
		Start: 1,
		End:   func(x int) (int, bool) { return 0, x == snakes.Cells },
		Chance: func(x int) []rules.Branch[int] {
			outs := make([]rules.Branch[int], 0, 6)
			for d := 1; d <= 6; d++ {
				next := x + d
				if next > snakes.Cells {
					next = x // the throw is lost
				} else if to, ok := jump[next]; ok {
					next = to
				}
				outs = append(outs, rules.Branch[int]{Weight: 1, Next: next, Reward: 1})
			}
			return outs
		},
	}
}
