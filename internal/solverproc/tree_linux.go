//go:build linux

package solverproc

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// noCgroupEnv, set to 1, makes runs follow their processes through /proc
// even where a cgroup could be made: for tests of that way, and for a
// system whose cgroups should be left alone.
const noCgroupEnv = "CHANCECHECK_NO_CGROUP"

// How a run's processes are held on Linux:
//
//   - Where cgroup v2 is mounted and this process may make a cgroup below
//     its own, the solver starts in a new cgroup (clone3's
//     CLONE_INTO_CGROUP, so not even its first instruction runs outside),
//     and so does everything it starts: no session or process group takes
//     a process out of it. Its cpu.stat counts the CPU time of every
//     process that was in it, those that ended included; cgroup.kill kills
//     them all at once.
//   - Elsewhere the processes are followed through /proc: the solver's
//     descendants (by parent) and the members of its process group, looked
//     at every pollEvery while it runs and again when it ends. A
//     descendant that leaves both its parent and its group between two
//     looks is not seen (but one that holds the solver's output open is:
//     see pipeHolders).
//
// Either way what is left of the runs in progress is killed when this
// program dies, even by SIGKILL: by a watchdog (cgroup_linux.go,
// treewatch_linux.go), or where none could be started, by a SIGKILL to the
// solver's own process at that death (PR_SET_PDEATHSIG); and an RLIMIT_CPU a second above the
// limit (the system's own limit, whole seconds) stops every process of the
// tree, each on its own count, should this program not be scheduled to
// look at the clock.

// prepareTree readies cmd to start as a tree of its own.
func prepareTree(cmd *exec.Cmd) tree {
	attr := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.SysProcAttr = attr
	if os.Getenv(noCgroupEnv) != "1" {
		if cg, err := newCgroup(); err == nil {
			attr.UseCgroupFD, attr.CgroupFD = true, int(cg.fd.Fd())
			return cg
		}
	}
	// Orphans of the tree come to this process, not to init, where look
	// finds them; the setting is the process's, and harmless to repeat.
	_ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
	tw := treeWatcher()
	if tw.tell("alive?") { // a line the watchdog skips; false when it is gone
		attr.Pdeathsig = 0 // the watchdog follows the tree from the solver (treewatch_linux.go)
	}
	return &procTree{seen: map[int]procStat{}, watch: tw}
}

// setCPULimit sets RLIMIT_CPU on pid: soft at limit plus a second, rounded
// up to whole seconds (SIGXCPU), hard a second later (SIGKILL).
func setCPULimit(pid int, limit time.Duration) {
	if limit <= 0 {
		return
	}
	soft := uint64((limit + 2*time.Second - 1) / time.Second)
	_ = unix.Prlimit(pid, unix.RLIMIT_CPU, &unix.Rlimit{Cur: soft, Max: soft + 1}, nil)
}

// allProcs reads the stat of every process.
func allProcs() map[int]procStat {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	all := make(map[int]procStat, len(ents))
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st, ok := readStat(pid); ok {
			all[pid] = st
		}
	}
	return all
}

// readStat reads /proc/PID/stat; ok is false for a process gone or a
// zombie (which holds nothing and runs nothing).
func readStat(pid int) (procStat, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, false
	}
	// The command's name, in parentheses, may hold anything: the fields
	// after the last ')' are numbered from 3 (state).
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return procStat{}, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 20 || f[0] == "Z" || f[0] == "X" {
		return procStat{}, false
	}
	num := func(field int) uint64 {
		n, _ := strconv.ParseUint(f[field-3], 10, 64)
		return n
	}
	ticks := num(14) + num(15) + num(16) + num(17)
	return procStat{ppid: int(num(4)), pgrp: int(num(5)), start: num(22), cpu: time.Duration(ticks) * clockTick}, true
}

// procName is the command name of pid, or "".
func procName(pid int) string {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/comm")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// pipeInode is the inode of a pipe, as /proc/PID/fd links name it
// ("pipe:[INODE]"); 0 when unknown.
func pipeInode(f *os.File) uint64 {
	var st syscall.Stat_t
	if syscall.Fstat(int(f.Fd()), &st) != nil {
		return 0
	}
	return st.Ino
}

// pipeHolders returns the processes, of pids or (pids nil) of every
// process, that hold a pipe of inode open.
func pipeHolders(inode uint64, pids []int) []int {
	if inode == 0 {
		return nil
	}
	if pids == nil {
		for pid := range allProcs() {
			pids = append(pids, pid)
		}
	}
	want := fmt.Sprintf("pipe:[%d]", inode)
	var holders []int
	for _, pid := range pids {
		dir := "/proc/" + strconv.Itoa(pid) + "/fd"
		ents, err := os.ReadDir(dir)
		if err != nil || pid == os.Getpid() {
			continue
		}
		for _, e := range ents {
			if link, err := os.Readlink(dir + "/" + e.Name()); err == nil && link == want {
				holders = append(holders, pid)
				break
			}
		}
	}
	return holders
}
