package traps

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/chancecheck/chancecheck/games/textio"
)

// Parse reads one maze in the original format: "m n K H", m map rows, then
// 2^K weights. It splits on whitespace, so blank lines between rows (as the
// statement is often rendered) are accepted. It validates the maze; errors
// are *textio.Error values naming file and line.
func Parse(r io.Reader, file string) (*Maze, error) {
	toks, err := textio.Read(r, file)
	if err != nil {
		return nil, err
	}
	if toks.Done() {
		return nil, toks.Errorf(0, "empty input: expected \"m n K H\"")
	}
	m, _, err := toks.Int("m (the number of rows)", 1, MaxRows)
	if err != nil {
		return nil, err
	}
	n, _, err := toks.Int("n (the number of columns)", 1, MaxCols)
	if err != nil {
		return nil, err
	}
	k, _, err := toks.Int("K (the number of trap kinds)", 0, MaxKinds)
	if err != nil {
		return nil, err
	}
	h, _, err := toks.Int("H (the lives)", 1, MaxLife)
	if err != nil {
		return nil, err
	}
	z := &Maze{Kinds: k, Life: h, Rows: make([]string, m), Prior: make([]int, 1<<k)}
	rowLine := make([]int, m)
	for i := range m {
		tok, err := toks.Next("map row " + strconv.Itoa(i+1) + " of " + strconv.Itoa(m))
		if err != nil {
			return nil, err
		}
		if msg := checkRow(tok.Text, n, k); msg != "" {
			return nil, toks.Errorf(tok.Line, "map row %d %s: %s", i+1, trimQuote(tok.Text), msg)
		}
		z.Rows[i], rowLine[i] = tok.Text, tok.Line
	}
	weightsLine := toks.Line()
	for i := range z.Prior {
		w, tok, err := toks.Int("prior weight p_"+strconv.Itoa(i)+" of 2^K = "+strconv.Itoa(len(z.Prior)), 0, MaxWeight)
		if err != nil {
			return nil, err
		}
		z.Prior[i], weightsLine = w, tok.Line
	}
	if err := toks.End(fmt.Sprintf("the %d prior weights", len(z.Prior))); err != nil {
		return nil, err
	}
	if err := z.Validate(); err != nil {
		// Map the canonical line of the fault to the line it stands on in this file.
		var te *textio.Error
		line := weightsLine
		if errors.As(err, &te) && te.Line >= 2 && te.Line <= m+1 {
			line = rowLine[te.Line-2]
		}
		msg := err.Error()
		if te != nil {
			msg = te.Msg
		}
		return nil, toks.Errorf(line, "%s", msg)
	}
	return z, nil
}
