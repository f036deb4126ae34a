package solverproc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Limits on what is kept of a solver's output.
const (
	// MaxStdout is the most stdout kept; a program printing more is cut
	// there, and Result.StdoutDropped says by how much, so that its run is
	// an output-format fault of its own, never a cut output taken as whole.
	// What it prints beyond is read and dropped, so that it never blocks on
	// a full pipe.
	MaxStdout = 16 << 20
	// StderrTail is how much of the end of stderr is kept for crash reports.
	StderrTail = 2048
)

// Limits are what one run of a solver may use.
type Limits struct {
	// Time is the CPU time limit, as judges count it: user and system time
	// of the solver and of every process it starts, together (on Linux;
	// elsewhere wall time). A run over it is killed, and a run that ends
	// having used more than it is over it too. 0: none.
	Time time.Duration
	// Idle is the idleness limit: wall-clock time in which the run did
	// not work (its CPU time grew by less than 1% of it) after which it is
	// killed, so that a solver that sleeps or waits for input that never
	// comes ends, while one that works slowly on a loaded machine is left
	// to its CPU time limit. Without a Time (or where CPU time cannot be
	// read) it is plain wall-clock time. 0 means DefaultIdle(Time);
	// without a Time, none.
	Idle time.Duration
	// Memory is the memory limit in bytes (Linux only; see ErrNoMemoryLimit
	// and the rule in memory.go); 0: none.
	Memory int64
}

// DefaultIdle is the idleness limit that goes with a CPU time limit t:
// five times it, and at least 10 s more than it, so that a solver that
// works is not stopped by it on a machine busy with other work (it still
// has a fifth of a core), while one that sleeps is stopped in seconds. A
// solver stopped by it all the same is run again alone before it is
// blamed (Gate).
func DefaultIdle(t time.Duration) time.Duration { return max(5*t, t+10*time.Second) }

// idle is the idleness limit in force; 0: none.
func (l Limits) idle() time.Duration {
	switch {
	case l.Idle > 0:
		return l.Idle
	case l.Time > 0:
		return DefaultIdle(l.Time)
	}
	return 0
}

// SignalKilled is Result.Signal of a run ended by SIGKILL: sent from
// outside (by this package at a limit, by the OOM killer), never raised by
// a solver's own fault.
const SignalKilled = "killed"

// Result is how one run of a solver ended.
type Result struct {
	Stdout []byte // everything printed, up to MaxStdout, read to its end
	// StdoutDropped is how many bytes were printed past MaxStdout, and
	// dropped; 0 when Stdout is the whole output.
	StdoutDropped int64
	StderrTail    string // the last StderrTail bytes of stderr
	ExitCode      int    // the exit status; -1 when killed by a signal
	Signal        string // the signal that ended it ("killed", "segmentation fault"), or ""
	// TimedOut says the run used more CPU time than Limits.Time: it was
	// killed, or it ended over the limit.
	TimedOut bool
	// Idle says the run was killed at the idleness limit (Limits.Idle)
	// with CPU time to spare: it slept or waited.
	Idle    bool
	CPU     time.Duration // CPU time of the solver and everything it started (0 where not known)
	Elapsed time.Duration // wall time from start to exit
	// Leftovers names the processes the solver started that were still
	// running after it exited ("pid 4242 (sleep), holding stdout open"):
	// they were killed, and its output read to the end after that.
	Leftovers []string
	// PeakRSS is the solver's peak resident memory in bytes, where the
	// system reports it (Linux); 0 when it is not known. Under a memory
	// limit it is not known when it did not exceed the peak of the program
	// that set the limit before exec (a high-water mark that exec keeps);
	// without one, when it did not exceed this process's own peak.
	PeakRSS int64
	// OverMemory says why the run counts as over Limits.Memory; "" when it
	// does not, or no limit was set.
	OverMemory string
	// MemoryNote says, for a crash under a memory limit that does not
	// count as the limit, why it does not.
	MemoryNote string
	// oomKills is how many of the run's processes the kernel killed at a
	// memory limit of the whole tree (memtree_linux.go).
	oomKills int
}

// Crashed reports whether the solver ended abnormally on its own: a non-zero
// exit status or a signal, within its limits.
func (r Result) Crashed() bool {
	return !r.TimedOut && !r.Idle && (r.ExitCode != 0 || r.Signal != "")
}

