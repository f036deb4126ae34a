package programs

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/internal/solverproc"
	"github.com/chancecheck/chancecheck/props"
)

// Program is one program of a game: it runs with extra arguments and an
// input on stdin. The error is for a program that could not be started at
// all; how it ended is in the props.RunResult. With Stress.Jobs above 1,
// Run is called from several goroutines at once.
type Program interface {
	Run(ctx context.Context, args []string, input []byte) (props.RunResult, error)
	// String is the command line, for reproductions: a Command's words
	// quoted for a shell.
	String() string
}

// Command is a Program run as a real process: Argv and the extra
// arguments, the input on stdin, killed with every process it started past
// Timeout of CPU time (0: no limit) or Idle of wall-clock time (0:
// props.DefaultIdle(Timeout)) and, on Linux, limited to Memory bytes (0:
// no limit), by the rules of internal/solverproc, as props.ProcessSolver
// is.
type Command struct {
	Argv    []string
	Line    string // the command line Argv was split from, for String
	Timeout time.Duration
	Idle    time.Duration
	Memory  int64
}

// NewCommand splits a command line the way a shell splits a simple command
// (quotes and backslashes, no expansions).
func NewCommand(cmdline string, timeout time.Duration) (*Command, error) {
	argv, err := solverproc.Split(cmdline)
	if err != nil {
		return nil, fmt.Errorf("command %q: %w", cmdline, err)
	}
	if len(argv) == 0 {
		return nil, errors.New("empty command")
	}
	return &Command{Argv: argv, Line: strings.TrimSpace(cmdline), Timeout: timeout}, nil
}

// MustCommand is NewCommand without a time limit, panicking on a command
// line that does not split: for command lines written in code.
func MustCommand(cmdline string) *Command {
	c, err := NewCommand(cmdline, 0)
	if err != nil {
		panic(err)
	}
	return c
}

// Run implements Program.
func (c *Command) Run(ctx context.Context, args []string, input []byte) (props.RunResult, error) {
	argv := append(append([]string(nil), c.Argv...), args...)
	return props.RunProcess(ctx, argv, input, c.Timeout, c.Idle, c.Memory)
}

// String implements Program: the words run, each quoted for a shell, so
// that a reproduction line does in a shell what was run (Line, as the user
// wrote it, may hold $VARS, globs or ';' that a shell would expand and the
// split did not).
func (c *Command) String() string { return shellJoin(c.Argv) }

// Func is a Program in-process, for tests and embedders: it returns the
// program's stdout, and an error stands for a crash (exit status 1, the
// error's text on stderr).
type Func struct {
	Name string // for String
	Fn   func(args []string, input []byte) ([]byte, error)
}

// Run implements Program.
func (f Func) Run(_ context.Context, args []string, input []byte) (props.RunResult, error) {
	out, err := f.Fn(args, input)
	if err != nil {
		return props.RunResult{Stdout: out, StderrTail: err.Error(), ExitCode: 1}, nil
	}
	return props.RunResult{Stdout: out}, nil
}

// String implements Program.
func (f Func) String() string { return f.Name }

// Role names the part a program plays in a game.
type Role string

// The roles.
const (
	RoleGenerator Role = "generator"
	RoleReferee   Role = "referee"
	RoleBrute     Role = "brute force"
	RoleSolver    Role = "solver"
)

