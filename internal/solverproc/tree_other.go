//go:build !linux

package solverproc

import (
	"os"
	"os/exec"
	"time"
)

// groupTree is a run's processes where only Linux's means are missing: the
// solver's process group (on Unix), killed whole; its CPU time is not
// known while it runs, so the time limit is wall time there.
type groupTree struct{ cmd *exec.Cmd }

func prepareTree(cmd *exec.Cmd) tree {
	ownGroup(cmd)
	return &groupTree{cmd: cmd}
}

func (g *groupTree) start(cmd *exec.Cmd, _ time.Duration) error { return cmd.Start() }
func (g *groupTree) cpu() (time.Duration, bool)                 { return 0, false }
func (g *groupTree) alive() []int                               { return nil }
func (g *groupTree) kill()                                      { killGroup(g.cmd) }
func (g *groupTree) mayKill(int) bool                           { return false }

func holdStarts()    {}
func releaseStarts() {}

func (g *groupTree) release(st *os.ProcessState) (time.Duration, bool) {
	g.kill()
	if st == nil {
		return 0, false
	}
	return st.UserTime() + st.SystemTime(), true
}

func procName(int) string             { return "" }
func pipeInode(*os.File) uint64       { return 0 }
func pipeHolders(uint64, []int) []int { return nil }