// Describe says in a few words how the run ended: "exit status 3",
// "signal segmentation fault", "time limit: 2.01 s CPU in 2.3 s wall",
// "idleness limit: 0.01 s CPU in 6 s wall".
func (r Result) Describe() string {
	switch {
	case r.TimedOut:
		return "time limit: " + r.Usage()
	case r.Idle:
		return "idleness limit: " + r.Usage()
	case r.Signal != "":
		return "signal " + r.Signal
	default:
		return fmt.Sprintf("exit status %d", r.ExitCode)
	}
}

// Usage says the CPU and wall time of the run: "0.51 s CPU in 1.2 s wall".
func (r Result) Usage() string {
	return fmt.Sprintf("%s s CPU in %s s wall", seconds(r.CPU), seconds(r.Elapsed))
}

// seconds writes d in seconds to two decimals, or three below 0.1 s.
func seconds(d time.Duration) string {
	if d < 100*time.Millisecond {
		return fmt.Sprintf("%.3f", d.Seconds())
	}
	return fmt.Sprintf("%.2f", d.Seconds())
}

// CanLimitMemory returns nil where Run can enforce Limits.Memory, and
// ErrNoMemoryLimit elsewhere.
func CanLimitMemory() error { return canLimitMemory() }

// MemoryScope says what Limits.Memory holds here: "the solver and every
// process it starts, together" where runs are held in a cgroup with the
// memory controller (memtree_linux.go), else "each process on its own".
func MemoryScope() string {
	if treeMemory() {
		return "the solver and every process it starts, together"
	}
	return "each process on its own"
}

// Run starts argv as a tree of processes of its own (tree.go), writes
// input to its stdin, reads its stdout and stderr to their end, and waits
// for it to exit: within lim.Time of CPU time and lim.Idle of wall time,
// or until ctx is done. At either limit, or on cancellation, the whole
// tree is killed with SIGKILL; after the solver exits, whatever it left
// running is killed too (and named in Result.Leftovers), so that nothing
// outlives the run and the output is read to its end without racing a
// timer. With lim.Memory, the solver runs under that memory limit and
// Result.OverMemory says whether it went over (memory.go). Where ctx has
// a Gate, the run takes it (gate.go). The error is non-nil only when the
// command could not be started (not found, not executable, a memory limit
// where there is none) or ctx ended it.
func Run(ctx context.Context, argv []string, input []byte, lim Limits) (Result, error) {
	res, alloc, err := runOnce(ctx, argv, input, lim)
	if err != nil || lim.Memory <= 0 {
		return res, err
	}
	res.OverMemory = overMemory(lim.Memory, res, alloc)
	if res.OverMemory == "" && res.Crashed() {
		res.OverMemory = staticOverLimit(argv[0], lim.Memory, res)
	}
	if res.OverMemory == "" && res.Crashed() {
		res.OverMemory, res.MemoryNote = rerunCrash(ctx, argv, input, lim, res)
	}
	return res, nil
}

// pollEvery is how often a run's CPU time is read while it runs: a run
// over its limit is killed within about that much more.
const pollEvery = 20 * time.Millisecond

