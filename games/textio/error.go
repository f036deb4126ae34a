package textio

import (
	"errors"
	"fmt"
	"strings"
)

// Error is a problem in an input file: where it is and what was expected.
// Line is 1-based; 0 means the problem belongs to the whole file (for example
// a count that the file does not reach before its end).
type Error struct {
	File string
	Line int
	Msg  string
}

// Error formats the problem as "FILE:LINE: message".
func (e *Error) Error() string {
	file := e.File
	if file == "" {
		file = "<stdin>"
	}
	if e.Line <= 0 {
		return fmt.Sprintf("%s: %s", file, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", file, e.Line, e.Msg)
}

// Errorf builds an *Error for file and line.
func Errorf(file string, line int, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// MatchError reports, as an error, how err differs from a *textio.Error at
// file:line whose message contains fragment; nil when it matches. Parser
// tests of every game check their error tables with it.
func MatchError(err error, file string, line int, fragment string) error {
	var te *Error
	if !errors.As(err, &te) {
		return fmt.Errorf("error %v (%T) is not a *textio.Error", err, err)
	}
	if te.File != file || te.Line != line || !strings.Contains(te.Msg, fragment) {
		return fmt.Errorf("got %q, want %s:%d: …%s…", err, file, line, fragment)
	}
	return nil
}
