package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/chancecheck/chancecheck/internal/safefile"
	"github.com/spf13/cobra"
)

// Exit statuses.
const (
	exitOK      = 0
	exitFailed  = 1 // a check failed or the input is invalid
	exitUsage   = 2 // the command line is wrong
	exitUnknown = exitFailed
	// exitInterrupted: an interrupt or SIGTERM stopped the run before its
	// verdict (128 + SIGINT, as a shell reports a command Ctrl-C stopped).
	exitInterrupted = 130
)

// usageError marks an error in the command line itself (exit 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// programError marks a run stopped by a fault of a program other than the
// solver (a generator, a referee, a brute force): exit 2, as the run
// could not judge the solver, but the command line was right, so there is
// no pointer to the help.
type programError struct{ err error }

func (e programError) Error() string { return e.err.Error() }
func (e programError) Unwrap() error { return e.err }

// errUsageSaid is a usage error that a command has printed already (a
// command run inside another): exit 2 without another message.
var errUsageSaid = errors.New("a usage error, printed above")

// errInterrupted is returned when an interrupt stopped a run that has
// printed what it found so far: no verdict on anyone, exit 130.
var errInterrupted = errors.New("interrupted")

// interrupted says on stderr what an interrupt stopped and returns
// errInterrupted (exit 130): no verdict on anyone.
func interrupted(cmd *cobra.Command, format string, args ...any) error {
	fmt.Fprintf(cmd.ErrOrStderr(), format+"\n", args...)
	return errInterrupted
}

// errCheckFailed is returned when the command ran but found a disagreement:
// exit 1 without an extra message (the command has printed its findings).
var errCheckFailed = errors.New("a check failed")

// reportError prints err on stderr, with a pointer to the help of
// command (its path: "chancecheck check") for a usage error, and returns
// the exit status it means.
func (app App) reportError(stderr io.Writer, err error, command string) int {
	if err == nil {
		return exitOK
	}
	if errors.Is(err, errCheckFailed) {
		return exitFailed
	}
	if errors.Is(err, errUsageSaid) {
		return exitUsage
	}
	if errors.Is(err, errInterrupted) {
		return exitInterrupted
	}
	fmt.Fprintln(terminalSafe(stderr), err) // it may quote a program's output
	var pe programError
	if errors.As(err, &pe) {
		return exitUsage
	}
	var ue usageError
	// cobra's own "unknown command" has no type of its own to test for.
	if errors.As(err, &ue) || strings.HasPrefix(err.Error(), "unknown command ") {
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", command)
		return exitUsage
	}
	return exitUnknown
}

// claimOut claims an output directory before a run (safefile.ClaimDir):
// a directory that cannot be made or written is a usage error, one that
// another run is writing is exit 2 too, with no pointer to the help.
func claimOut(flag, dir string) (*safefile.Claim, error) {
	c, err := safefile.ClaimDir(flag, dir)
	switch {
	case errors.Is(err, safefile.ErrBusy):
		return nil, programError{err}
	case err != nil:
		return nil, usageError{err}
	}
	return c, nil
}