// runOnce is one run of Run, without the judgement of the memory limit; it
// returns the allocation failure stderr names, if any.
func runOnce(ctx context.Context, argv []string, input []byte, lim Limits) (Result, string, error) {
	if len(argv) == 0 {
		return Result{}, "", errors.New("empty command")
	}
	leave := enter(ctx)
	defer leave()
	if err := ctx.Err(); err != nil {
		return Result{}, "", err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	var status *os.File
	started := func() {}
	if lim.Memory > 0 {
		var err error
		if cmd, status, started, err = limitedCommand(argv, lim.Memory); err != nil {
			return Result{}, "", fmt.Errorf("starting %s: %w", argv[0], err)
		}
	}
	p, err := newPipes()
	if err != nil {
		return Result{}, "", fmt.Errorf("starting %s: %w", argv[0], err)
	}
	defer p.close()
	cmd.Stdin, cmd.Stdout, cmd.Stderr = p.in.r, p.out.w, p.err.w
	t := prepareTree(cmd)
	treeLimited := false
	if m, ok := t.(interface{ limitMemory(int64) bool }); ok && lim.Memory > 0 {
		treeLimited = m.limitMemory(lim.Memory) // before the start: the whole tree, from its first page
	}

	start := time.Now()
	err = t.start(cmd, lim.Time)
	started()
	p.closeChildEnds()
	if err != nil {
		t.release(nil)
		if status != nil {
			status.Close()
		}
		return Result{}, "", fmt.Errorf("starting %s: %w", argv[0], err)
	}

	var stdout capped
	stdout.max = MaxStdout
	var stderr tail
	var alloc allocWatch
	var errSink io.Writer = &stderr
	if lim.Memory > 0 {
		errSink = io.MultiWriter(&stderr, &alloc)
	}
	go p.feed(input)
	outDone := p.out.drain(&stdout)
	errDone := p.err.drain(errSink)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()

	res, ctxErr := watch(ctx, t, lim, done)
	res.Elapsed = time.Since(start)

	// The solver has exited. Where it exited on its own, what it started
	// and left running is killed and named; where it was killed (a limit,
	// a cancellation), its tree was killed with it and is dying, which is
	// no leftover of the solver's.
	outInode := pipeInode(p.out.r)
	named := map[int]bool{}
	if !res.TimedOut && !res.Idle && ctxErr == nil {
		if left := t.alive(); len(left) > 0 {
			holders := pipeHolders(outInode, left)
			for _, pid := range left {
				named[pid] = true
				res.Leftovers = append(res.Leftovers, describeProc(pid, holders))
			}
		}
	}
	t.kill()
	if w, ok := t.(interface{ waitEmpty() }); ok {
		w.waitEmpty() // a cgroup: every process of it gone, its pipes closed
	}
	// Every process of the tree is dead now, so both reads reach their
	// end. A descendant that escaped the tree (possible only where it is
	// followed through /proc) is found by the pipe it holds, killed and
	// named, until the pipes are closed; a process that is no member of
	// this run's tree (another run's solver between fork and exec holds a
	// copy of every descriptor for a moment) is never killed, only waited
	// for.
	for _, pp := range []struct {
		done  <-chan struct{}
		inode uint64
		name  string
	}{{outDone, outInode, "stdout"}, {errDone, pipeInode(p.err.r), "stderr"}} {
		for waiting := true; waiting; {
			select {
			case <-pp.done:
				waiting = false
			case <-time.After(100 * time.Millisecond):
				for _, pid := range sweepHolders(t, pp.inode) {
					if !named[pid] {
						named[pid] = true
						res.Leftovers = append(res.Leftovers, describeProc(pid, nil)+", holding "+pp.name+" open")
					}
				}
			}
		}
	}
	if m, ok := t.(interface{ oomKills() int }); ok && treeLimited {
		res.oomKills = m.oomKills()
	}
	cpu, cpuKnown := t.release(cmd.ProcessState)
	if cpuKnown {
		res.CPU = cpu
		if lim.Time > 0 && cpu > lim.Time {
			res.TimedOut, res.Idle = true, false
		}
	}

	var helperPeak int64
	if status != nil {
		var err error
		if helperPeak, err = execStatus(status); err != nil {
			return Result{}, "", fmt.Errorf("starting %s: %w", argv[0], err)
		}
	}
	res.Stdout, res.StdoutDropped = stdout.buf.Bytes(), stdout.dropped
	res.StderrTail = stderr.String()
	if cmd.ProcessState == nil {
		res.ExitCode = -1 // cannot happen after a successful Start
	} else {
		if sig := signalOf(cmd.ProcessState); sig != "" {
			res.ExitCode = -1
			res.Signal = sig
		} else {
			res.ExitCode = cmd.ProcessState.ExitCode()
		}
		// Without the helper, the solver was started by a fork of this
		// process sharing its memory, whose high-water mark exec keeps: a
		// peak not above this process's own is this process's, not known.
		if peak := peakRSS(cmd.ProcessState); peak > helperPeak && (status != nil || peak > ownPeakRSS()) {
			res.PeakRSS = peak
		}
	}
	return res, alloc.found, ctxErr
}

// busyIn is the CPU time a tree must use in an idleness window of length
// w to count as working, not idle: 1% of a core, and at least 10 ms. A
// solver that sleeps or waits uses next to none; one that works gets far
// more even on a loaded machine (at load 30 on two cores, about 6%).
func busyIn(w time.Duration) time.Duration { return max(w/100, 10*time.Millisecond) }

// watch waits for the solver's process to exit (done), killing the tree at
// the CPU time limit, at the idleness limit, or when ctx is done. Where the
// CPU time cannot be read, lim.Time is wall time.
func watch(ctx context.Context, t tree, lim Limits, done <-chan struct{}) (Result, error) {
	var res Result
	_, cpuKnown := t.cpu()
	wall := lim.idle()
	if !cpuKnown {
		wall = lim.Time
	}
	var wallC <-chan time.Time
	var lastCPU time.Duration // the tree's CPU time when the window began
	if wall > 0 {
		wallC = time.After(wall)
	}
	var pollC <-chan time.Time
	if cpuKnown && lim.Time > 0 {
		tick := time.NewTicker(pollEvery)
		defer tick.Stop()
		pollC = tick.C
	}
	for {
		select {
		case <-done:
			return res, nil
		case <-pollC:
			if d, ok := t.cpu(); ok && d > lim.Time {
				t.kill()
				res.TimedOut = true
				<-done
				return res, nil
			}
		case <-wallC:
			if cpuKnown && lim.Time > 0 {
				// Idle is wall time in which the tree did not work: one
				// that used CPU time in the window was busy, only slowed
				// by a loaded machine, and gets another window (its CPU
				// time limit still bounds it).
				if d, ok := t.cpu(); ok && d-lastCPU >= busyIn(wall) {
					lastCPU = d
					wallC = time.After(wall)
					continue
				}
			}
			t.kill()
			res.TimedOut, res.Idle = !cpuKnown, cpuKnown
			<-done
			return res, nil
		case <-ctx.Done():
			t.kill()
			<-done
			return res, ctx.Err()
		}
	}
}

// sweepHolders kills the processes that hold a pipe of inode open and
// that t may kill (a member of the tree, or a process that can have had
// the pipe only from it), and returns them.
func sweepHolders(t tree, inode uint64) []int {
	var killed []int
	holdStarts() // no run of this program is between fork and exec
	defer releaseStarts()
	for _, pid := range pipeHolders(inode, nil) {
		if t.mayKill(pid) {
			killPid(pid)
			killed = append(killed, pid)
		}
	}
	return killed
}

// describeProc names a process left running: "pid 4242 (sleep)", with
// ", holding stdout open" when it is among holders.
func describeProc(pid int, holders []int) string {
	s := fmt.Sprintf("pid %d", pid)
	if name := procName(pid); name != "" {
		s += " (" + name + ")"
	}
	for _, h := range holders {
		if h == pid {
			return s + ", holding stdout open"
		}
	}
	return s
}

// pipe is one of a run's three pipes: r and w, either set to nil once
// closed.
type pipe struct{ r, w *os.File }

// pipes are a run's stdin, stdout and stderr.
type pipes struct{ in, out, err pipe }

func newPipes() (*pipes, error) {
	p := &pipes{}
	for _, q := range []*pipe{&p.in, &p.out, &p.err} {
		r, w, err := os.Pipe()
		if err != nil {
			p.close()
			return nil, err
		}
		q.r, q.w = r, w
	}
	return p, nil
}

// closeChildEnds closes this process's copies of the ends the solver got,
// so that the reads end when every process of the solver's tree has closed
// its own.
func (p *pipes) closeChildEnds() {
	p.in.r.Close()
	p.out.w.Close()
	p.err.w.Close()
	p.in.r, p.out.w, p.err.w = nil, nil, nil
}

// feed writes input to the solver's stdin and closes it; a solver that
// exits without reading it all ends the write (EPIPE).
func (p *pipes) feed(input []byte) {
	_, _ = p.in.w.Write(input)
	p.in.w.Close()
}

// drain copies the read end to w until its end, and closes done then.
func (q pipe) drain(w io.Writer) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		_, _ = io.Copy(w, q.r)
		close(done)
	}()
	return done
}

