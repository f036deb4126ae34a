//go:build linux

package solverproc

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/internal/longtest"
)

// TestSweepSparesOtherRuns checks that the sweep of a run's pipe holders
// kills no process outside the run's tree: here a child of this program
// that holds a copy of the run's stdout, as another run's solver does
// between fork and exec (issue 21: the sweep scanned every process and
// killed it).
func TestSweepSparesOtherRuns(t *testing.T) {
	modes(t, func(t *testing.T) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		other := exec.Command("sleep", "30")
		other.ExtraFiles = []*os.File{w}
		if err := other.Start(); err != nil {
			t.Fatal(err)
		}
		w.Close()
		defer func() { _ = other.Process.Kill(); _ = other.Wait() }()
		// Another run's solver, as a run followed through /proc knows it.
		roots.Store(other.Process.Pid, struct{}{})
		defer roots.Delete(other.Process.Pid)

		// The tree of another run, its solver "true".
		solver := exec.Command("true")
		tr := prepareTree(solver)
		if err := tr.start(solver, time.Second); err != nil {
			t.Fatal(err)
		}
		defer func() { _ = solver.Wait(); tr.release(solver.ProcessState) }()
		if killed := sweepHolders(tr, pipeInode(r)); len(killed) != 0 {
			t.Errorf("the sweep killed %v; the holder %d is another run's", killed, other.Process.Pid)
		}
		if !alive(other.Process.Pid) {
			t.Errorf("the other run's process %d was killed", other.Process.Pid)
		}
	})
}

// TestLeftoversOnlyWhenTheSolverExits checks that a solver killed at a
// limit has no leftovers (its tree died with it: issue 21 listed its
// dying processes as "still running after the solver exited"), and that
// one that exits leaving a child has it named once.
func TestLeftoversOnlyWhenTheSolverExits(t *testing.T) {
	hogWhenLong(t)
	// Each case runs once in the quick suite; the long one runs it three
	// times beside a CPU hog, for a race between the kill and the listing
	// to show.
	repeats := 1
	if longtest.Enabled() {
		repeats = 3
	}
	modes(t, func(t *testing.T) {
		// Only the idle case waits for the idleness limit. The others have
		// one far beyond their run: a shell starved of CPU by a loaded
		// machine gains no CPU time for a while, and at 500 ms "exits" was
		// once stopped as idle (2 ms of CPU in 0.77 s, load 9) before it
		// could exit.
		for _, tt := range []struct {
			name, script string
			idle         time.Duration
			want         int
		}{
			{"time limit", `sleep 30 & sleep 30 & while :; do :; done`, 20 * time.Second, 0},
			{"idle", `sleep 30 & sleep 30 & exec sleep 30`, 500 * time.Millisecond, 0},
			{"exits", `sleep 30 & echo out`, 20 * time.Second, 1},
		} {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel() // within the mode, as TestRunKillsEscapedDescendants's cases
				for range repeats {
					r, err := Run(context.Background(), []string{"sh", "-c", tt.script}, nil, Limits{Time: 200 * time.Millisecond, Idle: tt.idle})
					if err != nil {
						t.Fatal(err)
					}
					if len(r.Leftovers) != tt.want {
						t.Errorf("%s: leftovers %q, want %d", r.Describe(), r.Leftovers, tt.want)
					}
					if tt.want > 0 && len(r.Leftovers) > 0 && !strings.HasSuffix(r.Leftovers[0], "holding stdout open") {
						t.Errorf("leftover %q, want it holding stdout", r.Leftovers[0])
					}
				}
			})
		}
	})
}
