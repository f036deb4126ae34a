package textio

import "fmt"

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
