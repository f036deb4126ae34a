//go:build linux

package solverproc

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/internal/longtest"
)

// TestHelperProcess is not a test: run as a child process with
// SOLVERPROC_BURN set to a duration, it is a solver that burns that much
// CPU time (its own, as getrusage counts it), prints "done" and exits 0.
func TestHelperProcess(t *testing.T) {
	burn := os.Getenv("SOLVERPROC_BURN")
	if burn == "" {
		t.Skip("a helper process, not a test")
	}
	d, err := time.ParseDuration(burn)
	if err != nil {
		os.Exit(3)
	}
	for x := 0; cpuSelf() < d; x++ {
		for i := 0; i < 1e5; i++ {
			x ^= i * x
		}
	}
	fmt.Println("done")
	os.Exit(0)
}

func cpuSelf() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// hog keeps 2 goroutines per CPU busy until the test ends: the load of a
// shared CI runner, beside the solvers.
func hog(t *testing.T) {
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 2 * runtime.NumCPU() {
		wg.Go(func() {
			for x := 1; ; x = x*3 + 1 {
				select {
				case <-stop:
					return
				default:
				}
			}
		})
	}
	t.Cleanup(func() { close(stop); wg.Wait() })
}

// hogWhenLong is hog in the long suite only. The tests that hold a hog for
// a race to show (the CPU time measured is not what they check) run
// without one in the quick suite, where the other packages' tests load the
// machine: a hog of both cores for as long as such a test runs slows them
// down by as much. CI (CHANCECHECK_LONG=1) runs them beside it.
func hogWhenLong(t *testing.T) {
	if longtest.Enabled() {
		hog(t)
	}
}

// TestRunCPUTimeUnderLoad runs 2 solvers per CPU at once, each burning
// 0.25 s of CPU time under a 1 s limit, beside a CPU hog of 2 goroutines per
// CPU: each gets about a quarter of a core, so each takes about 1 s of wall
// time or more, which a wall-clock limit of 1 s fails. Every one must be
// accepted, its CPU time measured near 0.25 s (the test binary's start
// included), below 0.75 s, which a second of wall time is not. (Half of
// what it burned once: the ratios of burn, limit and wall time are what
// is tested, and the hog burns both cores for as long as the test runs.)
func TestRunCPUTimeUnderLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("burns CPU")
	}
	hog(t)
	const burn = 250 * time.Millisecond
	t.Setenv("SOLVERPROC_BURN", burn.String())
	argv := []string{os.Args[0], "-test.run=^TestHelperProcess$"}
	n := 2 * runtime.NumCPU()
	results := make([]Result, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		// The idleness limit is a minute: what is tested is the CPU time
		// (a machine far busier than the hog, as a shared runner can be,
		// would reach the default idleness limit; a check then runs the
		// input again alone).
		wg.Go(func() {
			results[i], errs[i] = Run(context.Background(), argv, nil, Limits{Time: 4 * burn, Idle: time.Minute})
		})
	}
	wg.Wait()
	for i, r := range results {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if r.TimedOut || r.Idle || r.Crashed() || string(r.Stdout) != "done\n" || r.CPU < burn || r.CPU > 3*burn {
			t.Errorf("run %d: %s (%s), stdout %q, stderr %q", i, r.Describe(), r.Usage(), r.Stdout, r.StderrTail)
		} else {
			t.Logf("run %d: %s", i, r.Usage())
		}
	}
}

// modes runs a test with the tree held by a cgroup, where one can be made,
// and followed through /proc.
func modes(t *testing.T, test func(t *testing.T)) {
	if base, err := cgroupBase(); err == nil {
		if cg, err := newCgroup(); err == nil {
			cg.fd.Close()
			os.Remove(cg.dir)
			t.Run("cgroup", test)
		} else {
			t.Logf("no cgroup under %s: %v", base, err)
		}
	}
	t.Run("proc", func(t *testing.T) {
		t.Setenv(noCgroupEnv, "1")
		test(t)
	})
}

// TestRunKillsEscapedDescendants checks that processes the solver started
// in a new session (setsid), which a process-group kill misses, are gone
// after the run, whether the solver exits at once, at the time limit, at
// the idleness limit, or its run is cancelled (beside a CPU hog in the
// long suite). The cases of a mode run beside each other, as a check's
// runs do with --jobs: each run's tree is its own (TestSweepSparesOtherRuns),
// and each case asserts on its own child's pid, so the idleness case's
// wait overlaps the others' instead of following them.
func TestRunKillsEscapedDescendants(t *testing.T) {
	hogWhenLong(t)
	cases := []struct {
		name, script string
		cancel       bool
	}{
		{"exits", `setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $!`, false},
		{"double fork", `setsid sh -c 'sleep 300 & echo $!' </dev/null 2>/dev/null`, false},
		{"time limit", `setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $!; while :; do :; done`, false},
		{"idle", `setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $!; exec sleep 300`, false},
		{"cancelled", `setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $!; exec sleep 300`, true},
	}
	modes(t, func(t *testing.T) {
		for _, tt := range cases {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel() // within the mode, whose environment its parent holds until they end
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				script := tt.script
				if tt.cancel {
					// Cancel once the shell has printed its child's pid
					// (it says so in a file), not at a time: on a loaded
					// machine it may not have started by then.
					mark := filepath.Join(t.TempDir(), "printed")
					script = strings.Replace(script, "; exec", "; : >"+mark+"; exec", 1)
					go func() {
						for ctx.Err() == nil {
							if _, err := os.Stat(mark); err == nil {
								cancel()
								return
							}
							time.Sleep(10 * time.Millisecond)
						}
					}()
				}
				r, err := Run(ctx, []string{"sh", "-c", script}, nil, Limits{Time: 300 * time.Millisecond, Idle: 500 * time.Millisecond})
				if err != nil && !tt.cancel {
					t.Fatal(err)
				}
				pid, perr := strconv.Atoi(strings.TrimSpace(string(r.Stdout)))
				if perr != nil {
					t.Fatalf("printed %q (%s)", r.Stdout, r.Describe())
				}
				if alive(pid) {
					t.Errorf("the setsid child %d is still running after the run (%s)", pid, r.Describe())
					syscall.Kill(pid, syscall.SIGKILL)
				}
			})
		}
	})
}

