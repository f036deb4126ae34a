package snakes

import "testing"

// board builds a board from (from, to) pairs.
func board(pairs ...int) Board {
	var b Board
	for i := 0; i+1 < len(pairs); i += 2 {
		b.Jumps = append(b.Jumps, Jump{From: pairs[i], To: pairs[i+1]})
	}
	return b
}

func TestMayTrap(t *testing.T) {
	for _, c := range []struct {
		name  string
		board Board
		want  bool
	}{
		{"empty", Board{}, false},
		{"five snake heads in a row", board(11, 2, 12, 2, 13, 2, 14, 2, 15, 2), false},
		{"six snake heads in a row", board(11, 2, 12, 2, 13, 2, 14, 2, 15, 2, 16, 2), true},
		{"six in a row across bit 64", board(61, 2, 62, 2, 63, 2, 64, 2, 65, 2, 66, 2), true},
		{"six jumps in a row, one a ladder", board(11, 2, 12, 2, 13, 40, 14, 2, 15, 2, 16, 2), false},
		{"six at the top", board(94, 2, 95, 2, 96, 2, 97, 2, 98, 2, 99, 2), true},
	} {
		if got := c.board.MayTrap(); got != c.want {
			t.Errorf("%s: MayTrap = %v, want %v", c.name, got, c.want)
		}
	}
}
