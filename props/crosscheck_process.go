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
	Argv []string
	// Timeout is the CPU time limit of one run: user and system time of
	// the solver and every process it starts (on Linux; wall time
	// elsewhere). 0: no limit.
	Timeout time.Duration
	// Idle is the idleness limit of one run, in wall-clock time, which
	// stops a solver that sleeps or waits; 0 means
	// solverproc.DefaultIdle(Timeout).
	Idle time.Duration
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
	return RunProcess(ctx, p.Argv, input, p.Timeout, p.Idle, p.Memory)
}

// RunProcess runs argv as ProcessSolver does, with a CPU time limit, an
// idleness limit (0: solverproc.DefaultIdle(cpu)) and a memory limit (0:
// none), and turns how it ended into a RunResult.
func RunProcess(ctx context.Context, argv []string, input []byte, cpu, idle time.Duration, memory int64) (RunResult, error) {
	r, err := solverproc.Run(ctx, argv, input, solverproc.Limits{Time: cpu, Idle: idle, Memory: memory})
	return RunResult{
		Stdout: r.Stdout, StdoutDropped: r.StdoutDropped, StderrTail: r.StderrTail, ExitCode: r.ExitCode,
		Signal: r.Signal, TimedOut: r.TimedOut, Idle: r.Idle, CPU: r.CPU, Elapsed: r.Elapsed,
		Leftovers: r.Leftovers, OverMemory: r.OverMemory, MemoryNote: r.MemoryNote, PeakRSS: r.PeakRSS,
	}, err
}

// DefaultIdle is the idleness limit that goes with a CPU time limit when
// none is given: five times it, and at least 10 s more.
func DefaultIdle(cpu time.Duration) time.Duration { return solverproc.DefaultIdle(cpu) }

// errEmptyCommand is a --solver with no words.
var errEmptyCommand = errors.New("empty solver command")
