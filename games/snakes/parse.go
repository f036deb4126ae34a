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
	// A case that reads well but breaks a rule does not stop the parse, so
	// that every broken case is named; a malformed token does.
	boards := make([]Board, 0, t)
	var broken []error
	for i := range t {
		b, err := parseCase(toks, i+1, t)
		var rule *ruleError
		switch {
		case errors.As(err, &rule):
			broken = append(broken, rule.err)
		case err != nil:
			return nil, errors.Join(append(broken, err)...)
		}
		boards = append(boards, b)
	}
	if len(broken) > 0 {
		return nil, errors.Join(broken...)
	}
	if err := toks.End(fmt.Sprintf("the last of the %d cases T announced", t)); err != nil {
		return nil, err
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
		line := nTok.Line
		msg := err.Error()
		if errors.As(err, &je) {
			line, msg = lines[je.Index], je.Msg
		}
		return Board{}, &ruleError{toks.Errorf(line, "case %d: %s", c, msg)}
	}
	return b, nil
}

// ruleError is a well-formed case that breaks a rule of the game.
type ruleError struct{ err *textio.Error }

func (e *ruleError) Error() string { return e.err.Error() }