// close closes every end still open but stdin's write end, which feed
// closes.
func (p *pipes) close() {
	for _, f := range []*os.File{p.in.r, p.out.r, p.out.w, p.err.r, p.err.w} {
		if f != nil {
			f.Close()
		}
	}
}

// capped is a buffer that keeps at most max bytes and counts the rest,
// which it drops.
type capped struct {
	buf     bytes.Buffer
	max     int
	dropped int64
}

func (c *capped) Write(p []byte) (int, error) {
	room := max(0, c.max-c.buf.Len())
	c.buf.Write(p[:min(len(p), room)])
	c.dropped += int64(len(p) - min(len(p), room))
	return len(p), nil
}

// tail keeps the last StderrTail bytes written to it.
type tail struct{ b []byte }

func (t *tail) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > 2*StderrTail {
		t.b = append(t.b[:0], t.b[len(t.b)-StderrTail:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	if len(t.b) > StderrTail {
		return string(t.b[len(t.b)-StderrTail:])
	}
	return string(t.b)
}

// Leftover joins Result.Leftovers for a verdict's detail; "" when none.
func (r Result) Leftover() string {
	if len(r.Leftovers) == 0 {
		return ""
	}
	return "still running after the solver exited, and killed: " + strings.Join(r.Leftovers, "; ")
}
