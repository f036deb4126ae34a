//go:build linux

package solverproc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// watchdogEnv names, in the environment of this very program started as a
// watchdog, the cgroup of runs it watches.
const watchdogEnv = "CHANCECHECK_SOLVERPROC_WATCHDOG"

func init() {
	if dir, ok := os.LookupEnv(watchdogEnv); ok {
		watchdog(dir) // returns only by exiting
	}
}

// The runs of a process go in one cgroup of its own below the process's
// cgroup, "chancecheck-PID-…", watched by a watchdog: this program started
// again (/proc/self/exe) in a session of its own, reading a pipe of which
// only this process holds the other end. When this process ends, however
// it ends (SIGKILL too), the kernel closes that end; the watchdog then
// kills whatever is left in the cgroup of runs (a solver's descendant in a
// session of its own outlives a parent-death signal) and removes it. A
// normal end of the process does the same, on nothing.

// runsGroup is a process's cgroup of runs, and the end of the watchdog's
// pipe that must stay open (and referenced) while the process lives.
type runsGroup struct {
	dir  string
	pipe *os.File
}

// runsCgroup makes the cgroup of runs and starts its watchdog, once per
// process: like PR_SET_CHILD_SUBREAPER, it is the process's own.
var runsCgroup = sync.OnceValues(func() (runsGroup, error) {
	base, err := cgroupBase()
	if err != nil {
		return runsGroup{}, err
	}
	dir, err := os.MkdirTemp(base, fmt.Sprintf("chancecheck-%d-", os.Getpid()))
	if err != nil {
		return runsGroup{}, err
	}
	enableMemory(dir)
	r, w, err := os.Pipe()
	if err != nil {
		_ = os.Remove(dir)
		return runsGroup{}, err
	}
	cmd := exec.Command("/proc/self/exe")
	cmd.Args = []string{"chancecheck-watchdog"}
	cmd.Env = append(os.Environ(), watchdogEnv+"="+dir)
	cmd.Stdin = r
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	err = cmd.Start()
	r.Close()
	if err != nil {
		w.Close()
		_ = os.Remove(dir)
		return runsGroup{}, err
	}
	watchdogPid.Store(int64(cmd.Process.Pid))
	_ = cmd.Process.Release()
	return runsGroup{dir: dir, pipe: w}, nil
})

// watchdogPid is the watchdog's process, a child of this one that runs
// followed through /proc must not take for an orphan of theirs.
var watchdogPid atomic.Int64

// watchdog waits for the end of its stdin, the owner's end, then kills
// what is left in the cgroup of runs dir and removes it.
func watchdog(dir string) {
	signal.Ignore(syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE)
	_, _ = io.Copy(io.Discard, os.Stdin)
	_ = os.WriteFile(filepath.Join(dir, "cgroup.kill"), []byte("1"), 0)
	c := cgroup{dir: dir}
	for i := 0; i < 2500 && !c.empty(); i++ {
		time.Sleep(2 * time.Millisecond)
	}
	if ents, err := os.ReadDir(dir); err == nil {
		for _, e := range ents {
			if e.IsDir() {
				_ = os.Remove(filepath.Join(dir, e.Name()))
			}
		}
	}
	_ = os.Remove(dir)
	os.Exit(0)
}

// cgroup is a run's cgroup v2.
type cgroup struct {
	dir string
	fd  *os.File // the directory, for CLONE_INTO_CGROUP
	pid int      // the solver's process
}

// newCgroup makes a cgroup for one run, in this process's cgroup of runs.
func newCgroup() (*cgroup, error) {
	runs, err := runsCgroup()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(runs.dir, "run-")
	if err != nil {
		return nil, err
	}
	fd, err := os.Open(dir)
	if err != nil {
		_ = os.Remove(dir)
		return nil, err
	}
	return &cgroup{dir: dir, fd: fd}, nil
}

// cgroupBase is the directory of this process's cgroup v2, from
// /proc/self/cgroup ("0::/path") and the cgroup2 mount in
// /proc/self/mountinfo.
func cgroupBase() (string, error) {
	b, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return "", err
	}
	path := ""
	for line := range strings.SplitSeq(string(b), "\n") {
		if p, ok := strings.CutPrefix(line, "0::"); ok {
			path = p
		}
	}
	if path == "" {
		return "", errors.New("no cgroup v2")
	}
	mi, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return "", err
	}
	for line := range strings.SplitSeq(string(mi), "\n") {
		pre, post, ok := strings.Cut(line, " - ")
		f := strings.Fields(pre)
		if !ok || len(f) < 5 || !strings.HasPrefix(post, "cgroup2 ") {
			continue
		}
		root, mount := f[3], f[4]
		rel, ok := strings.CutPrefix(path, strings.TrimSuffix(root, "/"))
		if !ok {
			continue
		}
		return filepath.Join(mount, rel), nil
	}
	return "", errors.New("cgroup2 is not mounted")
}

func (c *cgroup) start(cmd *exec.Cmd, limit time.Duration) error {
	err := cmd.Start()
	c.fd.Close()
	if err != nil {
		return err
	}
	c.pid = cmd.Process.Pid
	setCPULimit(c.pid, limit)
	return nil
}

func (c *cgroup) cpu() (time.Duration, bool) {
	b, err := os.ReadFile(filepath.Join(c.dir, "cpu.stat"))
	if err != nil {
		return 0, false
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "usage_usec "); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			return time.Duration(n) * time.Microsecond, err == nil
		}
	}
	return 0, false
}

func (c *cgroup) alive() []int {
	b, err := os.ReadFile(filepath.Join(c.dir, "cgroup.procs"))
	if err != nil {
		return nil
	}
	// cgroup.procs may list a process twice (the kernel says so).
	var pids []int
	seen := map[int]bool{}
	for f := range strings.FieldsSeq(string(b)) {
		if pid, err := strconv.Atoi(f); err == nil && pid != c.pid && !seen[pid] {
			seen[pid] = true
			pids = append(pids, pid)
		}
	}
	return pids
}

func (c *cgroup) kill() {
	if os.WriteFile(filepath.Join(c.dir, "cgroup.kill"), []byte("1"), 0) != nil {
		for _, pid := range c.alive() { // a kernel before 5.14
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// mayKill: only a process in the cgroup; nothing leaves one.
func (c *cgroup) mayKill(pid int) bool {
	return pid != c.pid && slices.Contains(c.alive(), pid)
}

// waitEmpty waits, a few seconds at most, until no process is left in
// the cgroup after kill.
func (c *cgroup) waitEmpty() {
	for i := 0; i < 2500 && !c.empty(); i++ {
		time.Sleep(2 * time.Millisecond)
	}
}

// release kills the cgroup's processes, waits until none is left (SIGKILL
// cannot be caught, only delayed by a process inside the kernel), reads
// the CPU time of them all and removes the cgroup.
func (c *cgroup) release(*os.ProcessState) (time.Duration, bool) {
	if c.pid == 0 { // never started
		_ = os.Remove(c.dir)
		return 0, false
	}
	c.kill()
	for i := 0; i < 500 && !c.empty(); i++ {
		time.Sleep(2 * time.Millisecond)
	}
	d, ok := c.cpu()
	for i := 0; i < 500 && os.Remove(c.dir) != nil; i++ {
		c.kill()
		time.Sleep(2 * time.Millisecond)
	}
	return d, ok
}

// empty reports whether no process is left in the cgroup.
func (c *cgroup) empty() bool {
	b, err := os.ReadFile(filepath.Join(c.dir, "cgroup.events"))
	return err != nil || bytes.Contains(b, []byte("populated 0"))
}
