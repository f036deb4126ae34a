package snakes

import (
	"bytes"
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
// every broken case is named; a malformed token does. The errors are those
// of one loop reading the cases in order, though the work is shared out
// (readCases, readHalves).
func ParseUpTo(r io.Reader, file string, maxCases int) ([]Board, error) {
	return parseUpTo(r, file, maxCases, halvesFrom)
}

// halvesFrom is the input size from which a parse reads its two halves at
// once: below it a second goroutine costs more than it saves.
const halvesFrom = 64 << 10

// parseUpTo is ParseUpTo, reading inputs of halvesFrom bytes or more in
// two halves at once.
func parseUpTo(r io.Reader, file string, maxCases, halvesFrom int) ([]Board, error) {
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
	if sc.Size() >= halvesFrom && t >= 2 {
		if boards, ok := readHalves(sc, t); ok {
			return boards, nil
		}
	}
	boards, err := readCases(sc, t, -1, t)
	if err != nil {
		return nil, err
	}
	if err := sc.End(fmt.Sprintf("the last of the %d cases T announced", t)); err != nil {
		return nil, err
	}
	return boards, nil
}

// readHalves reads the cases after T in two halves at once, the second from
// a guess at where a case begins near the middle: a line holding a lone
// number after a blank line, as Write and the judge's files lay cases out.
// The guess holds when the first half, read from the start, ends exactly
// there, and the halves together hold the T cases and the whole input:
// then every token was read as the one loop reads it, so the boards are
// its boards. Otherwise, or on any error, ok is false and the caller reads
// the input again in one loop, for the boards or for the errors in order.
func readHalves(sc *textio.Scanner, t int) (boards []Board, ok bool) {
	start := sc.Offset()
	split := caseStartAfter(sc.Bytes(), start+(sc.Size()-start)/2)
	if split < 0 {
		return nil, false
	}
	first, second := *sc, sc.From(split)
	done := make(chan []Board)
	go func() {
		// Room for all t boards, so that the second half's are appended in place.
		boards, err := readCases(&first, t-1, split, t)
		if err != nil || first.Offset() != split {
			boards = nil
		}
		done <- boards
	}()
	rest, err := readCases(second, t-1, second.Size(), t-1)
	head := <-done
	if err != nil || head == nil || len(head)+len(rest) != t || !second.Done() {
		return nil, false
	}
	return append(head, rest...), true
}

// caseStartAfter is the offset of the first line at or after from that
// holds only digits and follows a blank line, or -1.
func caseStartAfter(data []byte, from int) int {
	for i := from; i < len(data); {
		j := bytes.Index(data[i:], []byte("\n\n"))
		if j < 0 {
			return -1
		}
		k := i + j + 2
		e := k
		for e < len(data) && data[e]-'0' <= 9 {
			e++
		}
		if e > k && e < len(data) && data[e] == '\n' {
			return k
		}
		i = i + j + 1
	}
	return -1
}

// readCases reads at most t cases from sc, or, when stop ≥ 0, the cases
// that begin before byte offset stop, into a slice with room for at most
// room boards; case numbers in errors count from the first case of the
// input. One goroutine reads while another validates the cases read so
// far, in order, so the errors come out in case order: the rule errors of
// broken cases, then the malformed token that ended the reading, if any.
// The validator hands each chunk back when done, so a few chunks serve the
// whole input.
func readCases(sc *textio.Scanner, t, stop, room int) ([]Board, error) {
	chunks := make(chan []readCase, 16)
	done := make(chan []readCase, cap(chunks)+2) // every chunk fits: the validator never blocks on it
	broken := make(chan []error)
	go func() { broken <- validateCases(sc, chunks, done) }()
	var (
		jumps jumpSlab
		lines lineSlab
		chunk []readCase
		read  = make([]Board, 0, min(room, sc.Size()/4+1)) // a case takes 4 bytes or more
		err   error
	)
	for n := 0; n < t && (stop < 0 || sc.Offset() < stop); n++ {
		if chunk == nil {
			select {
			case chunk = <-done:
				chunk = chunk[:0]
			default:
				chunk = make([]readCase, 0, validateEvery)
			}
		}
		chunk = chunk[:len(chunk)+1]
		if err = readNextCase(sc, &chunk[len(chunk)-1], &jumps, &lines, n+1, t); err != nil {
			chunk = chunk[:len(chunk)-1] // a case cut short is not validated
			break
		}
		read = append(read, chunk[len(chunk)-1].board)
		if len(chunk) == validateEvery {
			chunks <- chunk
			chunk = nil
		}
	}
	chunks <- chunk
	close(chunks)
	errs := <-broken
	if err != nil {
		return nil, errors.Join(append(errs, err)...)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return read, nil
}

// validateEvery is how many cases the reader hands the validator at a time:
// enough to make a hand-over cheap, few enough that the validator starts
// early.
const validateEvery = 256

// readCase is one case as read: its board and the lines its errors name.
type readCase struct {
	board Board
	nLine int // the line of n
	// lines is the line of each jump, or nil when jump i is on line
	// nLine+1+i, one a line as Write and the judge's files lay them out.
	lines []int32
	c     int // the case's number
}

// jumpLine is the line of jump i.
func (rc *readCase) jumpLine(i int) int {
	if rc.lines == nil {
		return rc.nLine + 1 + i
	}
	return int(rc.lines[i])
}

// validateCases validates the cases of each chunk received, in order,
// until chunks is closed, hands each chunk on to done, and returns the
// rule errors of the broken cases, in order.
func validateCases(sc *textio.Scanner, chunks <-chan []readCase, done chan<- []readCase) []error {
	var broken []error
	for chunk := range chunks {
		for i := range chunk {
			c := &chunk[i]
			if err := c.board.Validate(); err != nil {
				var je *JumpError
				line, msg := c.nLine, err.Error()
				if errors.As(err, &je) {
					line, msg = c.jumpLine(je.Index), je.Msg
				}
				broken = append(broken, sc.Errorf(line, "case %d: %s", c.c, msg))
			}
		}
		select {
		case done <- chunk:
		default: // the reader has finished and left enough behind
		}
	}
	return broken
}

// jumpSlab hands out the jumps of many boards from a few large arrays
// instead of one allocation per board. Each board's slice is capped at its
// length, so appending to it copies instead of writing into the next board.
type jumpSlab struct {
	free []Jump
	size int // of the last array made
}

// The slabs' arrays start small and double up to maxSlab, so that a file of
// one board zeroes 100-odd jumps, not 4096, and one of many boards still
// takes a few large arrays (a dense board has at most 98 jumps).
const (
	firstSlab = 128
	maxSlab   = 4096
)

// nextSlab is the size of the array after one of size, for n elements.
func nextSlab(size, n int) int { return max(min(max(2*size, firstSlab), maxSlab), n) }

// take returns n zeroed jumps.
func (s *jumpSlab) take(n int) []Jump {
	// A board of no jumps gets an empty slice, not nil, as it always did.
	if n > len(s.free) || s.free == nil {
		s.size = nextSlab(s.size, n)
		s.free = make([]Jump, s.size)
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
}

// lineSlab is jumpSlab for the jumps' line numbers.
type lineSlab struct {
	free []int32
	size int
}

func (s *lineSlab) take(n int) []int32 {
	if n > len(s.free) {
		s.size = nextSlab(s.size, n)
		s.free = make([]int32, s.size)
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
	*rc = readCase{board: Board{Jumps: jumps.take(n)}, nLine: nLine, c: c}
	for i := range n {
		from, line, err := sc.Int("a (a jump's start)", 1, Cells)
		if err != nil {
			return err
		}
		to, _, err := sc.Int("b (a jump's end)", 1, Cells)
		if err != nil {
			return err
		}
		rc.board.Jumps[i] = Jump{From: from, To: to}
		if rc.lines == nil && line != nLine+1+i { // the first jump off its own line
			rc.lines = lines.take(n)
			for k := range i {
				rc.lines[k] = int32(nLine + 1 + k)
			}
		}
		if rc.lines != nil {
			rc.lines[i] = int32(line)
		}
	}
	return nil
}
