package solverproc

import (
	"os"
	"os/exec"
	"time"
)

// A tree is the set of processes one run of a solver is made of: the
// solver and everything it starts, whatever session or process group a
// descendant moves to. The run measures the tree's CPU time, kills it
// whole, and names what of it is still alive after the solver exits.
// tree_linux.go has the two kinds there (a cgroup, or following the
// processes through /proc), tree_other.go the process group of other
// systems. prepareTree makes one before the solver starts.
type tree interface {
	// start starts cmd as the tree's solver, with the run's CPU time limit
	// (0: none).
	start(cmd *exec.Cmd, cpuLimit time.Duration) error
	// cpu is the CPU time (user and system) of every process of the tree so
	// far, those that ended included where the system keeps it; ok is
	// false where it cannot be known (the limit is then wall time).
	cpu() (d time.Duration, ok bool)
	// alive lists the processes of the tree still running, other than the
	// solver's own.
	alive() []int
	// kill sends SIGKILL to every process of the tree.
	kill()
	// mayKill reports whether pid, found holding one of the run's pipes
	// after the solver exited, is the tree's to kill: never another run's
	// process, nor a child of this program that is not the tree's (another
	// run's solver between fork and exec holds every descriptor).
	mayKill(pid int) bool
	// release kills what is left, gives back what the tree held (a
	// cgroup), and returns the CPU time of the whole run, given how the
	// solver's own process ended (nil: it could not be waited for).
	release(solver *os.ProcessState) (time.Duration, bool)
}
