//go:build linux

package solverproc

import (
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// roots are the solvers' own processes of the runs going on, followed
// through /proc: this process's children that are none of them are
// orphans of some run's tree, which a subreaper inherits. The subreaper is
// the whole process's, and so is this list of its children.
var roots sync.Map // pid → struct{}

// startMu is held to start a solver followed through /proc and to add it
// to roots, and shared by every look at /proc.
var startMu sync.RWMutex

// holdStarts holds back the start of runs followed through /proc (a
// process between fork and exec holds a copy of every descriptor of this
// program) until releaseStarts.
func holdStarts()    { startMu.RLock() }
func releaseStarts() { startMu.RUnlock() }

// procTree follows a run's processes through /proc.
type procTree struct {
	pid  int
	seen map[int]procStat // every process of the tree seen alive, by pid
}

// procStat is what a run needs of /proc/PID/stat.
type procStat struct {
	ppid, pgrp int
	start      uint64        // start time, to tell a pid reused
	cpu        time.Duration // user and system time, with the children it waited for
}

// clockTick is the unit of /proc's times (USER_HZ, 100 on every Linux).
const clockTick = 10 * time.Millisecond

func (t *procTree) start(cmd *exec.Cmd, limit time.Duration) error {
	// A run's look must not take another run's solver, just started, for
	// an orphan before it is in roots.
	startMu.Lock()
	err := cmd.Start()
	if err == nil {
		t.pid = cmd.Process.Pid
		roots.Store(t.pid, struct{}{})
	}
	startMu.Unlock()
	if err != nil {
		return err
	}
	setCPULimit(t.pid, limit)
	t.look()
	return nil
}

// look adds the tree's live processes to seen: descendants of the solver
// and members of its process group.
func (t *procTree) look() map[int]procStat {
	startMu.RLock()
	defer startMu.RUnlock()
	all := allProcs()
	children := map[int][]int{}
	for pid, st := range all {
		children[st.ppid] = append(children[st.ppid], pid)
	}
	live := map[int]procStat{}
	queue := []int{t.pid}
	self := os.Getpid()
	for pid, st := range all {
		// An orphan this process inherited is this tree's when it is in
		// the solver's process group, or in no other run's.
		_, root := roots.Load(pid)
		_, other := roots.Load(st.pgrp)
		if st.pgrp == t.pid || st.ppid == self && !root && !other && int64(pid) != watchdogPid.Load() {
			queue = append(queue, pid)
		}
	}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		st, ok := all[pid]
		if _, done := live[pid]; done || !ok {
			continue
		}
		live[pid] = st
		queue = append(queue, children[pid]...)
	}
	for pid, st := range live {
		t.seen[pid] = st
	}
	return live
}

func (t *procTree) cpu() (time.Duration, bool) {
	var d time.Duration
	for _, st := range t.look() {
		d += st.cpu
	}
	return d, true
}

func (t *procTree) alive() []int {
	var pids []int
	for pid := range t.liveSeen() {
		if pid != t.pid {
			pids = append(pids, pid)
		}
	}
	return pids
}

// liveSeen is every process seen in the tree that is still the same
// process, after one more look.
func (t *procTree) liveSeen() map[int]procStat {
	t.look()
	live := map[int]procStat{}
	for pid, st := range t.seen {
		if now, ok := readStat(pid); ok && now.start == st.start {
			live[pid] = now
		}
	}
	return live
}

// mayKill: a process of the tree seen alive (the same process still), or
// one that is no child of this program, so that it can have had the pipe
// only from the tree (descriptors are close-on-exec: another run's
// process holds them only between fork and exec, as this program's child).
func (t *procTree) mayKill(pid int) bool {
	now, ok := readStat(pid)
	if !ok {
		return false
	}
	_, root := roots.Load(pid)
	_, other := roots.Load(now.pgrp)
	if pid != t.pid && root || now.pgrp != t.pid && other {
		return false // another run's solver, or of its process group
	}
	if st, seen := t.seen[pid]; seen && st.start == now.start {
		return true
	}
	return now.ppid != os.Getpid() && int64(pid) != watchdogPid.Load()
}

func (t *procTree) kill() {
	_ = syscall.Kill(-t.pid, syscall.SIGKILL)
	for pid := range t.liveSeen() {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

// release kills what is left; the CPU time is the solver's (with the
// children it waited for, from wait4's rusage) and the last seen of each
// process of the tree that outlived it.
func (t *procTree) release(st *os.ProcessState) (time.Duration, bool) {
	var left time.Duration
	for pid, s := range t.liveSeen() {
		if pid != t.pid {
			left += s.cpu
		}
	}
	if t.pid == 0 { // never started
		return 0, false
	}
	t.kill()
	roots.Delete(t.pid)
	t.reapOrphans()
	if st == nil {
		return 0, false
	}
	return st.UserTime() + st.SystemTime() + left, true
}

// reapOrphans waits for the processes of the tree that this process
// inherited as a subreaper and that have died, so that none is left a
// zombie.
func (t *procTree) reapOrphans() {
	for pid := range t.seen {
		if _, root := roots.Load(pid); root || pid == t.pid {
			continue
		}
		// 0: still our child and not yet dead (SIGKILL takes a moment).
		for i := 0; i < 500; i++ {
			var ws unix.WaitStatus
			if got, _ := unix.Wait4(pid, &ws, unix.WNOHANG, nil); got != 0 {
				break
			}
			time.Sleep(time.Millisecond)
		}
	}
}
