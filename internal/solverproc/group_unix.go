//go:build unix

package solverproc

import (
	"os"
	"syscall"
)

// killPid sends SIGKILL to one process.
func killPid(pid int) { _ = syscall.Kill(pid, syscall.SIGKILL) }

// signalOf names the signal that ended the process, or "".
func signalOf(st *os.ProcessState) string {
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal().String()
	}
	return ""
}