// Fault is a run of a program that went wrong, classified as check
// classifies a solver's: time limit, crash, memory limit or output format.
type Fault struct {
	Role    Role
	Verdict props.Verdict
	Command string // the command line with its arguments, as run
	Detail  string // exit status, stderr's tail, what is wrong with the output
	// Input is what the program read on stdin (a referee's, a brute
	// force's or a validator's input), and Generator the generator's
	// command line that printed it; both empty for the generator's own
	// faults, but for an input the validator rejects: Input is that input,
	// and Validator the validator's command line.
	Input     []byte
	Generator string
	Validator string
	// Inconsistent says that the program (a brute force) gave two answers
	// to the same input: Verdict is then props.WrongAnswer, and Detail has
	// both answers.
	Inconsistent bool
	// NoProgramTakes says that the generator is blamed because every
	// program that reads inputs failed on its output (Input), the solver
	// included: there was no validator to ask.
	NoProgramTakes bool
	// Declined says that the program (a brute force, a referee) said it
	// cannot judge the input (cannotjudge.go): no fault, Detail its reason.
	Declined bool
	// Assumption, for a referee's outcome outside the stated range of
	// outcomes, names the flag that stated it (--max-outcome or
	// --min-outcome): the user's assumption failed (or the referee is
	// wrong); neither is the referee's output format, nor the solver's
	// fault.
	Assumption string
}

func (f *Fault) Error() string {
	if f.Declined {
		return fmt.Sprintf("the %s cannot judge this input: %s: %s", f.Role, f.Command, f.Detail)
	}
	if f.Assumption != "" {
		return fmt.Sprintf("the stated assumption %s failed: the %s %s printed %s", f.Assumption, f.Role, f.Command, f.Detail)
	}
	if f.Inconsistent {
		return fmt.Sprintf("the %s is inconsistent: %s: %s", f.Role, f.Command, f.Detail)
	}
	return fmt.Sprintf("the %s failed (%s): %s: %s", f.Role, f.Verdict, f.Command, f.Detail)
}

// run runs p and classifies how it ended; a nil Fault is a clean exit. A
// run that ctx ended (an interruption) is ctx's error, never a verdict:
// the program was killed by the harness, not by its own fault.
func run(ctx context.Context, role Role, p Program, args []string, input []byte) ([]byte, *Fault, error) {
	res, fault, err := runUsage(ctx, role, p, args, input)
	return res.Stdout, fault, err
}

// runUsage is run with the run's result, whose usage (CPU time, peak
// memory) the closest calls show: the run alone's where it was confirmed
// alone. The result is zero unless the run ended cleanly.
func runUsage(ctx context.Context, role Role, p Program, args []string, input []byte) (props.RunResult, *Fault, error) {
	res, err := p.Run(ctx, args, input)
	countCPU(ctx, res.CPU)
	if ctx.Err() != nil {
		return props.RunResult{}, nil, ctx.Err() // an interruption is no verdict
	}
	if why, ok := declined(role, res); err == nil && ok {
		return props.RunResult{}, &Fault{Role: role, Command: commandLine(p, args), Detail: why, Declined: true}, nil
	}
	var v props.Verdict
	var detail string
	if err == nil {
		res, v, detail, err = confirm(ctx, role, p, args, input, res)
	}
	if ctx.Err() != nil {
		return props.RunResult{}, nil, ctx.Err()
	}
	if err != nil {
		return props.RunResult{}, nil, fmt.Errorf("a program %w: the %s %s: %v", props.ErrStart, role, p, err)
	}
	if v != props.Accepted {
		return props.RunResult{}, &Fault{Role: role, Verdict: v, Command: commandLine(p, args), Detail: detail}, nil
	}
	return res, nil, nil
}

// stderrTail is the end of a run's stderr for a fault's detail, or "".
func stderrTail(res props.RunResult) string {
	if t := strings.TrimSpace(res.StderrTail); t != "" {
		return "\nstderr (tail):\n" + t
	}
	return ""
}

// commandLine is p's command line followed by args, quoted for a shell.
func commandLine(p Program, args []string) string {
	if len(args) == 0 {
		return p.String()
	}
	return p.String() + " " + shellJoin(args)
}

func shellJoin(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = ShellQuote(w)
	}
	return strings.Join(q, " ")
}

// ShellQuote quotes s for a POSIX shell when it needs quoting.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+=:@%,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// firstLine is the first line of s.
func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

func clipOutput(s string) string {
	const limit = 4096
	if len(s) > limit {
		return s[:limit] + fmt.Sprintf("\n… (%d more bytes)", len(s)-limit)
	}
	return s
}
