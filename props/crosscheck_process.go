package props

import (
	"context"
	"errors"
	"time"

	"github.com/chancecheck/chancecheck/internal/solverproc"
)

// ProcessSolver is a solver run as a real process: Argv with the input on
// stdin, killed with its whole process group after Timeout, and on Linux
// run under a memory limit of Memory bytes. It is safe for concurrent use.
type ProcessSolver struct {
	Argv    []string
	Timeout time.Duration // 0: no limit
	// Memory limits the solver's memory (0: no limit; Linux only, see
	// CanLimitMemory). Going over it is the MemoryLimit verdict, by the
	// rule of internal/solverproc/memory.go: a peak resident memory over
	// the limit, or a crash that stderr says was an allocation failing
	// (bad_alloc, "out of memory", MemoryError, ...), or whose peak reached
	// 90% of the limit, or that does not crash when run again with 1 GiB
	// more. The limit itself is RLIMIT_DATA (heap and mapped memory), not
	// the address space, which Go, Java and Node runtimes reserve far
	// beyond what they use.
	Memory int64
}

// CanLimitMemory returns nil where ProcessSolver.Memory is enforced (Linux),
// and an error saying so elsewhere.
func CanLimitMemory() error { return solverproc.CanLimitMemory() }

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
	r, err := solverproc.Run(ctx, p.Argv, input, solverproc.Limits{Time: p.Timeout, Memory: p.Memory})
	return RunResult{
		Stdout: r.Stdout, StderrTail: r.StderrTail, ExitCode: r.ExitCode,
		Signal: r.Signal, TimedOut: r.TimedOut, Elapsed: r.Elapsed,
		OverMemory: r.OverMemory, MemoryNote: r.MemoryNote,
	}, err
}

// errEmptyCommand is a --solver with no words.
var errEmptyCommand = errors.New("empty solver command")
