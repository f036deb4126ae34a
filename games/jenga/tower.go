package jenga

import (
	"fmt"
	"strings"
)

// Colour is the colour of one block position: Empty where there is no block.
type Colour uint8

// The colours a block can have; Empty marks a position without a block.
const (
	Empty Colour = iota
	Red
	Green
	Blue
)

// Colours lists the three block colours in the order R, G, B.
func Colours() []Colour { return []Colour{Red, Green, Blue} }

// Letter is the colour's letter in the input format, '.' for Empty.
func (c Colour) Letter() byte {
	switch c {
	case Red:
		return 'R'
	case Green:
		return 'G'
	case Blue:
		return 'B'
	case Empty:
		return '.'
	}
	return '?'
}

// String returns the colour's letter.
func (c Colour) String() string { return string(c.Letter()) }

// ColourOf maps a letter of the input format (R, G, B) to its colour.
func ColourOf(letter byte) (Colour, bool) {
	switch letter {
	case 'R':
		return Red, true
	case 'G':
		return Green, true
	case 'B':
		return Blue, true
	}
	return Empty, false
}

// The three positions of a level.
const (
	Left   = 0
	Middle = 1
	Right  = 2
)

// Level is one level of the tower: its left, middle and right positions.
type Level [3]Colour

// Blocks counts the level's blocks.
func (l Level) Blocks() int {
	n := 0
	for _, c := range l {
		if c != Empty {
			n++
		}
	}
	return n
}

// Mirror swaps the left and right positions.
func (l Level) Mirror() Level { return Level{l[Right], l[Middle], l[Left]} }

// String writes the level as three letters, '.' for an empty position.
func (l Level) String() string {
	return string([]byte{l[0].Letter(), l[1].Letter(), l[2].Letter()})
}

// Tower is a Colored Jenga tower, levels from the bottom (index 0) to the
// top (the last index). Only the top level may be partly built.
type Tower struct {
	Levels []Level
}

// Top returns the index of the top level.
func (t Tower) Top() int { return len(t.Levels) - 1 }

// Clone returns a tower that shares no memory with t.
func (t Tower) Clone() Tower {
	return Tower{Levels: append([]Level(nil), t.Levels...)}
}

// String writes the tower bottom to top, levels separated by '/'.
func (t Tower) String() string {
	parts := make([]string, len(t.Levels))
	for i, l := range t.Levels {
		parts[i] = l.String()
	}
	return strings.Join(parts, "/")
}

// Move is one move of the game: take the block at position Pos of level
// Level and put it at position To of the top level (when the top level is
// incomplete) or of a new level started on top (when it is complete).
type Move struct {
	Level, Pos, To int
}

// String describes the move for people.
func (m Move) String() string {
	return fmt.Sprintf("take level %d %s, put %s", m.Level+1, posName(m.Pos), posName(m.To))
}

func posName(p int) string {
	switch p {
	case Left:
		return "left"
	case Middle:
		return "middle"
	case Right:
		return "right"
	}
	return fmt.Sprintf("position %d", p)
}

// WeightedMove is a move a randomised policy makes with probability P.
type WeightedMove struct {
	Move Move
	P    float64
}
