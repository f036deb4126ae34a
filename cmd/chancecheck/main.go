// Command chancecheck proves solvers for games of chance right: it solves
// boards exactly, simulates them with a referee that plays the literal rules,
// generates random valid boards, and checks that all of them agree.
//
// Exit status: 0 success, 1 a check failed or the input is invalid, 2 a usage
// error. Errors go to stderr as "FILE:LINE: what is wrong".
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes the command line args and returns the exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCommand(stdin, stdout, stderr)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	return reportError(stderr, err)
}
