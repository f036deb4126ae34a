//go:build linux

package solverproc

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
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
// Either way the solver's own process gets SIGKILL when this program dies
// (PR_SET_PDEATHSIG), even by SIGKILL, and an RLIMIT_CPU a second above the
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
	return &procTree{seen: map[int]procStat{}}
}

// roots are the solvers' own processes of the runs going on, followed
// through /proc: this process's children that are none of them are
// orphans of some run's tree, which a subreaper inherits. The subreaper is
// the whole process's, and so is this list of its children.
var roots sync.Map // pid → struct{}

// startMu is held to start a solver followed through /proc and to add it
// to roots, and shared by every look at /proc.
var startMu sync.RWMutex

// setCPULimit sets RLIMIT_CPU on pid: soft at limit plus a second, rounded
// up to whole seconds (SIGXCPU), hard a second later (SIGKILL).
func setCPULimit(pid int, limit time.Duration) {
	if limit <= 0 {
		return
	}
	soft := uint64((limit + 2*time.Second - 1) / time.Second)
	_ = unix.Prlimit(pid, unix.RLIMIT_CPU, &unix.Rlimit{Cur: soft, Max: soft + 1}, nil)
}

// cgroup is a run's cgroup v2.
type cgroup struct {
	dir string
	fd  *os.File // the directory, for CLONE_INTO_CGROUP
	pid int      // the solver's process
}

// newCgroup makes a cgroup for one run below this process's own.
func newCgroup() (*cgroup, error) {
	base, err := cgroupBase()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(base, fmt.Sprintf("chancecheck-%d-", os.Getpid()))
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
	var pids []int
	for f := range strings.FieldsSeq(string(b)) {
		if pid, err := strconv.Atoi(f); err == nil && pid != c.pid {
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
		if st.pgrp == t.pid || st.ppid == self && !root && !other {
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
