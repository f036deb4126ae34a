package props

import (
	"context"
	"errors"
	"time"

	"github.com/chancecheck/chancecheck/internal/solverproc"
)

// ProcessSolver is a solver run as a real process: Argv with the input on
// stdin, killed with its whole process group after Timeout.
type ProcessSolver struct {
	Argv    []string
	Timeout time.Duration // 0: no limit
}

// NewProcessSolver splits a command line the way a shell splits a simple
// command (quotes and backslashes, no expansions) into a ProcessSolver.
func NewProcessSolver(cmdline string, timeout time.Duration) (*ProcessSolver, error) {
	argv, err := solverproc.Split(cmdline)
	if err != nil {
		return nil, err
	}
	if len(argv) == 0 {
		return nil, errEmptyCommand
	}
	return &ProcessSolver{Argv: argv, Timeout: timeout}, nil
}

// Run implements Runner.
func (p *ProcessSolver) Run(ctx context.Context, input []byte) (RunResult, error) {
	r, err := solverproc.Run(ctx, p.Argv, input, p.Timeout)
	return RunResult{
		Stdout: r.Stdout, StderrTail: r.StderrTail, ExitCode: r.ExitCode,
		Signal: r.Signal, TimedOut: r.TimedOut, Elapsed: r.Elapsed,
	}, err
}

// errEmptyCommand is a --solver with no words.
var errEmptyCommand = errors.New("empty solver command")
