package props

import (
	"testing"

	"github.com/chancecheck/chancecheck/internal/solverproc"
)

// A run's own OutOfTime is its verdict's, for every way a run can end:
// the flags are tried in every combination, so a new case in Ended that
// comes before the limits would show here.
func TestRunResultOutOfTimeIsEndedsVerdict(t *testing.T) {
	for mask := range 1 << 6 {
		r := RunResult{TimedOut: mask&1 != 0, Idle: mask&2 != 0}
		if mask&4 != 0 {
			r.OverMemory = "over 64 MiB"
		}
		if mask&8 != 0 {
			r.StdoutDropped = 1
		}
		if mask&16 != 0 {
			r.ExitCode, r.Signal = -1, "segmentation fault"
		}
		if mask&32 != 0 && r.Signal == "" {
			r.ExitCode = 3
		}
		v, _ := r.Ended()
		if r.OutOfTime() != v.OutOfTime() {
			t.Errorf("%+v: OutOfTime %v, but Ended says %s", r, r.OutOfTime(), v)
		}
		if r.Exited() && (v.OutOfTime() || v == MemoryLimit || r.Signal != "") {
			t.Errorf("%+v: Exited, but Ended says %s", r, v)
		}
	}
}

// Exited: only a program's own exit, whatever its status, within its
// limits (each row written from the definition).
func TestRunResultExited(t *testing.T) {
	for _, tt := range []struct {
		name string
		r    RunResult
		want bool
	}{
		{"exit 0", RunResult{}, true},
		{"exit 77", RunResult{ExitCode: 77}, true},
		{"exit 0, output cut short", RunResult{StdoutDropped: 10}, true},
		{"time limit", RunResult{ExitCode: -1, Signal: solverproc.SignalKilled, TimedOut: true}, false},
		{"idleness limit", RunResult{ExitCode: -1, Signal: solverproc.SignalKilled, Idle: true}, false},
		{"memory limit, by its exit", RunResult{ExitCode: 1, OverMemory: "over 64 MiB"}, false},
		{"its own signal", RunResult{ExitCode: -1, Signal: "aborted"}, false},
		{"SIGKILL from outside", RunResult{ExitCode: -1, Signal: solverproc.SignalKilled}, false},
	} {
		if got := tt.r.Exited(); got != tt.want {
			t.Errorf("%s: Exited() = %v, want %v", tt.name, got, tt.want)
		}
	}
}
