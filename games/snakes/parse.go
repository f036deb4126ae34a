package snakes

import (
	"errors"
	"fmt"
	"io"

	"github.com/chancecheck/chancecheck/games/textio"
)

// Parse reads the original input: T, then T cases, each a count n and n
// lines "a b". It validates every board. Errors are *textio.Error values
// naming file and line; file names the input in them.
func Parse(r io.Reader, file string) ([]Board, error) { return ParseUpTo(r, file, MaxCases) }

// RelaxedMaxCases is the largest T ParseUpTo is ever asked to accept: far
// beyond the statement's 105, for benchmark files of many boards.
const RelaxedMaxCases = 1_000_000

// ParseUpTo is Parse with T allowed up to maxCases instead of the
// statement's 105.
func ParseUpTo(r io.Reader, file string, maxCases int) ([]Board, error) {
	sc, err := textio.NewScanner(r, file)
	if err != nil {
		return nil, err
	}
	if sc.Done() {
		return nil, sc.Errorf(0, "empty input: expected T, the number of cases")
	}
	t, _, err := sc.Int("T (the number of cases)", 1, maxCases)
	if err != nil {
		return nil, err
	}
	// A case that reads well but breaks a rule does not stop the parse, so
	// that every broken case is named; a malformed token does.
	boards := make([]Board, 0, t)
	var jumps jumpSlab
	var broken []error
	for i := range t {
		b, err := parseCase(sc, &jumps, i+1, t)
		if err != nil {
			var rule *ruleError
			if !errors.As(err, &rule) {
				return nil, errors.Join(append(broken, err)...)
			}
			broken = append(broken, rule.err)
		}
		boards = append(boards, b)
	}
	if len(broken) > 0 {
		return nil, errors.Join(broken...)
	}
	if err := sc.End(fmt.Sprintf("the last of the %d cases T announced", t)); err != nil {
		return nil, err
	}
	return boards, nil
}

// jumpSlab hands out the jumps of many boards from a few large arrays
// instead of one allocation per board. Each board's slice is capped at its
// length, so appending to it copies instead of writing into the next board.
type jumpSlab struct{ free []Jump }

// take returns n zeroed jumps.
func (s *jumpSlab) take(n int) []Jump {
	const slab = 4096                     // a slab holds the jumps of many boards even when dense (≤ 98)
	if n > len(s.free) || s.free == nil { // a board of no jumps gets an empty slice, not nil, as before
		s.free = make([]Jump, max(slab, n))
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}

func parseCase(sc *textio.Scanner, jumps *jumpSlab, c, t int) (Board, error) {
	if sc.Done() {
		return Board{}, sc.Errorf(sc.Line(), "T says %d cases but the input ends after %d", t, c-1)
	}
	n, nLine, err := sc.Int("n (the number of snakes and ladders)", 0, Cells-2)
	if err != nil {
		return Board{}, err
	}
	b := Board{Jumps: jumps.take(n)}
	var lines [Cells - 2]int // the input line of each jump, for errors
	for i := range n {
		from, line, err := sc.Int("a (a jump's start)", 1, Cells)
		if err != nil {
			return Board{}, err
		}
		to, _, err := sc.Int("b (a jump's end)", 1, Cells)
		if err != nil {
			return Board{}, err
		}
		b.Jumps[i], lines[i] = Jump{From: from, To: to}, line
	}
	if err := b.Validate(); err != nil {
		var je *JumpError
		line := nLine
		msg := err.Error()
		if errors.As(err, &je) {
			line, msg = lines[je.Index], je.Msg
		}
		return Board{}, &ruleError{sc.Errorf(line, "case %d: %s", c, msg)}
	}
	return b, nil
}

// ruleError is a well-formed case that breaks a rule of the game.
type ruleError struct{ err *textio.Error }

func (e *ruleError) Error() string { return e.err.Error() }
