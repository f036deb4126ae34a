// Command helpersolver is the solver that cli's tests give `check`: a small
// program that does itself what must happen in a process of its own
// (crash, be killed, sleep, spin, hold memory, print garbage) and asks the
// test binary that started it, over a Unix socket, for the answers, which
// that binary computes with `chancecheck solve` in its own process
// (cli/helper_solver_test.go). It starts like an empty Go program, in
// about a fifth of the CPU time of the 29 MB test binary it replaces as
// the solver (that binary's package inits and page faults), hundreds of
// times per run of the tests.
//
// Usage:
//
//	helpersolver SOCKET MODE MARK
//
// MODE is as cli's helperSolver documents it; MARK is a file of the test's
// own that says a "-once-" mode has run.
package main

import (
	"bufio"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) != 4 {
		os.Stderr.WriteString("usage: helpersolver SOCKET MODE MARK\n")
		os.Exit(2)
	}
	socket, mode, mark := os.Args[1], os.Args[2], os.Args[3]
	if once, ok := strings.CutPrefix(mode, "crash-once-"); ok {
		// The first run crashes, as a loaded machine can make a solver
		// crash (a mark file says it has run); the later ones do not.
		if _, err := os.Stat(mark); err != nil {
			os.WriteFile(mark, nil, 0o644)
			os.Stderr.WriteString("helper: crashing once\n")
			os.Exit(3)
		}
		mode = once
	}
	if once, ok := strings.CutPrefix(mode, "killed-once-"); ok {
		// The first run is killed from outside (SIGKILL, as the OOM
		// killer does); the later ones are not.
		if _, err := os.Stat(mark); err != nil {
			os.WriteFile(mark, nil, 0o644)
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
		}
		mode = once
	}
	mode, slower := strings.CutPrefix(mode, "slower-")
	if slower {
		time.Sleep(400 * time.Millisecond)
	}
	mode, slow := strings.CutPrefix(mode, "slow-")
	if slow {
		time.Sleep(100 * time.Millisecond)
	}
	mode, hog := strings.CutPrefix(mode, "hog-")
	if hog {
		table := make([]byte, 300<<20)
		for i := 0; i < len(table); i += 4096 {
			table[i] = 1
		}
		runtime.KeepAlive(table)
	}
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		os.Exit(4)
	}
	switch mode {
	case "crash":
		os.Stderr.WriteString("helper: crashing on purpose\n")
		os.Exit(3)
	case "hang":
		time.Sleep(time.Minute)
		os.Exit(0)
	case "spin":
		for x := 1; x != 0; x = x*3 + 1 {
		}
		os.Exit(0)
	case "nan":
		os.Stdout.WriteString("-nan\n")
		os.Exit(0)
	}
	os.Exit(ask(socket, mode, in))
}

// ask sends mode and the input to the test binary listening on socket,
// copies the stderr and stdout it answers with to its own, and returns the
// exit code it answers with. The request is MODE, a newline and the input
// to the end of the stream; the answer is a line "CODE STDERR-LENGTH",
// that many bytes of stderr, then stdout to the end of the stream.
func ask(socket, mode string, in []byte) int {
	// Plain system calls, not package net: its start-up would double
	// this program's.
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err == nil {
		err = syscall.Connect(fd, &syscall.SockaddrUnix{Name: socket})
	}
	if err != nil {
		os.Stderr.WriteString("helper: " + socket + ": " + err.Error() + "\n")
		return 5
	}
	conn := os.NewFile(uintptr(fd), socket)
	defer conn.Close()
	if _, err := conn.Write(append([]byte(mode+"\n"), in...)); err != nil {
		os.Stderr.WriteString("helper: " + err.Error() + "\n")
		return 5
	}
	syscall.Shutdown(fd, syscall.SHUT_WR)
	r := bufio.NewReader(conn)
	head, err := r.ReadString('\n')
	f := strings.Fields(head)
	if err != nil || len(f) != 2 {
		os.Stderr.WriteString("helper: no answer from the test binary\n")
		return 5
	}
	code, err1 := strconv.Atoi(f[0])
	n, err2 := strconv.ParseInt(f[1], 10, 64)
	if err1 != nil || err2 != nil {
		os.Stderr.WriteString("helper: a malformed answer from the test binary: " + head)
		return 5
	}
	if _, err := io.CopyN(os.Stderr, r, n); err != nil {
		return 5
	}
	if _, err := io.Copy(os.Stdout, r); err != nil {
		return 5
	}
	return code
}
