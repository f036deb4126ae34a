package solverproc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
)

// Limits on what is kept of a solver's output.
const (
	// MaxStdout is the most stdout kept; a solver printing more is cut there
	// (its answers are then unparsable, an output-format verdict).
	MaxStdout = 16 << 20
	// StderrTail is how much of the end of stderr is kept for crash reports.
	StderrTail = 2048
)

// Limits are what one run of a solver may use.
type Limits struct {
	// Time is the wall-time limit; 0: none.
	Time time.Duration
	// Memory is the memory limit in bytes (Linux only; see ErrNoMemoryLimit
	// and the rule in memory.go); 0: none.
	Memory int64
}

// Result is how one run of a solver ended.
type Result struct {
	Stdout     []byte        // everything printed, up to MaxStdout
	StderrTail string        // the last StderrTail bytes of stderr
	ExitCode   int           // the exit status; -1 when killed by a signal
	Signal     string        // the signal that ended it ("killed", "segmentation fault"), or ""
	TimedOut   bool          // the time limit ran out and the process group was killed
	Elapsed    time.Duration // wall time from start to exit
	// PeakRSS is the solver's peak resident memory in bytes, where the
	// system reports it (Linux); 0 when it is not known. Under a memory
	// limit it is not known when it did not exceed the peak of the program
	// that set the limit before exec (a high-water mark that exec keeps).
	PeakRSS int64
	// OverMemory says why the run counts as over Limits.Memory; "" when it
	// does not, or no limit was set.
	OverMemory string
	// MemoryNote says, for a crash under a memory limit that does not
	// count as the limit, why it does not.
	MemoryNote string
}

// Crashed reports whether the solver ended abnormally on its own: a non-zero
// exit status or a signal, before the time limit.
func (r Result) Crashed() bool { return !r.TimedOut && (r.ExitCode != 0 || r.Signal != "") }

// Describe says in a few words how the run ended: "exit status 3",
// "signal segmentation fault", "killed after 2s".
func (r Result) Describe() string {
	switch {
	case r.TimedOut:
		return fmt.Sprintf("killed after %v", r.Elapsed.Round(time.Millisecond))
	case r.Signal != "":
		return "signal " + r.Signal
	default:
		return fmt.Sprintf("exit status %d", r.ExitCode)
	}
}

// CanLimitMemory returns nil where Run can enforce Limits.Memory, and
// ErrNoMemoryLimit elsewhere.
func CanLimitMemory() error { return canLimitMemory() }

// Run starts argv in a process group of its own, writes input to its stdin,
// and waits for it to exit, for at most lim.Time (0: no limit) or until ctx
// is done. On time out or cancellation the whole group is killed with
// SIGKILL; after any exit the group is killed again, so that children the
// solver left behind do not outlive it. With lim.Memory, the solver runs
// under that memory limit and Result.OverMemory says whether it went over
// (memory.go). The error is non-nil only when the command could not be
// started (not found, not executable, a memory limit where there is none)
// or ctx ended it.
func Run(ctx context.Context, argv []string, input []byte, lim Limits) (Result, error) {
	res, alloc, err := runOnce(ctx, argv, input, lim)
	if err != nil || lim.Memory <= 0 {
		return res, err
	}
	res.OverMemory = overMemory(lim.Memory, res, alloc)
	if res.OverMemory == "" && res.Crashed() {
		res.OverMemory = staticOverLimit(argv[0], lim.Memory, res)
	}
	if res.OverMemory == "" && res.Crashed() {
		res.OverMemory, res.MemoryNote = rerunCrash(ctx, argv, input, lim, res)
	}
	return res, nil
}

// runOnce is one run of Run, without the judgement of the memory limit; it
// returns the allocation failure stderr names, if any.
func runOnce(ctx context.Context, argv []string, input []byte, lim Limits) (Result, string, error) {
	if len(argv) == 0 {
		return Result{}, "", errors.New("empty command")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	var status *os.File
	started := func() {}
	if lim.Memory > 0 {
		var err error
		if cmd, status, started, err = limitedCommand(argv, lim.Memory); err != nil {
			return Result{}, "", fmt.Errorf("starting %s: %w", argv[0], err)
		}
	}
	var stdout capped
	stdout.max = MaxStdout
	var stderr tail
	var alloc allocWatch
	cmd.Stdin = bytes.NewReader(input)
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if lim.Memory > 0 {
		cmd.Stderr = io.MultiWriter(&stderr, &alloc)
	}
	ownGroup(cmd)
	// A grandchild holding stdout open must not keep Wait waiting forever.
	cmd.WaitDelay = 200 * time.Millisecond

	start := time.Now()
	err := cmd.Start()
	started()
	if err != nil {
		if status != nil {
			status.Close()
		}
		return Result{}, "", fmt.Errorf("starting %s: %w", argv[0], err)
	}
	killGroup := func() { killGroup(cmd) }

	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()

	var limit <-chan time.Time
	if lim.Time > 0 {
		timer := time.NewTimer(lim.Time)
		defer timer.Stop()
		limit = timer.C
	}
	var res Result
	var waitErr, ctxErr error
	select {
	case waitErr = <-done:
	case <-limit:
		killGroup()
		res.TimedOut = true
		waitErr = <-done
	case <-ctx.Done():
		killGroup()
		ctxErr = ctx.Err()
		waitErr = <-done
	}
	res.Elapsed = time.Since(start)
	killGroup()

	var helperPeak int64
	if status != nil {
		var err error
		if helperPeak, err = execStatus(status); err != nil {
			return Result{}, "", fmt.Errorf("starting %s: %w", argv[0], err)
		}
	}
	res.Stdout = stdout.buf.Bytes()
	res.StderrTail = stderr.String()
	if cmd.ProcessState == nil {
		res.ExitCode = -1 // cannot happen after a successful Start
	} else {
		if sig := signalOf(cmd.ProcessState); sig != "" {
			res.ExitCode = -1
			res.Signal = sig
		} else {
			res.ExitCode = cmd.ProcessState.ExitCode()
		}
		if peak := peakRSS(cmd.ProcessState); peak > helperPeak {
			res.PeakRSS = peak
		}
	}
	_ = waitErr // how it ended is read from ProcessState; ErrWaitDelay only means a child kept stdout open
	return res, alloc.found, ctxErr
}

// capped is a buffer that keeps at most max bytes and drops the rest.
type capped struct {
	buf bytes.Buffer
	max int
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// tail keeps the last StderrTail bytes written to it.
type tail struct{ b []byte }

func (t *tail) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > 2*StderrTail {
		t.b = append(t.b[:0], t.b[len(t.b)-StderrTail:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	if len(t.b) > StderrTail {
		return string(t.b[len(t.b)-StderrTail:])
	}
	return string(t.b)
}
