//go:build !unix

package solverproc

import (
	"os"
	"os/exec"
)

// ownGroup does nothing where there are no process groups.
func ownGroup(*exec.Cmd) {}

// killGroup kills the process itself: without process groups its children
// may outlive it.
func killGroup(cmd *exec.Cmd) { _ = cmd.Process.Kill() }

// killPid does nothing where processes are not killed by number.
func killPid(int) {}

// signalOf is "" where processes do not end by signals.
func signalOf(*os.ProcessState) string { return "" }
