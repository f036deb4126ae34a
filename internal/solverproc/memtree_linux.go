//go:build linux

package solverproc

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Where the runs' cgroup has the memory controller (cgroup v2 with memory
// delegated to this program's cgroup), a memory limit holds the run's
// whole tree: the run's cgroup gets memory.max at the limit and no swap,
// so four children of 200 MB do not pass under 256 MiB, and a process the
// kernel kills there (memory.events' oom_kill) makes the run over the
// limit. RLIMIT_DATA still holds each process too, so an allocation past
// the limit fails inside the solver as it does elsewhere. Without the
// controller the limit is each process's own (RLIMIT_DATA), and
// MemoryScope says so.

// enableMemory asks for the memory controller in the cgroups below dir,
// the cgroup of runs; it is there only where dir's parent delegates it.
func enableMemory(dir string) {
	_ = os.WriteFile(filepath.Join(dir, "cgroup.subtree_control"), []byte("+memory"), 0)
}

// treeMemory reports whether runs' cgroups have the memory controller.
func treeMemory() bool {
	if os.Getenv(noCgroupEnv) == "1" {
		return false
	}
	runs, err := runsCgroup()
	if err != nil {
		return false
	}
	b, err := os.ReadFile(filepath.Join(runs.dir, "cgroup.subtree_control"))
	return err == nil && bytes.Contains(append([]byte(" "), b...), []byte(" memory"))
}

// limitMemory sets the run's cgroup's memory limit to n bytes, with no
// swap; false when the cgroup has no memory controller.
func (c *cgroup) limitMemory(n int64) bool {
	if os.WriteFile(filepath.Join(c.dir, "memory.max"), []byte(strconv.FormatInt(n, 10)), 0) != nil {
		return false
	}
	_ = os.WriteFile(filepath.Join(c.dir, "memory.swap.max"), []byte("0"), 0)
	return true
}

// oomKills is how many processes the kernel killed in the run's cgroup at
// its memory limit (memory.events' oom_kill); 0 when not known.
func (c *cgroup) oomKills() int {
	return oomKillsIn(filepath.Join(c.dir, "memory.events"))
}

// oomKillsIn reads the oom_kill count of a memory.events file.
func oomKillsIn(file string) int {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "oom_kill "); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(v))
			return n
		}
	}
	return 0
}