// TestRunReadsOutputToTheEnd runs solvers that print a lot and exit at
// once, beside each other (and a CPU hog in the long suite), one with a
// child that keeps stdout open: the output is never cut, and the child is
// named.
func TestRunReadsOutputToTheEnd(t *testing.T) {
	hogWhenLong(t)
	const size = 4 << 20
	want := bytes.Repeat([]byte{0}, size)
	for _, script := range []string{
		fmt.Sprintf("head -c %d /dev/zero", size),
		fmt.Sprintf("sleep 300 & head -c %d /dev/zero", size),
	} {
		modes(t, func(t *testing.T) {
			var wg sync.WaitGroup
			for i := range 2 * runtime.NumCPU() {
				wg.Go(func() {
					r, err := Run(context.Background(), []string{"sh", "-c", script}, nil, Limits{Time: 5 * time.Second})
					if err != nil {
						t.Error(err)
						return
					}
					if !bytes.Equal(r.Stdout, want) || r.Crashed() || r.TimedOut || r.Idle {
						t.Errorf("%q, run %d: %d bytes of %d (%s)", script, i, len(r.Stdout), size, r.Describe())
					}
					if strings.Contains(script, "sleep") && (len(r.Leftovers) != 1 || !strings.Contains(r.Leftovers[0], "holding stdout open")) {
						t.Errorf("%q, run %d: leftovers %q", script, i, r.Leftovers)
					}
				})
			}
			wg.Wait()
		})
	}
}

// TestGateAlone checks that a run in an Alone context waits for the runs
// in progress and holds back the runs that come after it. The order is
// read from events the solvers themselves write (an append to one file
// as each starts and ends), not from clocks around Run, which also count
// the harness's work before and after the solver's.
func TestGateAlone(t *testing.T) {
	t.Parallel() // see parallel_test.go
	var g Gate
	ctx := WithGate(context.Background(), &g)
	lim := Limits{Time: 5 * time.Second}
	events := filepath.Join(t.TempDir(), "events")
	run := func(ctx context.Context, tag string) {
		script := `echo "start $1" >>"$2"; sleep 0.3; echo "end $1" >>"$2"`
		r, err := Run(ctx, []string{"sh", "-c", script, "sh", tag, events}, nil, lim)
		if err != nil || r.Crashed() {
			t.Errorf("%v %s", err, r.Describe())
		}
	}
	var wg sync.WaitGroup
	wg.Go(func() { run(ctx, "shared1") })
	time.Sleep(100 * time.Millisecond)
	wg.Go(func() { run(Alone(ctx), "alone") })
	time.Sleep(100 * time.Millisecond)
	wg.Go(func() { run(ctx, "shared2") })
	wg.Wait()
	b, err := os.ReadFile(events)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	i := slices.Index(lines, "start alone")
	if len(lines) != 6 || i < 0 || i+1 >= len(lines) || lines[i+1] != "end alone" {
		t.Errorf("the run alone overlaps another: events %q", lines)
	}
}

// TestHelperOwner is not a test: run as a child process with
// SOLVERPROC_OWNER set to a file name, it is a program that runs a solver,
// which starts a child in a session of its own, writes both processes'
// pids to that file and sleeps; the test kills it with SIGKILL.
func TestHelperOwner(t *testing.T) {
	file := os.Getenv("SOLVERPROC_OWNER")
	if file == "" {
		t.Skip("a helper process, not a test")
	}
	script := `sleep 300 </dev/null >/dev/null 2>&1 & g=$!; setsid sleep 300 </dev/null >/dev/null 2>&1 & echo "$$ $! $g" > "$0.tmp"; mv "$0.tmp" "$0"; exec sleep 300`
	_, _ = Run(context.Background(), []string{"sh", "-c", script, file}, nil, Limits{Time: time.Minute})
	os.Exit(0)
}

// TestRunSIGKILLOfOwner kills a program running a solver with SIGKILL,
// which it cannot catch: the solver must die with it, and so must the
// solver's children, one in its process group and one in a session of its
// own: in a cgroup and without one (a watchdog kills what is left; issue
// 29: without a cgroup, kill -9 of check left 12 of a solver's processes).
func TestRunSIGKILLOfOwner(t *testing.T) {
	modes(t, func(t *testing.T) {
		file := t.TempDir() + "/pids"
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperOwner$")
		cmd.Env = append(os.Environ(), "SOLVERPROC_OWNER="+file)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var solver, child, member int
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			if b, err := os.ReadFile(file); err == nil {
				if _, err := fmt.Sscan(string(b), &solver, &child, &member); err != nil {
					t.Fatalf("%q: %v", b, err)
				}
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatal("the solver did not start")
			}
		}
		cmd.Process.Kill()
		cmd.Wait()
		gone := func(pid int) bool {
			for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
				if !alive(pid) {
					return true
				}
			}
			return false
		}
		for _, p := range []struct {
			pid  int
			what string
		}{{solver, "the solver"}, {child, "the solver's child in a session of its own"}, {member, "the solver's child in its process group"}} {
			if !gone(p.pid) {
				t.Errorf("%s, %d, outlived its owner's SIGKILL", p.what, p.pid)
				syscall.Kill(p.pid, syscall.SIGKILL)
			}
		}
	})
}
