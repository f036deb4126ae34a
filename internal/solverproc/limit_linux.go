package solverproc

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

// A memory limit is set by a re-exec: Go's os/exec has no hook between fork
// and exec, so the solver is started through this very program
// (/proc/self/exe, which names it even if its file has been replaced),
// with limitEnv set; the init below sees it before main runs, sets the
// limit on itself and execs the solver, which inherits the limit. No
// outside tool (prlimit, a shell's ulimit) is needed, and every program
// that links this package — chancecheck, a user's one-game program, a test
// binary — can do it.
//
// The environment variable carries the limit in bytes; argv of the helper
// is [argv0, path of the solver, solver's argv...]. File descriptor 3 is a
// pipe, close-on-exec after the helper starts. The helper writes its own
// peak resident memory to it ("peak N"), since ru_maxrss is a high-water
// mark that exec keeps, so that the parent knows which peaks are the
// solver's; an exec that fails then writes why, and one that succeeds
// closes the pipe, so the parent tells "could not start" from "started and
// failed" as os/exec does.
const limitEnv = "CHANCECHECK_SOLVERPROC_DATA_LIMIT"

// statusFD is the helper's end of the exec-status pipe (ExtraFiles[0]).
const statusFD = 3

func init() {
	if v, ok := os.LookupEnv(limitEnv); ok {
		execLimited(v, os.Args) // returns only by exiting
	}
}

// execLimited is the helper: it sets the data limit and execs the solver,
// or reports on statusFD why it could not and exits 127.
func execLimited(limit string, args []string) {
	fail := func(format string, a ...any) {
		msg := fmt.Sprintf(format, a...)
		if _, err := syscall.Write(statusFD, []byte(msg)); err != nil {
			os.Stderr.WriteString("solverproc: " + msg + "\n")
		}
		os.Exit(127)
	}
	syscall.CloseOnExec(statusFD)
	n, err := strconv.ParseUint(limit, 10, 64)
	if err != nil || len(args) < 3 {
		fail("memory-limit helper: bad limit %q or arguments %q", limit, args)
	}
	env := make([]string, 0, len(os.Environ()))
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, limitEnv+"=") {
			env = append(env, kv)
		}
	}
	// Everything exec needs is made before the limit is set: under a limit
	// below what this process already uses, an allocation after it could
	// fail in the Go runtime and be mistaken for the solver's.
	path, err := syscall.BytePtrFromString(args[1])
	if err != nil {
		fail("%v", err)
	}
	argv, err := syscall.SlicePtrFromStrings(args[2:])
	if err != nil {
		fail("%v", err)
	}
	envv, err := syscall.SlicePtrFromStrings(env)
	if err != nil {
		fail("%v", err)
	}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		syscall.Write(statusFD, []byte(peakPrefix+strconv.FormatInt(int64(ru.Maxrss)<<10, 10)+"\n"))
	}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_DATA, &old); err != nil {
		fail("reading the data limit: %v", err)
	}
	// The soft limit only, so that a failed exec can lift it again to
	// report; a solver that raised its own limit would be cheating itself.
	lim := syscall.Rlimit{Cur: min(n, old.Max), Max: old.Max}
	if err := syscall.Setrlimit(syscall.RLIMIT_DATA, &lim); err != nil {
		fail("setting the data limit: %v", err)
	}
	// syscall.Exec would allocate after the limit. The one difference: Go
	// raised this process's soft limit on open files to the hard one at
	// start, and the solver keeps that.
	_, _, errno := syscall.RawSyscall(syscall.SYS_EXECVE,
		uintptr(unsafe.Pointer(path)), uintptr(unsafe.Pointer(&argv[0])), uintptr(unsafe.Pointer(&envv[0])))
	_ = syscall.Setrlimit(syscall.RLIMIT_DATA, &old)
	fail("%v", errno)
}

// limitedCommand returns the command that runs argv under a data limit of
// limit bytes through the helper, and the parent's end of the exec-status
// pipe with a function that closes the helper's end once it has started.
func limitedCommand(argv []string, limit int64) (cmd *exec.Cmd, status *os.File, started func(), err error) {
	path, err := exec.LookPath(argv[0])
	if err != nil {
		return nil, nil, nil, err
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, nil, err
	}
	cmd = exec.Command("/proc/self/exe", append([]string{path}, argv...)...)
	cmd.Args[0] = argv[0]
	cmd.Env = append(os.Environ(), limitEnv+"="+strconv.FormatInt(limit, 10))
	cmd.ExtraFiles = []*os.File{w}
	return cmd, r, func() { w.Close() }, nil
}

// peakPrefix starts the helper's report of its own peak resident memory.
const peakPrefix = "peak "

// execStatus reads the exec-status pipe after the helper has exited: the
// helper's own peak resident memory in bytes, and the reason the solver
// could not be started, or nil when it was.
func execStatus(status *os.File) (helperPeak int64, err error) {
	defer status.Close()
	msg, _ := io.ReadAll(status)
	if rest, ok := bytes.CutPrefix(msg, []byte(peakPrefix)); ok {
		line, after, _ := bytes.Cut(rest, []byte("\n"))
		helperPeak, _ = strconv.ParseInt(string(line), 10, 64)
		msg = after
	}
	if len(msg) == 0 {
		return helperPeak, nil
	}
	return helperPeak, fmt.Errorf("%s", msg)
}

// peakRSS is the peak resident memory of a finished process in bytes (Linux
// reports ru_maxrss in KiB), or 0 when it is not known.
func peakRSS(st *os.ProcessState) int64 {
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		return int64(ru.Maxrss) << 10
	}
	return 0
}

// ownPeakRSS is this process's peak resident memory in bytes, 0 when not
// known.
func ownPeakRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return int64(ru.Maxrss) << 10
}

// canLimitMemory is nil where Run can limit memory.
func canLimitMemory() error { return nil }
