package jenga

import (
	"errors"
	"fmt"
	"io"

	"github.com/chancecheck/chancecheck/games/textio"
)

// Parse reads the original input (n, then n levels bottom to top, the last
// line being the top) and validates the tower with the statement's limits.
// Errors are *textio.Error values naming file and line.
func Parse(r io.Reader, file string) (Tower, error) { return ParseUpTo(r, file, MaxLevels) }

// ParseUpTo is Parse allowing up to maxLevels levels instead of 6.
func ParseUpTo(r io.Reader, file string, maxLevels int) (Tower, error) {
	toks, err := textio.Read(r, file)
	if err != nil {
		return Tower{}, err
	}
	if toks.Done() {
		return Tower{}, toks.Errorf(0, "empty input: expected n, the number of levels")
	}
	n, nTok, err := toks.Int("n (the number of levels)", MinLevels, maxLevels)
	if err != nil {
		return Tower{}, err
	}
	t := Tower{Levels: make([]Level, n)}
	lines := make([]int, n)
	prevLine := nTok.Line
	for i := range n {
		if toks.Done() {
			return Tower{}, toks.Errorf(toks.Line(), "n says %d levels but the input ends after %d", n, i)
		}
		tok, _ := toks.Next("a level")
		if tok.Line == prevLine {
			return Tower{}, toks.Errorf(tok.Line, "expected one level per line, found %q on the same line as the previous one", textio.Clip(tok.Text))
		}
		prevLine = tok.Line
		if len(tok.Text) != 3 {
			return Tower{}, toks.Errorf(tok.Line, "expected level %d as three letters from R, G, B, found %q", i+1, textio.Clip(tok.Text))
		}
		for p := range 3 {
			c, ok := ColourOf(tok.Text[p])
			if !ok {
				return Tower{}, toks.Errorf(tok.Line, "expected level %d as three letters from R, G, B, found %q (position %d)", i+1, textio.Clip(tok.Text), p+1)
			}
			t.Levels[i][p] = c
		}
		lines[i] = tok.Line
	}
	if err := toks.End(fmt.Sprintf("the %d levels n announced", n)); err != nil {
		return Tower{}, err
	}
	if err := t.ValidateUpTo(maxLevels); err != nil {
		var le *LevelError
		if errors.As(err, &le) && le.Index >= 0 {
			return Tower{}, toks.Errorf(lines[le.Index], "%s", le.Msg)
		}
		return Tower{}, toks.Errorf(nTok.Line, "%s", err.Error())
	}
	return t, nil
}
