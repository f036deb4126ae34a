//go:build linux

package solverproc

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// oomKillsIn reads memory.events' oom_kill count (the file's format from
// the kernel's cgroup-v2 documentation); a run whose tree the kernel
// killed at memory.max is over the limit, whatever its exit.
func TestOOMKillsOfTheTree(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		events string
		want   int
	}{
		{"low 0\nhigh 0\nmax 12\noom 1\noom_kill 3\noom_group_kill 0\n", 3},
		{"low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\n", 0},
		{"", 0},
	}
	for _, tt := range tests {
		file := filepath.Join(dir, "memory.events")
		if err := os.WriteFile(file, []byte(tt.events), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := oomKillsIn(file); got != tt.want {
			t.Errorf("%q: %d, want %d", tt.events, got, tt.want)
		}
	}
	killed := Result{ExitCode: -1, Signal: SignalKilled, PeakRSS: 100 << 20, oomKills: 1}
	if over := overMemory(256<<20, killed, ""); !strings.Contains(over, "memory.max") {
		t.Errorf("a run killed at memory.max: %q, want it over the limit", over)
	}
	killed.oomKills = 0
	if over := overMemory(256<<20, killed, ""); over != "" {
		t.Errorf("a run killed from outside, far below the limit: %q, want not over it", over)
	}
}

// Where runs' cgroups have the memory controller, four children of 100 MB
// each do not pass under a limit of 256 MiB (issue 29: each process was
// limited on its own, so they did); elsewhere the scope says so.
func TestMemoryLimitHoldsTheTree(t *testing.T) {
	if !treeMemory() {
		if s := MemoryScope(); s != "each process on its own" {
			t.Errorf("MemoryScope %q without a memory controller", s)
		}
		t.Skip("no cgroup with the memory controller here: the limit is each process's")
	}
	// Each child holds 100 MB (a shell variable of 100 MB) and waits for
	// the others.
	script := `for i in 1 2 3 4; do (x=$(head -c 100000000 /dev/zero | tr '\0' x); sleep 2) & done; wait`
	r, err := Run(context.Background(), []string{"sh", "-c", script}, nil, Limits{Time: 20 * time.Second, Memory: 256 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if r.OverMemory == "" {
		t.Errorf("four children of 100 MB passed under 256 MiB: %s", r.Describe())
	}
}
