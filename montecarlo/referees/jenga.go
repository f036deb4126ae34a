package referees

import (
	"fmt"
	"math/rand/v2"

	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/montecarlo"
)

// JengaPolicy chooses the moves the Jenga referee plays: given the real
// tower and the colour thrown (which has at least one legal move), a move,
// or false for none (which the referee refuses, since the rules force a
// move). rng is the referee's stream, for randomised policies. A policy must
// not keep or change t.
type JengaPolicy interface {
	Move(t jenga.Tower, c jenga.Colour, rng *rand.Rand) (jenga.Move, bool)
}

// JengaPolicyFunc adapts a deterministic policy, such as the analyst's
// optimal one, to a JengaPolicy.
type JengaPolicyFunc func(t jenga.Tower, c jenga.Colour) (jenga.Move, bool)

// Move calls f.
func (f JengaPolicyFunc) Move(t jenga.Tower, c jenga.Colour, _ *rand.Rand) (jenga.Move, bool) {
	return f(t, c)
}

// jengaFace maps a die face 1..6 to what it shows: one red, two green, two
// blue, and black (Empty: the player waits).
func jengaFace(face int) jenga.Colour {
	switch face {
	case 1:
		return jenga.Red
	case 2, 3:
		return jenga.Green
	case 4, 5:
		return jenga.Blue
	}
	return jenga.Empty
}

// JengaReferee plays Colored Jenga as written, on the real tower: it throws
// the die, waits on black and on a colour no block of which may be taken,
// otherwise asks the policy for a move, checks that move against the rules
// itself (a block of the thrown colour, from a level below the top, that
// leaves its level standing, put on a free position of an incomplete top or
// anywhere on a new level above a complete one), refuses an illegal move with
// an error that stops the run, and ends the game when no block may be taken.
// Its outcome is the number of throws.
//
// newPolicy is called once per worker, so a policy may keep scratch state.
// The referee's rules are its own: it shares no code with the analyst.
func JengaReferee(t jenga.Tower, newPolicy func() JengaPolicy) (func() montecarlo.Player, error) {
	if err := t.ValidateUpTo(len(t.Levels)); err != nil {
		return nil, fmt.Errorf("jenga referee: %w", err)
	}
	return func() montecarlo.Player {
		pol := newPolicy()
		die := montecarlo.NewDie(nil)
		var last *rand.Rand
		g := newJengaGame(t)
		return func(rng *rand.Rand) (int, error) {
			if rng != last {
				die.Reset(rng)
				last = rng
			}
			return g.play(pol, die, rng)
		}
	}, nil
}

// PlayJenga plays one game of tower t under policy pol and returns the number of throws.
func PlayJenga(t jenga.Tower, pol JengaPolicy, rng *rand.Rand) (int, error) {
	if err := t.ValidateUpTo(len(t.Levels)); err != nil {
		return 0, fmt.Errorf("jenga referee: %w", err)
	}
	return newJengaGame(t).play(pol, montecarlo.NewDie(rng), rng)
}

// jengaGame is one worker's game: the start tower and scratch towers, so
// that a game allocates nothing.
type jengaGame struct {
	start jenga.Tower
	tower jenga.Tower // the game in play
	shown jenga.Tower // the copy handed to the policy
}

func newJengaGame(t jenga.Tower) *jengaGame {
	// Every level keeps a block (a lower level stands on one at least, the
	// top holds one), so no game has more than 3n levels.
	room := 3*len(t.Levels) + 1
	return &jengaGame{
		start: t.Clone(),
		tower: jenga.Tower{Levels: make([]jenga.Level, 0, room)},
		shown: jenga.Tower{Levels: make([]jenga.Level, 0, room)},
	}
}

