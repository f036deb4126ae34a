//go:build linux

package solverproc

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Without a cgroup, a run's processes are followed through /proc (procTree),
// and a watchdog kills what is left of them when this program dies, however
// it dies (SIGKILL too): this program started again (/proc/self/exe) in a
// session of its own, reading a pipe of which only this process holds the
// other end. This process tells it, a line at a time, each run's solver
// ("r PGID START": the solver leads a process group of its own) and every
// other process of the run's tree as it is seen ("p PGID PID START"), and
// when the run is over ("e PGID"). At the end of the pipe the watchdog
// stops (SIGSTOP) every process it was told of that is still the same
// process (its start time), every member of a solver's process group, and
// every descendant of any of those, looking again until it finds no more
// (a stopped process forks nothing, and its children keep it as their
// parent, so the search misses none of them); then it kills them all.
//
// While the watchdog runs, the solver gets no parent-death signal: killed
// at once by the kernel, it would hand its children to init before the
// watchdog could follow them from it. Where the watchdog cannot be
// started, the solver gets SIGKILL at this program's death, as before.
//
// What can escape: a descendant that left the solver's process group (a
// new session or group) and whose parent died before it was seen, which
// takes both happening within one look (pollEvery) or after the last; and
// a process that double-forks into a new session between two looks, then
// is orphaned before this program dies. A cgroup holds them all.

// treeWatchdogEnv, in the environment of this very program started as the
// watchdog of runs followed through /proc, says so.
const treeWatchdogEnv = "CHANCECHECK_SOLVERPROC_TREE_WATCHDOG"

func init() {
	if _, ok := os.LookupEnv(treeWatchdogEnv); ok {
		treeWatchdog() // returns only by exiting
	}
}

// treeWatch is this process's end of the pipe to the watchdog of runs
// followed through /proc.
type treeWatch struct {
	mu sync.Mutex
	w  *os.File
}

// treeWatchdogPid is that watchdog's process, a child of this one that
// runs followed through /proc must not take for an orphan of theirs.
var treeWatchdogPid atomic.Int64

// isWatchdog reports whether pid is one of this process's watchdogs.
func isWatchdog(pid int) bool {
	return int64(pid) == watchdogPid.Load() || int64(pid) == treeWatchdogPid.Load()
}

// treeWatcher starts the watchdog, once per process; nil when it cannot.
var treeWatcher = sync.OnceValue(func() *treeWatch {
	r, w, err := os.Pipe()
	if err != nil {
		return nil
	}
	cmd := exec.Command("/proc/self/exe")
	cmd.Args = []string{"chancecheck-watchdog"}
	cmd.Env = append(os.Environ(), treeWatchdogEnv+"=1")
	cmd.Stdin = r
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	// Started and known as the watchdog before any run looks at /proc
	// again: a look in between would take it for an orphan of its tree.
	startMu.Lock()
	defer startMu.Unlock()
	err = cmd.Start()
	r.Close()
	if err != nil {
		w.Close()
		return nil
	}
	treeWatchdogPid.Store(int64(cmd.Process.Pid))
	// Waited for by no one: this process's subreaper reaps it at the end.
	_ = cmd.Process.Release()
	return &treeWatch{w: w}
})

// tell writes one line to the watchdog (one write, shorter than PIPE_BUF,
// so lines of runs in parallel never mix); false when it is gone.
func (tw *treeWatch) tell(format string, a ...any) bool {
	if tw == nil {
		return false
	}
	tw.mu.Lock()
	defer tw.mu.Unlock()
	_, err := fmt.Fprintf(tw.w, format+"\n", a...)
	return err == nil
}

// watchedGroup is one run as the watchdog knows it.
type watchedGroup struct {
	start uint64         // the solver's start time
	pids  map[int]uint64 // the other processes seen, by pid: start time
}

// treeWatchdog reads what its owner says until the owner dies, then stops
// and kills what is left of the runs in progress.
func treeWatchdog() {
	signal.Ignore(syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE)
	groups := map[int]*watchedGroup{}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		num := func(i int) uint64 {
			if i >= len(f) {
				return 0
			}
			n, _ := strconv.ParseUint(f[i], 10, 64)
			return n
		}
		pgid := int(num(1))
		switch {
		case len(f) == 3 && f[0] == "r":
			groups[pgid] = &watchedGroup{start: num(2), pids: map[int]uint64{}}
		case len(f) == 4 && f[0] == "p" && groups[pgid] != nil:
			groups[pgid].pids[int(num(2))] = num(3)
		case len(f) == 2 && f[0] == "e":
			delete(groups, pgid)
		}
	}
	if len(groups) > 0 {
		killWatched(groups)
	}
	os.Exit(0)
}

// killWatched stops every process of groups still alive, and their
// descendants, until no more are found, then kills them.
func killWatched(groups map[int]*watchedGroup) {
	stopped := map[int]bool{}
	for round := 0; round < 100; round++ {
		all := allProcs()
		found := false
		for changed := true; changed; {
			changed = false
			for pid, st := range all {
				if stopped[pid] || pid == os.Getpid() || !watched(groups, stopped, pid, st) {
					continue
				}
				_ = syscall.Kill(pid, syscall.SIGSTOP)
				stopped[pid], changed, found = true, true, true
			}
		}
		if !found {
			break
		}
		time.Sleep(time.Millisecond) // let the stops land before looking again
	}
	for pid := range stopped {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

// watched reports whether the process pid (of stat st) belongs to a run
// of groups: a solver or a process seen in its tree (the same process: its
// start time), a member of a solver's process group started after it, or
// a child of a process stopped.
func watched(groups map[int]*watchedGroup, stopped map[int]bool, pid int, st procStat) bool {
	if stopped[st.ppid] {
		return true
	}
	if g := groups[pid]; g != nil && g.start == st.start {
		return true
	}
	if g := groups[st.pgrp]; g != nil && st.start >= g.start {
		return true
	}
	for _, g := range groups {
		if start, ok := g.pids[pid]; ok && start == st.start {
			return true
		}
	}
	return false
}
