package traps

import (
	"strings"

	"github.com/chancecheck/chancecheck/games/textio"
)

// Limits of the format. The statement says n ≤ 29, but its official tests
// have n = 30, so chancecheck accepts 30 (see the spec, §3 "Decision").
const (
	MaxRows   = 30
	MaxCols   = 30
	MaxKinds  = 5
	MaxLife   = 5
	MaxWeight = 100000
)

// Cell characters.
const (
	Floor = '.'
	Wall  = '#'
	Start = '$'
	Exit  = '@'
)

// Maze is one trap maze: the map, the number of trap kinds K, the lives H and
// the prior weights of the 2^K joint states.
type Maze struct {
	Rows  []string // m rows of n cells each
	Kinds int      // K: traps use the letters 'A' … 'A'+K-1
	Life  int      // H: lives at the start
	Prior []int    // 2^K weights; bit t of an index set means kind t is harmful
}

// M is the number of rows.
func (z *Maze) M() int { return len(z.Rows) }

// N is the number of columns (0 for a maze without rows).
func (z *Maze) N() int {
	if len(z.Rows) == 0 {
		return 0
	}
	return len(z.Rows[0])
}

// At is the character at row r, column c.
func (z *Maze) At(r, c int) byte { return z.Rows[r][c] }

// Inside reports whether (r, c) is on the map.
func (z *Maze) Inside(r, c int) bool { return r >= 0 && r < z.M() && c >= 0 && c < z.N() }

// Kind is the trap kind of character ch (0 for 'A'), or -1 when ch is not a letter.
func Kind(ch byte) int {
	if ch >= 'A' && ch <= 'Z' {
		return int(ch - 'A')
	}
	return -1
}

// StartCell returns the position of '$' (the first one; a valid maze has one).
func (z *Maze) StartCell() (r, c int, ok bool) {
	for r, row := range z.Rows {
		if c := strings.IndexByte(row, Start); c >= 0 {
			return r, c, true
		}
	}
	return 0, 0, false
}

// TotalWeight is Σp, the normaliser of the prior.
func (z *Maze) TotalWeight() int64 {
	var s int64
	for _, w := range z.Prior {
		s += int64(w)
	}
	return s
}

// Clone returns a deep copy, so a property can change a cell or a weight
// without touching the original.
func (z *Maze) Clone() *Maze {
	c := *z
	c.Rows = append([]string(nil), z.Rows...)
	c.Prior = append([]int(nil), z.Prior...)
	return &c
}

// Validate checks the limits and the alphabet of the statement (with
// chancecheck's decisions: 1 ≤ m, n ≤ 30, 0 ≤ K ≤ 5, 1 ≤ H ≤ 5). Its errors
// are *textio.Error values whose line is where the fault would stand in the
// written file (line 1 the header, lines 2..m+1 the map, line m+2 the
// weights); File is empty.
func (z *Maze) Validate() error {
	m := len(z.Rows)
	weightsLine := m + 2
	switch {
	case m < 1 || m > MaxRows:
		return textio.Errorf("", 1, "m (the number of rows) must be in 1..%d, found %d", MaxRows, m)
	case z.N() < 1 || z.N() > MaxCols:
		return textio.Errorf("", 1, "n (the number of columns) must be in 1..%d, found %d", MaxCols, z.N())
	case z.Kinds < 0 || z.Kinds > MaxKinds:
		return textio.Errorf("", 1, "K (the number of trap kinds) must be in 0..%d, found %d", MaxKinds, z.Kinds)
	case z.Life < 1 || z.Life > MaxLife:
		return textio.Errorf("", 1, "H (the lives) must be in 1..%d, found %d", MaxLife, z.Life)
	}
	starts := 0
	for r, row := range z.Rows {
		if msg := checkRow(row, z.N(), z.Kinds); msg != "" {
			return textio.Errorf("", r+2, "row %d: %s", r+1, msg)
		}
		starts += strings.Count(row, string(Start))
		if starts > 1 {
			return textio.Errorf("", r+2, "row %d: a second start '$' (exactly one is allowed)", r+1)
		}
	}
	if starts == 0 {
		return textio.Errorf("", m+1, "the map has no start '$' (exactly one is required)")
	}
	if want := 1 << z.Kinds; len(z.Prior) != want {
		return textio.Errorf("", weightsLine, "expected 2^K = %d prior weights, found %d", want, len(z.Prior))
	}
	positive := false
	for i, w := range z.Prior {
		if w < 0 || w > MaxWeight {
			return textio.Errorf("", weightsLine, "prior weight p_%d must be in 0..%d, found %d", i, MaxWeight, w)
		}
		positive = positive || w > 0
	}
	if !positive {
		return textio.Errorf("", weightsLine, "every prior weight is 0; at least one must be positive")
	}
	return nil
}

// checkRow returns what is wrong with one map row, or "".
func checkRow(row string, n, kinds int) string {
	if len(row) != n {
		return "expected " + itoa(n) + " characters, found " + itoa(len(row))
	}
	for i := 0; i < len(row); i++ {
		ch := row[i]
		switch {
		case ch == Floor || ch == Wall || ch == Start || ch == Exit:
		case Kind(ch) >= 0 && Kind(ch) < kinds:
		case Kind(ch) >= 0:
			return "column " + itoa(i+1) + ": trap '" + string(ch) + "' but K = " + itoa(kinds) + " allows " + letters(kinds)
		default:
			return "column " + itoa(i+1) + ": unexpected character " + quoteByte(ch) + " (expected one of . # $ @ " + letters(kinds) + ")"
		}
	}
	return ""
}
