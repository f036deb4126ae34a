package textio

import (
	"bytes"
	"io"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Scanner reads an input token by token, or line by line, without allocating
// per token: the reader for files of many cases, where splitting the whole
// input into strings up front (Read) costs more than solving the boards.
//
// It splits exactly as Read does, so a parser may move from one to the other
// without changing a single error: tokens are separated by Unicode white
// space (strings.Fields), lines end at '\n' (a '\r' before it is white
// space), and line numbers are 1-based. Only an error's message allocates.
type Scanner struct {
	File  string
	data  []byte
	pos   int // the next byte not yet consumed
	line  int // the line pos stands on
	lines int // how many lines the input has, as len(Tokens.Lines)
}

// NewScanner reads r whole (at most MaxInputBytes) for scanning; file names
// the input in errors.
func NewScanner(r io.Reader, file string) (*Scanner, error) {
	data, err := readInput(r, file)
	if err != nil {
		return nil, err
	}
	return ScanBytes(data, file), nil
}

// ScanBytes scans data, which the Scanner keeps and never changes.
func ScanBytes(data []byte, file string) *Scanner {
	lines := bytes.Count(data, []byte{'\n'})
	if len(data) > 0 && data[len(data)-1] != '\n' {
		lines++ // a last line without its line break
	}
	return &Scanner{File: file, data: data, line: 1, lines: lines}
}

// Offset is the byte offset of the next token in the input, or its length
// at the end.
func (s *Scanner) Offset() int {
	s.skipSpace()
	return s.pos
}

// Size is the input's length in bytes.
func (s *Scanner) Size() int { return len(s.data) }

// Bytes is the input; the caller must not change it.
func (s *Scanner) Bytes() []byte { return s.data }

// From is a new Scanner over the same input, starting at byte offset, where
// a line or a token begins; its lines are numbered as this one's are.
func (s *Scanner) From(offset int) *Scanner {
	at := *s
	at.pos, at.line = offset, 1+bytes.Count(s.data[:offset], []byte{'\n'})
	return &at
}

// Lines is how many lines the input has; the last one may lack its line
// break, and an input ending in a line break has no empty line after it.
func (s *Scanner) Lines() int { return s.lines }

// asciiSpace marks the ASCII bytes unicode.IsSpace accepts.
var asciiSpace = [256]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// spaceAt reports the width of the white space at data[i], or 0 when
// data[i] starts a token.
func spaceAt(data []byte, i int) int {
	c := data[i]
	if c < utf8.RuneSelf {
		if asciiSpace[c] {
			return 1
		}
		return 0
	}
	r, size := utf8.DecodeRune(data[i:])
	if unicode.IsSpace(r) {
		return size
	}
	return 0
}

// skipSpace moves past white space to the next token or the end, counting
// line breaks.
func (s *Scanner) skipSpace() {
	data, pos, line := s.data, s.pos, s.line // locals: the loop reloads no field
	for pos < len(data) {
		c := data[pos]
		if c == '\n' {
			line++
			pos++
			continue
		}
		if c < utf8.RuneSelf {
			if !asciiSpace[c] {
				break
			}
			pos++
			continue
		}
		w := spaceAt(data, pos)
		if w == 0 {
			break
		}
		pos += w
	}
	s.pos, s.line = pos, line
}

// token returns the next token's bytes and line, or ok false at the end.
func (s *Scanner) token() (tok []byte, line int, ok bool) {
	s.skipSpace()
	if s.pos >= len(s.data) {
		return nil, 0, false
	}
	start := s.pos
	for s.pos < len(s.data) && spaceAt(s.data, s.pos) == 0 {
		if s.data[s.pos] < utf8.RuneSelf {
			s.pos++
		} else {
			_, size := utf8.DecodeRune(s.data[s.pos:])
			s.pos += size
		}
	}
	return s.data[start:s.pos], s.line, true
}

// Done reports whether every token has been consumed.
func (s *Scanner) Done() bool {
	s.skipSpace()
	return s.pos >= len(s.data)
}

// Line is the line of the next token, or the last line of the input at its end.
func (s *Scanner) Line() int {
	if s.Done() {
		return s.lines
	}
	return s.line
}

// Next returns the next token; what names the expected token in the error
// at the end of input. Its Text is a new string: Int reads numbers without one.
func (s *Scanner) Next(what string) (Token, error) {
	tok, line, ok := s.token()
	if !ok {
		return Token{}, s.endError(what)
	}
	return Token{Text: string(tok), Line: line}, nil
}

func (s *Scanner) endError(what string) *Error {
	return Errorf(s.File, s.lines, "unexpected end of input: expected %s", what)
}

// Int reads the next token as a decimal integer in [lo, hi], with the
// errors of Tokens.Int; what names it in them. It returns the token's line.
func (s *Scanner) Int(what string, lo, hi int) (v, line int, err error) {
	// The common token, a few digits after spaces and line breaks, is read
	// in one pass over locals; anything else takes the general route.
	data, i, line := s.data, s.pos, s.line
	for i < len(data) {
		if c := data[i]; c != ' ' {
			if c != '\n' {
				break
			}
			line++
		}
		i++
	}
	start, end := i, min(len(data), i+18) // 18 digits cannot overflow an int
	for i < end {
		d := data[i] - '0'
		if d > 9 {
			break
		}
		v = v*10 + int(d)
		i++
	}
	if i == start || i < len(data) && !asciiSpace[data[i]] {
		s.pos, s.line = start, line
		return s.intToken(what, lo, hi)
	}
	s.pos, s.line = i, line
	if v < lo || v > hi {
		return 0, line, s.rangeError(what, v, line, lo, hi)
	}
	return v, line, nil
}

// intToken is Int for a token that is not plain digits before white space.
func (s *Scanner) intToken(what string, lo, hi int) (int, int, error) {
	tok, line, ok := s.token()
	if !ok {
		return 0, 0, s.endError(what)
	}
	v, ok := atoi(tok)
	if !ok {
		return 0, line, Errorf(s.File, line, "expected %s (an integer), found %q", what, clip(string(tok)))
	}
	if v < lo || v > hi {
		return 0, line, s.rangeError(what, v, line, lo, hi)
	}
	return v, line, nil
}

func (s *Scanner) rangeError(what string, v, line, lo, hi int) error {
	return Errorf(s.File, line, "%s must be in %d..%d, found %d", what, lo, hi, v)
}

// atoi is strconv.Atoi on bytes: the common short token of digits without a
// string, anything longer or signed through Atoi itself, so that what it
// accepts is exactly what Atoi accepts.
func atoi(tok []byte) (int, bool) {
	if len(tok) == 0 || len(tok) > 18 || tok[0] < '0' || tok[0] > '9' {
		v, err := strconv.Atoi(string(tok))
		return v, err == nil
	}
	v := 0
	for _, c := range tok {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// End checks that every token has been consumed, with the error of
// Tokens.End.
func (s *Scanner) End(after string) error {
	if s.Done() {
		return nil
	}
	return Errorf(s.File, s.line, "unexpected %q after %s", clip(string(s.rest())), after)
}

// rest is the next token's bytes, without consuming it.
func (s *Scanner) rest() []byte {
	pos, line := s.pos, s.line
	tok, _, _ := s.token()
	s.pos, s.line = pos, line
	return tok
}

// NextLine returns the next whole line, without its '\n', and its number;
// ok is false at the end of input. It must not be mixed with the token
// methods in the middle of a line.
func (s *Scanner) NextLine() (text []byte, line int, ok bool) {
	if s.pos >= len(s.data) {
		return nil, 0, false
	}
	rest := s.data[s.pos:]
	n := bytes.IndexByte(rest, '\n')
	line = s.line
	if n < 0 {
		s.pos = len(s.data)
		return rest, line, true
	}
	s.pos += n + 1
	s.line++
	return rest[:n], line, true
}

// Fields puts the white-space-separated fields of line into dst, as many as
// fit, and returns how many fields line has in all: strings.Fields without
// the allocation.
func Fields(line []byte, dst [][]byte) int {
	n := 0
	for i := 0; i < len(line); {
		if w := spaceAt(line, i); w > 0 {
			i += w
			continue
		}
		start := i
		for i < len(line) && spaceAt(line, i) == 0 {
			if line[i] < utf8.RuneSelf {
				i++
			} else {
				_, size := utf8.DecodeRune(line[i:])
				i += size
			}
		}
		if n < len(dst) {
			dst[n] = line[start:i]
		}
		n++
	}
	return n
}

// Errorf builds an error at the given line of this input.
func (s *Scanner) Errorf(line int, format string, args ...any) *Error {
	return Errorf(s.File, line, format, args...)
}
