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
//
// A case that reads well but breaks a rule does not stop the parse, so that
// every broken case is named; a malformed token does. Reading and checking
// the rules are apart: one goroutine reads the cases while another
// validates those read so far, in order, so the errors come out in the
// order of the cases as if one loop did both.
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
	cases := make([]readCase, t)
	read := make(chan int, 16) // how many cases are read, now and then
	broken := make(chan []error)
	go func() { broken <- validateCases(sc, cases, read) }()
	var jumps jumpSlab
	var lines lineSlab
	n := 0
	for ; n < t; n++ {
		if err = readNextCase(sc, &cases[n], &jumps, &lines, n+1, t); err != nil {
			break
		}
		if (n+1)%validateEvery == 0 {
			read <- n + 1
		}
	}
	read <- n
	close(read)
	errs := <-broken
	if err != nil { // a malformed token ends the parse, after the broken cases before it
		return nil, errors.Join(append(errs, err)...)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if err := sc.End(fmt.Sprintf("the last of the %d cases T announced", t)); err != nil {
		return nil, err
	}
	boards := make([]Board, t)
	for i := range cases {
		boards[i] = cases[i].board
	}
	return boards, nil
}

// validateEvery is how many cases the reader hands the validator at a time:
// enough to make a hand-over cheap, few enough that the validator starts
// early.
const validateEvery = 256

// readCase is one case as read: its board and the lines its errors name.
type readCase struct {
	board Board
	nLine int     // the line of n
	lines []int32 // the line of each jump
}

// validateCases validates cases[0:k] for each k received on read, in
// order, until read is closed, and returns the rule errors of the broken
// cases, in order.
func validateCases(sc *textio.Scanner, cases []readCase, read <-chan int) []error {
	var broken []error
	done := 0
	for k := range read {
		for ; done < k; done++ {
			c := &cases[done]
			if err := c.board.Validate(); err != nil {
				var je *JumpError
				line, msg := c.nLine, err.Error()
				if errors.As(err, &je) {
					line, msg = int(c.lines[je.Index]), je.Msg
				}
				broken = append(broken, sc.Errorf(line, "case %d: %s", done+1, msg))
			}
		}
	}
	return broken
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

// lineSlab is jumpSlab for the jumps' line numbers.
type lineSlab struct{ free []int32 }

func (s *lineSlab) take(n int) []int32 {
	const slab = 4096
	if n > len(s.free) {
		s.free = make([]int32, max(slab, n))
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}

// readNextCase reads case c of t into rc; the error is a malformed token
// or the end of the input.
func readNextCase(sc *textio.Scanner, rc *readCase, jumps *jumpSlab, lines *lineSlab, c, t int) error {
	if sc.Done() {
		return sc.Errorf(sc.Line(), "T says %d cases but the input ends after %d", t, c-1)
	}
	n, nLine, err := sc.Int("n (the number of snakes and ladders)", 0, Cells-2)
	if err != nil {
		return err
	}
	rc.board, rc.nLine, rc.lines = Board{Jumps: jumps.take(n)}, nLine, lines.take(n)
	for i := range n {
		from, line, err := sc.Int("a (a jump's start)", 1, Cells)
		if err != nil {
			return err
		}
		to, _, err := sc.Int("b (a jump's end)", 1, Cells)
		if err != nil {
			return err
		}
		rc.board.Jumps[i], rc.lines[i] = Jump{From: from, To: to}, int32(line)
	}
	return nil
}
