package traps

import "fmt"

// Dir is a move: one of the four directions, or Stop (give up where one stands).
type Dir int8

// The moves. Stop ends the game as a loss; a policy uses it where no exit can
// be reached (or where no move is legal).
const (
	Stop Dir = iota
	Up
	Down
	Left
	Right
)

// Steps returns the four steps, in the order policies try them.
func Steps() [4]Dir { return [4]Dir{Up, Down, Left, Right} }

// Delta is the row and column change of a step (0, 0 for Stop).
func (d Dir) Delta() (dr, dc int) {
	switch d {
	case Up:
		return -1, 0
	case Down:
		return 1, 0
	case Left:
		return 0, -1
	case Right:
		return 0, 1
	}
	return 0, 0
}

// String names the move.
func (d Dir) String() string {
	switch d {
	case Stop:
		return "stop"
	case Up:
		return "up"
	case Down:
		return "down"
	case Left:
		return "left"
	case Right:
		return "right"
	}
	return fmt.Sprintf("Dir(%d)", int8(d))
}

// Reveal is what a player knows about one trap kind.
type Reveal uint8

// What a player can know about a kind.
const (
	Unknown Reveal = iota
	Harmless
	Harmful
)

// Known is what a player knows about each kind (index t for letter 'A'+t);
// entries at and beyond K are Unknown.
type Known [MaxKinds]Reveal

// Situation is everything a policy may see: where the player stands, the
// lives left, and what has been revealed. It never holds the hidden state.
type Situation struct {
	Row, Col int
	Life     int
	Known    Known
}

// Policy chooses a move in each situation. A policy handed to a referee or
// evaluator must be deterministic: the same situation, the same move.
type Policy interface {
	Move(s Situation) (Dir, error)
}

// Table is a policy as data: the move for each situation it covers.
// Situations outside the table are an error, not a silent default.
type Table map[Situation]Dir

// Move looks the situation up.
func (t Table) Move(s Situation) (Dir, error) {
	d, ok := t[s]
	if !ok {
		return Stop, fmt.Errorf("traps: policy table has no move for %+v", s)
	}
	return d, nil
}
