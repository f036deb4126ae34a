package solverproc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
)

// ErrNoMemoryLimit is returned by Run for a memory limit on a system where
// this package cannot set one (every system but Linux).
var ErrNoMemoryLimit = errors.New("a solver's memory can only be limited on Linux")

// How a memory limit is enforced and judged (Limits.Memory), on Linux:
//
// The solver runs under RLIMIT_DATA, the kernel's limit on a process's
// private writable memory (heap, mmap'd memory, thread stacks), so that an
// allocation past the limit fails inside the solver: C++'s new throws
// std::bad_alloc, malloc returns NULL, Go's runtime dies with "out of
// memory", Python raises MemoryError. RLIMIT_AS, the address space, is not
// used: runtimes reserve far more address space than they use, and a Go
// program does not start below about 700 MB of it (its runtime reserves its
// page summaries up front), nor do Java or Node. Linux maps a program's
// static arrays at exec, refusing those larger than the data limit (the
// rule of static.go), and their pages count as resident only once touched,
// which is why the peak resident memory is checked as well.
//
// A run is over the memory limit (Result.OverMemory) when
//
//   - the kernel killed a process of it at the limit of its whole tree,
//     where there is one (memtree_linux.go: a cgroup's memory.max); or
//   - its peak resident memory (getrusage's ru_maxrss, of the solver and
//     the children it waited for) exceeds the limit, whatever its exit
//     status (ru_maxrss is a high-water mark that exec keeps: a peak not
//     above the helper's own, which the helper reports, may not be the
//     solver's and counts as not known); or
//   - it was killed by a signal, and its program is an ELF file whose
//     writable segments (static arrays) take more than the limit: the
//     kernel refuses to map them at exec and kills it with SIGSEGV before
//     any of its code runs (static.go); or
//   - it crashed (a non-zero exit status or a signal) and its stderr says
//     an allocation failed (one of allocFailures, case-insensitive); or
//   - it crashed and its peak resident memory reached 90% of the limit
//     (nearFraction); or
//   - it crashed without either sign, and run again on the same input
//     under a limit of rerunLimit it did not crash: it ended, or ran until
//     the time limit. A C program whose malloc returned NULL dies without
//     a word, as does, at times, Go's runtime (its collector can fault on
//     a failed allocation before the allocating goroutine says "out of
//     memory"); and a large allocation that fails is never resident, so
//     the peak says nothing of it.
//
// A crash that crashes again under the larger limit stays a crash, and
// Result.MemoryNote says what was seen. A run killed at the time limit is
// a time limit. The last rule costs a second run of every crash under a
// memory limit, and assumes that the solver does the same on the same
// input, as contest solutions do.

// rerunLimit is the memory limit under which a crash with no sign of the
// limit is run again: the limit plus 1 GiB, or four times it if that is
// more. It bounds what a runaway solver can take of the machine in that run.
func rerunLimit(limit int64) int64 { return max(4*limit, limit+1<<30) }

// rerunCrash runs a crash with no sign of the memory limit again under
// rerunLimit, and returns Result.OverMemory and Result.MemoryNote.
func rerunCrash(ctx context.Context, argv []string, input []byte, lim Limits, first Result) (over, note string) {
	more := rerunLimit(lim.Memory)
	again, _, err := runOnce(ctx, argv, input, Limits{Time: lim.Time, Memory: more})
	switch {
	case err != nil:
		return "", fmt.Sprintf("(under a memory limit of %s, with no sign of it: stderr names no failed allocation, and the peak resident memory was %s)",
			FormatSize(lim.Memory), peakText(first.PeakRSS))
	case !again.Crashed():
		how := "ended with exit status 0"
		if again.TimedOut {
			how = "ran until the time limit"
		}
		return fmt.Sprintf("%s under the limit of %s (peak resident memory %s, no message); run again under %s it %s, with peak resident memory %s",
			first.Describe(), FormatSize(lim.Memory), peakText(first.PeakRSS), FormatSize(more), how, peakText(again.PeakRSS)), ""
	}
	return "", fmt.Sprintf("(not the memory limit of %s: stderr names no failed allocation, the peak resident memory was %s, and it crashed again under %s)",
		FormatSize(lim.Memory), peakText(first.PeakRSS), FormatSize(more))
}

// nearFraction is how close to the limit the peak resident memory of a
// silent crash must come to count as the limit: memory that was allocated
// but never touched is not resident, so a process stopped by the data limit
// can have a peak well below it, and a crash far below it is more likely
// another bug.
const nearFraction = 0.9

// allocFailures are the messages runtimes print when an allocation fails,
// lower case: C++'s std::bad_alloc, Go's and many others' "out of memory",
// Java's OutOfMemoryError, Python's MemoryError, strerror(ENOMEM), Rust's
// "memory allocation of N bytes failed".
var allocFailures = [][]byte{
	[]byte("bad_alloc"),
	[]byte("out of memory"),
	[]byte("outofmemory"),
	[]byte("memoryerror"),
	[]byte("cannot allocate memory"),
	[]byte("memory allocation of"),
}

// overMemory applies the rule above to a finished run under limit bytes;
// "" when it is not over the limit, else why it is.
func overMemory(limit int64, r Result, allocMsg string) string {
	switch {
	case limit <= 0 || r.TimedOut:
		return ""
	case r.PeakRSS > limit:
		return fmt.Sprintf("peak resident memory %s, over the limit of %s", peakText(r.PeakRSS), FormatSize(limit))
	case r.oomKills > 0:
		return fmt.Sprintf("the kernel killed %d of its processes at the memory limit of %s, which holds the solver and every process it starts together (cgroup memory.max)",
			r.oomKills, FormatSize(limit))
	case !r.Crashed():
	case allocMsg != "":
		return fmt.Sprintf("%s after an allocation failed (stderr says %q) under the limit of %s; peak resident memory %s",
			r.Describe(), allocMsg, FormatSize(limit), peakText(r.PeakRSS))
	case r.PeakRSS > 0 && float64(r.PeakRSS) >= nearFraction*float64(limit):
		return fmt.Sprintf("%s with peak resident memory %s, within %.0f%% of the limit of %s",
			r.Describe(), peakText(r.PeakRSS), 100*(1-nearFraction), FormatSize(limit))
	}
	return ""
}

// peakText writes a peak resident memory, or says it is not known.
func peakText(peak int64) string {
	if peak <= 0 {
		return "not known"
	}
	return FormatSize(peak)
}

// allocWatch watches a stream for allocFailures, across writes.
type allocWatch struct {
	carry []byte // the end of the stream so far, shorter than the longest message
	found string // the first message seen, as the stream spelt it
}

func (a *allocWatch) Write(p []byte) (int, error) {
	if a.found != "" {
		return len(p), nil
	}
	buf := append(a.carry, p...)
	lower := asciiLower(buf) // byte for byte: an index in it is one in buf
	longest := 0
	for _, m := range allocFailures {
		if i := bytes.Index(lower, m); i >= 0 {
			a.found = string(buf[i : i+len(m)])
			a.carry = nil
			return len(p), nil
		}
		longest = max(longest, len(m))
	}
	keep := min(len(buf), longest-1)
	a.carry = append(a.carry[:0], buf[len(buf)-keep:]...)
	return len(p), nil
}

// asciiLower is b with its ASCII letters in lower case and every other
// byte as it is: the same length, unlike bytes.ToLower on UTF-8.
func asciiLower(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}
