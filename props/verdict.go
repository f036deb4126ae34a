package props

import (
	"fmt"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/internal/solverproc"
)

// Verdicts have one home, for check and stress alike: the verdicts
// (Verdict), how a run ended (RunResult.Ended), and the predicates on them:
// which verdicts a loaded machine can cause, and so are confirmed by a run
// alone before they count (Confirmable; alone.go holds that policy and its
// words), and which say the run ran out of its time (OutOfTime): for a
// solver a verdict (never shrunk by check: each try would cost the whole
// limit), for a brute force or a referee no fault, only an input it cannot
// judge. Whether a verdict that did not recur alone is the program's own
// is SolversOwn. Whether a program ended by an exit of its own, within its
// limits — so that its exit status says something (a validator's
// rejection, a brute force that cannot judge) — is RunResult.Exited.

// Verdict is how a solver did on one input, in the words of a contest judge.
type Verdict int

// The verdicts. Every fault is a verdict of its own, never a pass.
const (
	Accepted     Verdict = iota
	WrongAnswer          // a parsed answer outside the judge's tolerance
	TimeLimit            // over the CPU time limit: the solver and everything it started were killed
	Crash                // a non-zero exit status or a signal
	OutputFormat         // too few or too many answers, or one that is not a finite number
	MemoryLimit          // over the memory limit (ProcessSolver.Memory; the rule is internal/solverproc's)
	// IdleLimit: still running at the idleness limit (wall-clock time) with
	// CPU time to spare: the solver slept or waited (ProcessSolver.Idle).
	IdleLimit
	// Flaky: a crash of the solver's own doing (a non-zero exit status, or
	// a signal it raised, not a SIGKILL from outside) or an output-format
	// failure that did not recur when the input was run again with no
	// other solver of the check running. A machine does not make a solver
	// crash or print garbage, so it is the solver's fault; the detail says
	// what both runs saw.
	Flaky
)

// LastVerdict is the last verdict, for loops over them all.
const LastVerdict = Flaky

// verdictNames are the verdicts as a judge words them.
var verdictNames = [...]string{"accepted", "wrong answer", "time limit", "crash", "output format", "memory limit", "idleness limit", "flaky"}

func (v Verdict) String() string {
	if v >= 0 && int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("verdict(%d)", int(v))
}

// OutOfTime reports whether v is a time or an idleness limit.
func (v Verdict) OutOfTime() bool { return v == TimeLimit || v == IdleLimit }

// Confirmable reports whether v is one a busy machine can cause — a time
// or idleness limit, a crash, an output cut short — and so is confirmed by
// running the input again with no other program of the run running before
// it counts.
func (v Verdict) Confirmable() bool { return v.OutOfTime() || v == Crash || v == OutputFormat }

// SolversOwn reports whether a failure v of run res, should it not recur,
// is the solver's doing all the same: a crash by a non-zero exit status or
// a signal the solver raised (SIGSEGV, SIGABRT, SIGFPE…, not the SIGKILL
// that the system's OOM killer or anyone else sends from outside), or an
// output-format failure. A time or idleness limit that does not recur is
// the machine's.
func SolversOwn(v Verdict, res RunResult) bool {
	switch v {
	case OutputFormat:
		return true
	case Crash:
		return res.Signal != solverproc.SignalKilled
	}
	return false
}

// RunResult is how one run of a solver ended.
type RunResult struct {
	Stdout []byte
	// StdoutDropped is how many bytes the program printed past the most
	// kept (solverproc.MaxStdout), and were dropped: such a run is an
	// output-format fault (Ended), never its cut output taken as whole.
	StdoutDropped int64
	StderrTail    string // the end of stderr, for crash reports
	ExitCode      int    // -1 when ended by a signal
	Signal        string // the signal's name, or ""
	TimedOut      bool   // over the CPU time limit
	// Idle says the run was killed at the idleness limit (wall-clock
	// time) with CPU time to spare.
	Idle    bool
	CPU     time.Duration // CPU time of the solver and what it started; 0 where not known
	Elapsed time.Duration // wall time
	// Leftovers names the processes the solver left running when it
	// exited, which were killed (internal/solverproc's Result.Leftovers).
	Leftovers []string
	// OverMemory says why the run counts as over the memory limit; "" when
	// it does not (or there is none). It makes the MemoryLimit verdict.
	OverMemory string
	// MemoryNote, for a crash under a memory limit that is not counted as
	// the limit, says why not; it goes with the crash's details.
	MemoryNote string
	// PeakRSS is the solver's peak resident memory in bytes; 0 where not
	// known.
	PeakRSS int64
}

// OutOfTime reports whether the run was killed at its time or idleness
// limit: Ended's verdict is then one that is OutOfTime.
func (r RunResult) OutOfTime() bool { return r.TimedOut || r.Idle }

// Crashed reports whether the run ended with a non-zero exit status or a
// signal, before any time limit.
func (r RunResult) Crashed() bool {
	return !r.OutOfTime() && (r.Signal != "" || r.ExitCode != 0)
}

// Exited reports whether the program ended by an exit of its own, with
// any status, within its limits: not killed at a time, idleness or memory
// limit, nor by a signal. Only then does its exit status say something: a
// validator's rejection, a program that says it cannot judge its input.
func (r RunResult) Exited() bool {
	return !r.OutOfTime() && r.OverMemory == "" && r.Signal == ""
}

// Ended says how a run that did not exit cleanly in time ended — a time
// limit, a memory limit or a crash — with the detail its verdict shows
// (how long, the exit status or signal, stderr's tail); Accepted and ""
// for a run that exited 0 in time, whose output is yet to be judged.
func (r RunResult) Ended() (Verdict, string) {
	switch {
	case r.TimedOut:
		return TimeLimit, fmt.Sprintf("%s, over the CPU time limit: it and every process it started were killed", r.Usage())
	case r.Idle:
		return IdleLimit, fmt.Sprintf("%s: it slept or waited, and it and every process it started were killed", r.Usage())
	case r.OverMemory != "":
		return MemoryLimit, r.OverMemory + stderrTail(r)
	case r.StdoutDropped > 0:
		return OutputFormat, fmt.Sprintf("it printed %d bytes, past the %d MiB of output kept: its output is not read cut short", int64(len(r.Stdout))+r.StdoutDropped, solverproc.MaxStdout>>20)
	case r.Crashed():
		how := fmt.Sprintf("exit status %d", r.ExitCode)
		if r.Signal != "" {
			how = "killed by signal: " + r.Signal
		}
		if r.MemoryNote != "" {
			how += " " + r.MemoryNote
		}
		return Crash, how + stderrTail(r)
	}
	return Accepted, ""
}

// Usage says the run's CPU and wall time: "0.51 s CPU in 1.2 s wall", or
// the wall time alone where the CPU time is not known.
func (r RunResult) Usage() string {
	if r.CPU <= 0 {
		return fmt.Sprintf("%.2f s wall", r.Elapsed.Seconds())
	}
	return fmt.Sprintf("%.2f s CPU in %.2f s wall", r.CPU.Seconds(), r.Elapsed.Seconds())
}

// stderrTail is the end of a run's stderr for a verdict's details, or "".
func stderrTail(res RunResult) string {
	if t := strings.TrimSpace(res.StderrTail); t != "" {
		return "\nstderr (tail):\n" + t
	}
	return ""
}
