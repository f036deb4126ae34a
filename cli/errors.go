package cli

import (
	"errors"
	"fmt"
	"io"
)

// Exit statuses.
const (
	exitOK      = 0
	exitFailed  = 1 // a check failed or the input is invalid
	exitUsage   = 2 // the command line is wrong
	exitUnknown = exitFailed
)

// usageError marks an error in the command line itself (exit 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// errCheckFailed is returned when the command ran but found a disagreement:
// exit 1 without an extra message (the command has printed its findings).
var errCheckFailed = errors.New("a check failed")

// reportError prints err on stderr, with a pointer to the help for a usage
// error, and returns the exit status it means.
func (p Program) reportError(stderr io.Writer, err error) int {
	if err == nil {
		return exitOK
	}
	if errors.Is(err, errCheckFailed) {
		return exitFailed
	}
	fmt.Fprintln(stderr, err)
	var ue usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", p.Name)
		return exitUsage
	}
	return exitUnknown
}
