//go:build unix

package solverproc

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup makes the command the leader of a new process group, so that
// killGroup reaches every process it starts.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup sends SIGKILL to the command's whole process group; a group
// already gone is not an error.
func killGroup(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }

// signalOf names the signal that ended the process, or "".
func signalOf(st *os.ProcessState) string {
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal().String()
	}
	return ""
}
