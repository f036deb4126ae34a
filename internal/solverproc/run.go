package solverproc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
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

// Result is how one run of a solver ended.
type Result struct {
	Stdout     []byte        // everything printed, up to MaxStdout
	StderrTail string        // the last StderrTail bytes of stderr
	ExitCode   int           // the exit status; -1 when killed by a signal
	Signal     string        // the signal that ended it ("killed", "segmentation fault"), or ""
	TimedOut   bool          // the time limit ran out and the process group was killed
	Elapsed    time.Duration // wall time from start to exit
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

// Run starts argv in a process group of its own, writes input to its stdin,
// and waits for it to exit, for at most timeout (0: no limit) or until ctx
// is done. On time out or cancellation the whole group is killed with
// SIGKILL; after any exit the group is killed again, so that children the
// solver left behind do not outlive it. The error is non-nil only when the
// command could not be started (not found, not executable) or ctx ended it.
func Run(ctx context.Context, argv []string, input []byte, timeout time.Duration) (Result, error) {
	if len(argv) == 0 {
		return Result{}, errors.New("empty command")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	var stdout capped
	stdout.max = MaxStdout
	var stderr tail
	cmd.Stdin = bytes.NewReader(input)
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	ownGroup(cmd)
	// A grandchild holding stdout open must not keep Wait waiting forever.
	cmd.WaitDelay = 200 * time.Millisecond

	start := time.Now()
	if err := cmd.Start(); err != nil {
		return Result{}, fmt.Errorf("starting %s: %w", argv[0], err)
	}
	killGroup := func() { killGroup(cmd) }

	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()

	var limit <-chan time.Time
	if timeout > 0 {
		timer := time.NewTimer(timeout)
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

	res.Stdout = stdout.buf.Bytes()
	res.StderrTail = stderr.String()
	if cmd.ProcessState == nil {
		res.ExitCode = -1 // cannot happen after a successful Start
	} else if sig := signalOf(cmd.ProcessState); sig != "" {
		res.ExitCode = -1
		res.Signal = sig
	} else {
		res.ExitCode = cmd.ProcessState.ExitCode()
	}
	_ = waitErr // how it ended is read from ProcessState; ErrWaitDelay only means a child kept stdout open
	if ctxErr != nil {
		return res, ctxErr
	}
	return res, nil
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
