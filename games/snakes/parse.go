package snakes

import (
	"errors"
	"io"

	"github.com/chancecheck/chancecheck/games/textio"
)

// Parse reads the original input: T, then T cases, each a count n and n
// lines "a b". It validates every board. Errors are *textio.Error values
// naming file and line; file names the input in them.
func Parse(r io.Reader, file string) ([]Board, error) { return ParseLimit(r, file, MaxCases) }

// RelaxedMaxCases is the largest T ParseLimit is ever asked to accept: far
// beyond the statement's 105, for benchmark files of many boards.
const RelaxedMaxCases = 1_000_000

// ParseLimit is Parse with T allowed up to maxCases instead of the
// statement's 105.
func ParseLimit(r io.Reader, file string, maxCases int) ([]Board, error) {
	toks, err := textio.Read(r, file)
	if err != nil {
		return nil, err
	}
	if toks.Done() {
		return nil, toks.Errorf(0, "empty input: expected T, the number of cases")
	}
	t, _, err := toks.Int("T (the number of cases)", 1, maxCases)
	if err != nil {
		return nil, err
	}
	boards := make([]Board, 0, t)
	for i := range t {
		b, err := parseCase(toks, i+1, t)
		if err != nil {
			return nil, err
		}
		boards = append(boards, b)
	}
	if !toks.Done() {
		tok, _ := toks.Next("")
		return nil, toks.Errorf(tok.Line, "unexpected %q after the last of the %d cases T announced", textio.Clip(tok.Text), t)
	}
	return boards, nil
}

func parseCase(toks *textio.Tokens, c, t int) (Board, error) {
	if toks.Done() {
		return Board{}, toks.Errorf(toks.Line(), "T says %d cases but the input ends after %d", t, c-1)
	}
	n, nTok, err := toks.Int("n (the number of snakes and ladders)", 0, Cells-2)
	if err != nil {
		return Board{}, err
	}
	b := Board{Jumps: make([]Jump, n)}
	lines := make([]int, n)
	for i := range n {
		from, tok, err := toks.Int("a (a jump's start)", 1, Cells)
		if err != nil {
			return Board{}, err
		}
		to, _, err := toks.Int("b (a jump's end)", 1, Cells)
		if err != nil {
			return Board{}, err
		}
		b.Jumps[i], lines[i] = Jump{From: from, To: to}, tok.Line
	}
	if err := b.Validate(); err != nil {
		var je *JumpError
		var ue *UnreachableError
		switch {
		case errors.As(err, &je):
			return Board{}, toks.Errorf(lines[je.Index], "case %d: %s", c, je.Msg)
		case errors.As(err, &ue):
			return Board{}, toks.Errorf(nTok.Line, "case %d: %s", c, ue.Error())
		}
		return Board{}, toks.Errorf(nTok.Line, "case %d: %v", c, err)
	}
	return b, nil
}
