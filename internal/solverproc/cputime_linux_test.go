//go:build linux

package solverproc

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A solver that is a shell waiting for the child that does the work, killed
// at the time limit, is reported with the CPU time its child used, at
// least the limit: the child was killed with it and never waited for, and
// without a cgroup its time was dropped (issue 29: "0.00 s CPU … over the
// CPU time limit"). With a CPU hog beside it in the long suite.
func TestRunCPUTimeOfKilledChildren(t *testing.T) {
	hogWhenLong(t)
	modes(t, func(t *testing.T) {
		tests := []struct{ name, script string }{
			{"a child in the solver's group", `sh -c 'while :; do :; done' & wait`},
			{"a child in a session of its own", `setsid sh -c 'while :; do :; done' & wait`},
		}
		for _, tt := range tests {
			lim := Limits{Time: 300 * time.Millisecond, Idle: time.Minute}
			r, err := Run(context.Background(), []string{"sh", "-c", tt.script}, nil, lim)
			if err != nil {
				t.Fatal(err)
			}
			if !r.TimedOut || r.CPU < lim.Time || !strings.Contains(r.Describe(), "time limit") {
				t.Errorf("%s: %s (CPU %v), want a time limit with at least %v of CPU time", tt.name, r.Describe(), r.CPU, lim.Time)
			}
		}
	})
}
