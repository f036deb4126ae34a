package cli

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/programs"
)

// stdinCounter counts the bytes read from it: an input of size bytes of
// '7'.
type stdinCounter struct {
	left, read int64
}

func (c *stdinCounter) Read(p []byte) (int, error) {
	if c.left == 0 {
		return 0, io.EOF
	}
	n := int64(len(p))
	n = min(n, c.left)
	for i := range n {
		p[i] = '7'
	}
	c.left -= n
	c.read += n
	return int(n), nil
}

// programs solve reads stdin as it reads a file: no further than the cap,
// a larger input refused with the cap named (issue 29: a 100 MB input on
// stdin was read whole, 600 MB of memory, when a file was capped already).
func TestProgramsSolveStdinCapped(t *testing.T) {
	game := []string{"programs", "--kind", "expectation", "--generator", "echo 1", "--referee", "echo 1", "--brute", "echo 1"}
	for _, tc := range []struct {
		size int64
		code int
		want string
	}{
		{4 * programs.MaxInput, 1, "<stdin>: the input is over 16 MiB"},
		{programs.MaxInput + 1, 1, "<stdin>: the input is over 16 MiB"},
	} {
		for _, file := range [][]string{{}, {"-"}} {
			stdin := &stdinCounter{left: tc.size}
			var out, errOut strings.Builder
			args := append(append(append([]string{}, game...), "solve"), file...)
			code := Run(context.Background(), args, stdin, &out, &errOut, builtins()...)
			if code != tc.code || !strings.Contains(errOut.String(), tc.want) {
				t.Errorf("%d bytes, solve %v: exit %d, stderr %q; want %d with %q", tc.size, file, code, errOut.String(), tc.code, tc.want)
			}
			// The parser reads in blocks: a block past the cap at most.
			if stdin.read > programs.MaxInput+64<<10 {
				t.Errorf("%d bytes, solve %v: read %d bytes of stdin, past the cap of %d", tc.size, file, stdin.read, programs.MaxInput)
			}
		}
	}
}
