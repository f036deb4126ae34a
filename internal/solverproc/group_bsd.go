//go:build unix && !linux

package solverproc

import (
	"os/exec"
	"syscall"
)

// ownGroup makes the command the leader of a new process group, so that
// killGroup reaches every process it starts that stays in it.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup sends SIGKILL to the command's whole process group; a group
// already gone is not an error.
func killGroup(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
