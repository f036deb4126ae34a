package textio

import (
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
)

// MaxInputBytes bounds what a parser reads, so a hostile input cannot exhaust memory.
const MaxInputBytes = 64 << 20

// Token is one whitespace-separated word of the input and the line it stands on.
type Token struct {
	Text string
	Line int
}

// Tokens is an input split into whitespace-separated tokens, with line numbers.
// It also keeps the lines themselves for formats whose meaning depends on line
// breaks (Double Patience's nine lines of four cards).
type Tokens struct {
	File  string
	Lines []string // the input's lines, without their line breaks
	toks  []Token
	next  int
}

// Read splits r into lines and tokens. file names the input in errors.
func Read(r io.Reader, file string) (*Tokens, error) {
	data, err := readInput(r, file)
	if err != nil {
		return nil, err
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	t := &Tokens{File: file, Lines: strings.Split(text, "\n")}
	if n := len(t.Lines); n > 0 && t.Lines[n-1] == "" {
		t.Lines = t.Lines[:n-1]
	}
	for i, line := range t.Lines {
		for _, f := range strings.Fields(line) {
			t.toks = append(t.toks, Token{Text: f, Line: i + 1})
		}
	}
	return t, nil
}

// readInput reads r whole, refusing more than MaxInputBytes. A file that
// knows its size is read into one buffer of that size, instead of one that
// doubles as it fills.
func readInput(r io.Reader, file string) ([]byte, error) {
	var data []byte
	var err error
	if size := sizeOf(r); size > 0 && size <= MaxInputBytes {
		data, err = readAllInto(make([]byte, 0, size+1), io.LimitReader(r, MaxInputBytes+1))
	} else {
		data, err = io.ReadAll(io.LimitReader(r, MaxInputBytes+1))
	}
	if err != nil {
		return nil, fmt.Errorf("%s: reading: %w", nameOr(file), err)
	}
	if len(data) > MaxInputBytes {
		return nil, Errorf(file, 0, "input is larger than %d bytes", MaxInputBytes)
	}
	return data, nil
}

// sizeOf is the size of r when it is a regular file, else 0.
func sizeOf(r io.Reader) int64 {
	f, ok := r.(interface{ Stat() (fs.FileInfo, error) })
	if !ok {
		return 0
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		return 0
	}
	return info.Size()
}

// readAllInto is io.ReadAll appending to buf, whose capacity is the size
// expected: it grows only if the file grew.
func readAllInto(buf []byte, r io.Reader) ([]byte, error) {
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

func nameOr(file string) string {
	if file == "" {
		return "<stdin>"
	}
	return file
}

// Done reports whether every token has been consumed.
func (t *Tokens) Done() bool { return t.next >= len(t.toks) }

// Line is the line of the next token, or the last line of the input at its end.
func (t *Tokens) Line() int {
	if t.next < len(t.toks) {
		return t.toks[t.next].Line
	}
	return len(t.Lines)
}

// Next returns the next token; what names the expected token in the error at the end of input.
func (t *Tokens) Next(what string) (Token, error) {
	if t.next >= len(t.toks) {
		return Token{}, Errorf(t.File, len(t.Lines), "unexpected end of input: expected %s", what)
	}
	tok := t.toks[t.next]
	t.next++
	return tok, nil
}

// End checks that every token has been consumed: nil, or an error at the
// first token left, "unexpected "x" after " followed by after (what the
// input should have ended with).
func (t *Tokens) End(after string) error {
	if t.Done() {
		return nil
	}
	tok := t.toks[t.next]
	return Errorf(t.File, tok.Line, "unexpected %q after %s", clip(tok.Text), after)
}

// Int reads the next token as a decimal integer in [lo, hi]; what names it in errors.
func (t *Tokens) Int(what string, lo, hi int) (int, Token, error) {
	tok, err := t.Next(what)
	if err != nil {
		return 0, tok, err
	}
	v, perr := strconv.Atoi(tok.Text)
	if perr != nil {
		return 0, tok, Errorf(t.File, tok.Line, "expected %s (an integer), found %q", what, clip(tok.Text))
	}
	if v < lo || v > hi {
		return 0, tok, Errorf(t.File, tok.Line, "%s must be in %d..%d, found %d", what, lo, hi, v)
	}
	return v, tok, nil
}

// Errorf builds an error at the given line of this input.
func (t *Tokens) Errorf(line int, format string, args ...any) *Error {
	return Errorf(t.File, line, format, args...)
}

// clip shortens a token for an error message, so garbage input cannot flood stderr.
func clip(s string) string {
	const max = 40
	if len(s) > max {
		return s[:max] + "…"
	}
	return s
}

// Clip shortens s for quoting in an error message.
func Clip(s string) string { return clip(s) }