func (g *jengaGame) play(pol JengaPolicy, die *montecarlo.Die, rng *rand.Rand) (int, error) {
	g.tower.Levels = append(g.tower.Levels[:0], g.start.Levels...)
	throws := 0
	for jengaCanTake(g.tower, jenga.Empty) {
		if throws == montecarlo.MaxOutcome {
			return 0, fmt.Errorf("jenga referee: no end after %d throws", throws)
		}
		throws++
		c := jengaFace(die.Throw())
		if c == jenga.Empty || !jengaCanTake(g.tower, c) {
			continue // black, or no block of that colour may be taken: the minute is lost
		}
		g.shown.Levels = append(g.shown.Levels[:0], g.tower.Levels...)
		m, ok := pol.Move(g.shown, c, rng)
		if !ok {
			return 0, fmt.Errorf("jenga referee: tower %v, %v thrown: the policy makes no move, but a %v block may be taken", g.tower, c, c)
		}
		if err := jengaCheckMove(g.tower, c, m); err != nil {
			return 0, fmt.Errorf("jenga referee: tower %v, %v thrown: illegal move %+v: %w", g.tower, c, m, err)
		}
		g.tower = jengaApply(g.tower, m)
	}
	return throws, nil
}

// jengaStands says whether a level below the top stands: it keeps a block,
// and when it keeps only one, that one is the middle block.
func jengaStands(l jenga.Level) bool {
	n := 0
	for _, b := range l {
		if b != jenga.Empty {
			n++
		}
	}
	return n >= 2 || n == 1 && l[jenga.Middle] != jenga.Empty
}

// jengaCanTake says whether some block of colour c (of any colour when c is
// Empty) may be taken from below the top.
func jengaCanTake(t jenga.Tower, c jenga.Colour) bool {
	for _, l := range t.Levels[:len(t.Levels)-1] {
		for p, b := range l {
			if b == jenga.Empty || c != jenga.Empty && b != c {
				continue
			}
			rest := l
			rest[p] = jenga.Empty
			if jengaStands(rest) {
				return true
			}
		}
	}
	return false
}

// jengaCheckMove checks move m after a throw of colour c against the rules.
func jengaCheckMove(t jenga.Tower, c jenga.Colour, m jenga.Move) error {
	top := len(t.Levels) - 1
	switch {
	case m.Level < 0 || m.Level > top:
		return fmt.Errorf("there is no level %d", m.Level+1)
	case m.Level == top:
		return fmt.Errorf("level %d is the top, and no block may be taken from the top", m.Level+1)
	case m.Pos < 0 || m.Pos > 2:
		return fmt.Errorf("a level has no position %d", m.Pos)
	case t.Levels[m.Level][m.Pos] == jenga.Empty:
		return fmt.Errorf("level %d has no block at position %d", m.Level+1, m.Pos)
	case t.Levels[m.Level][m.Pos] != c:
		return fmt.Errorf("the block is %v, but %v was thrown", t.Levels[m.Level][m.Pos], c)
	case m.To < 0 || m.To > 2:
		return fmt.Errorf("a block cannot go to position %d", m.To)
	}
	rest := t.Levels[m.Level]
	rest[m.Pos] = jenga.Empty
	if !jengaStands(rest) {
		return fmt.Errorf("taking it leaves level %d as %v, and the tower falls", m.Level+1, rest)
	}
	topLevel := t.Levels[top]
	full := topLevel[0] != jenga.Empty && topLevel[1] != jenga.Empty && topLevel[2] != jenga.Empty
	if !full && topLevel[m.To] != jenga.Empty {
		return fmt.Errorf("position %d of the incomplete top level %v is taken", m.To, topLevel)
	}
	return nil
}

// jengaApply plays legal move m on t, reusing t's storage.
func jengaApply(t jenga.Tower, m jenga.Move) jenga.Tower {
	top := len(t.Levels) - 1
	c := t.Levels[m.Level][m.Pos]
	t.Levels[m.Level][m.Pos] = jenga.Empty
	tl := t.Levels[top]
	if tl[0] != jenga.Empty && tl[1] != jenga.Empty && tl[2] != jenga.Empty {
		t.Levels = append(t.Levels, jenga.Level{})
		top++
	}
	t.Levels[top][m.To] = c
	return t
}
