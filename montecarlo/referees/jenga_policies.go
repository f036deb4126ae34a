package referees

import (
	"math/rand/v2"

	"github.com/chancecheck/chancecheck/games/jenga"
)

// JengaLegalMoves lists every legal move after a throw of colour c, by the
// referee's reading of the rules: a block of colour c from a level below the
// top that leaves its level standing, put on a free position of an
// incomplete top, or on any position of a new level above a complete top.
// Moves come in order of level, position taken, position filled.
func JengaLegalMoves(t jenga.Tower, c jenga.Colour) []jenga.Move {
	top := len(t.Levels) - 1
	tl := t.Levels[top]
	full := tl[0] != jenga.Empty && tl[1] != jenga.Empty && tl[2] != jenga.Empty
	var out []jenga.Move
	for i, l := range t.Levels[:top] {
		for p, b := range l {
			if b != c || c == jenga.Empty {
				continue
			}
			rest := l
			rest[p] = jenga.Empty
			if !jengaStands(rest) {
				continue
			}
			for to := range 3 {
				if full || tl[to] == jenga.Empty {
					out = append(out, jenga.Move{Level: i, Pos: p, To: to})
				}
			}
		}
	}
	return out
}

// RandomJengaPolicy plays a uniformly random legal move, drawn from the
// referee's stream. Choices gives the same policy as probabilities, so the
// analyst can evaluate it exactly.
type RandomJengaPolicy struct{}

// Move draws one legal move uniformly.
func (RandomJengaPolicy) Move(t jenga.Tower, c jenga.Colour, rng *rand.Rand) (jenga.Move, bool) {
	moves := JengaLegalMoves(t, c)
	if len(moves) == 0 {
		return jenga.Move{}, false
	}
	return moves[rng.IntN(len(moves))], true
}

// Choices returns every legal move with equal probability.
func (RandomJengaPolicy) Choices(t jenga.Tower, c jenga.Colour) []jenga.WeightedMove {
	moves := JengaLegalMoves(t, c)
	out := make([]jenga.WeightedMove, len(moves))
	for i, m := range moves {
		out[i] = jenga.WeightedMove{Move: m, P: 1 / float64(len(moves))}
	}
	return out
}

// GreedyJengaPolicy takes, among the legal moves, the first that leaves the
// fewest blocks that could still be taken: it kills levels as fast as it
// can and never looks further. A baseline, not an optimum.
type GreedyJengaPolicy struct{}

// Move returns the greedy move. A move changes what can be taken only in the
// level it takes from (a complete top joining the lower levels adds the same
// for every move), so it compares the levels' takeable blocks before and
// after, without playing the moves out.
func (GreedyJengaPolicy) Move(t jenga.Tower, c jenga.Colour, _ *rand.Rand) (jenga.Move, bool) {
	moves := JengaLegalMoves(t, c)
	if len(moves) == 0 {
		return jenga.Move{}, false
	}
	best, bestDelta := moves[0], 4
	for _, m := range moves {
		l := t.Levels[m.Level]
		rest := l
		rest[m.Pos] = jenga.Empty
		if d := jengaLevelTakeable(rest) - jengaLevelTakeable(l); d < bestDelta {
			best, bestDelta = m, d
		}
	}
	return best, true
}

// Choices returns the greedy move with probability 1.
func (g GreedyJengaPolicy) Choices(t jenga.Tower, c jenga.Colour) []jenga.WeightedMove {
	if m, ok := g.Move(t, c, nil); ok {
		return []jenga.WeightedMove{{Move: m, P: 1}}
	}
	return nil
}

// jengaLevelTakeable counts the blocks of a lower level that could be taken.
func jengaLevelTakeable(l jenga.Level) int {
	n := 0
	for p, b := range l {
		if b == jenga.Empty {
			continue
		}
		rest := l
		rest[p] = jenga.Empty
		if jengaStands(rest) {
			n++
		}
	}
	return n
}
