package textio

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestErrorFormat(t *testing.T) {
	tests := []struct {
		err  *Error
		want string
	}{
		{Errorf("a.in", 3, "expected %s", "n"), "a.in:3: expected n"},
		{Errorf("", 2, "bad"), "<stdin>:2: bad"},
		{Errorf("a.in", 0, "empty input"), "a.in: empty input"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

func TestMatchError(t *testing.T) {
	e := fmt.Errorf("wrapped: %w", Errorf("a.in", 4, "jump 2: a ≠ b"))
	if err := MatchError(e, "a.in", 4, "a ≠ b"); err != nil {
		t.Errorf("a matching error did not match: %v", err)
	}
	for _, bad := range []struct {
		file string
		line int
		frag string
	}{{"b.in", 4, "a ≠ b"}, {"a.in", 5, "a ≠ b"}, {"a.in", 4, "chain"}} {
		if MatchError(e, bad.file, bad.line, bad.frag) == nil {
			t.Errorf("matched %v", bad)
		}
	}
	if MatchError(errors.New("plain"), "a.in", 1, "") == nil {
		t.Error("a plain error matched")
	}
}

func TestTokensReportLines(t *testing.T) {
	toks, err := Read(strings.NewReader("3\r\n\n 7 x\n"), "t.in")
	if err != nil {
		t.Fatal(err)
	}
	if v, tok, err := toks.Int("T", 1, 5); v != 3 || tok.Line != 1 || err != nil {
		t.Errorf("first: %d line %d %v", v, tok.Line, err)
	}
	if _, _, err := toks.Int("n", 1, 5); MatchError(err, "t.in", 3, "must be in 1..5, found 7") != nil {
		t.Errorf("range: %v", err)
	}
	if _, _, err := toks.Int("a", 1, 5); MatchError(err, "t.in", 3, `expected a (an integer), found "x"`) != nil {
		t.Errorf("not a number: %v", err)
	}
	if _, err := toks.Next("b"); MatchError(err, "t.in", 3, "unexpected end of input: expected b") != nil {
		t.Errorf("end: %v", err)
	}
}

func TestTokensEnd(t *testing.T) {
	toks, err := Read(strings.NewReader("1 2\n\n3\n"), "e.in")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := toks.Int("w", 0, 9); err != nil {
		t.Fatal(err)
	}
	if err := toks.End("w"); MatchError(err, "e.in", 1, `unexpected "2" after w`) != nil {
		t.Errorf("a token left on the same line: %v", err)
	}
	toks.Int("b", 0, 9)
	if err := toks.End("w b"); MatchError(err, "e.in", 3, `unexpected "3" after w b`) != nil {
		t.Errorf("a token left two lines down: %v", err)
	}
	toks.Int("c", 0, 9)
	if err := toks.End("w b c"); err != nil {
		t.Errorf("at the end: %v", err)
	}
}
