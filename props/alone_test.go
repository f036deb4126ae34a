package props

import (
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/internal/solverproc"
)

// One policy decides a fault run again alone, for check and stress alike:
// a fault that recurs is confirmed; one that does not is the program's all
// the same when the program made it (a crash by its own exit or signal, an
// output format), else the machine's (a time or idleness limit, a SIGKILL
// from outside). The rows are the cases of both former copies.
func TestRerun(t *testing.T) {
	exited := RunResult{ExitCode: 3}
	segv := RunResult{ExitCode: -1, Signal: "segmentation fault"}
	killed := RunResult{ExitCode: -1, Signal: solverproc.SignalKilled}
	for _, tt := range []struct {
		name     string
		first    Verdict
		res      RunResult
		accepted bool
		want     RerunOutcome
	}{
		{"time limit, recurs", TimeLimit, RunResult{TimedOut: true}, false, Recurred},
		{"time limit, clean alone", TimeLimit, RunResult{TimedOut: true}, true, RerunClean},
		{"idleness limit, clean alone", IdleLimit, RunResult{Idle: true}, true, RerunClean},
		{"crash by exit status, clean alone", Crash, exited, true, RerunFlaky},
		{"crash by its own signal, clean alone", Crash, segv, true, RerunFlaky},
		{"SIGKILL from outside, clean alone", Crash, killed, true, RerunClean},
		{"crash, recurs", Crash, exited, false, Recurred},
		{"output format, clean alone", OutputFormat, RunResult{}, true, RerunFlaky},
		{"output format, recurs", OutputFormat, RunResult{}, false, Recurred},
	} {
		if got := Rerun(tt.first, tt.res, tt.accepted); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
}

// The words of a run again alone, as check and stress said them before
// they shared them (written out by hand from the two former copies).
func TestAloneWords(t *testing.T) {
	again := RunResult{CPU: 250 * time.Millisecond, Elapsed: 500 * time.Millisecond}
	for _, tt := range []struct{ got, want string }{
		{CheckAlone.Confirmed(TimeLimit), "\n(confirmed: run again with no other solver of this check running; the first run: time limit)"},
		{StressAlone.Confirmed(Crash), "\n(confirmed: run again with no other solver of this run running; the first run: crash)"},
		{CheckAlone.Flaky(Crash, "exit status 3", again),
			"the first run: crash: exit status 3\nrun again with no other solver of this check running, it was accepted (0.25 s CPU in 0.50 s wall)"},
		{StressAlone.Flaky(OutputFormat, "no answer", again),
			"the first run: output format: no answer\nrun again with no other solver of this run running, it ended cleanly (0.25 s CPU in 0.50 s wall)"},
		{StressAlone.Phrase(), "run again with no other solver of this run running"},
	} {
		if tt.got != tt.want {
			t.Errorf("%q\nwant %q", tt.got, tt.want)
		}
	}
}
