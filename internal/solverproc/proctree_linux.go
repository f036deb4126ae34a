//go:build linux

package solverproc

import (
	"os"
	"os/exec"
	"strconv"
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
	seen map[int]procStat // every process of the tree seen alive, by pid, as last seen
	// watch is the watchdog told of the tree's processes (nil: none).
	watch *treeWatch
	// most is the most CPU time cpu has reported: the tree's time never
	// goes down, though /proc forgets a process that ended unwaited.
	most time.Duration
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
	if st, ok := readStat(t.pid); ok {
		t.watch.tell("r %d %d", t.pid, st.start)
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
		if st.pgrp == t.pid || st.ppid == self && !root && !other && !isWatchdog(pid) {
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
		if old, ok := t.seen[pid]; (!ok || old.start != st.start) && pid != t.pid {
			t.watch.tell("p %d %d %d", t.pid, pid, st.start)
		}
		t.seen[pid] = st
	}
	return live
}

// cpu: the time of the live processes, with the children they waited
// for; never less than it said before.
func (t *procTree) cpu() (time.Duration, bool) {
	d := time.Duration(0)
	for _, st := range t.look() {
		d += st.cpu
	}
	t.most = max(t.most, d)
	return t.most, true
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
	return now.ppid != os.Getpid() && !isWatchdog(pid)
}

func (t *procTree) kill() {
	_ = syscall.Kill(-t.pid, syscall.SIGKILL)
	for pid := range t.liveSeen() {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

// release kills what is left; the CPU time is the solver's (with the
// children it waited for, from wait4's rusage) and that of each process of
// the tree that this process reaped as their subreaper (those that outlived
// the solver, and those killed with it, which it never waited for: issue
// 29 read "0.00 s CPU" over a time limit), or what cpu last said if that
// is more.
func (t *procTree) release(st *os.ProcessState) (time.Duration, bool) {
	if t.pid == 0 { // never started
		return 0, false
	}
	t.liveSeen() // a last look, for what was started since
	t.kill()
	roots.Delete(t.pid)
	reaped := t.reapOrphans()
	t.watch.tell("e %d", t.pid)
	if st == nil {
		return 0, false
	}
	return max(st.UserTime()+st.SystemTime()+reaped, t.most), true
}

// reapOrphans waits for the processes of the tree that this process
// inherits as a subreaper, so that none is left a zombie, and returns
// their CPU time (with their own children's). A process that is still
// another's child (a zombie its dying parent has not yet handed on) is
// waited for until it comes.
func (t *procTree) reapOrphans() time.Duration {
	var d time.Duration
	for pid := range t.seen {
		if _, root := roots.Load(pid); root || pid == t.pid {
			continue
		}
		// 0: still our child and not yet dead (SIGKILL takes a moment);
		// ECHILD: not (yet) our child, while /proc still has it.
		for i := 0; i < 500; i++ {
			var ws unix.WaitStatus
			var ru unix.Rusage
			got, err := unix.Wait4(pid, &ws, unix.WNOHANG, &ru)
			if got > 0 {
				d += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
				break
			}
			if err != nil {
				if _, serr := os.Stat("/proc/" + strconv.Itoa(pid)); serr != nil {
					break
				}
			}
			time.Sleep(time.Millisecond)
		}
	}
	return d
}
