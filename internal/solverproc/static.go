package solverproc

import (
	"debug/elf"
	"fmt"
	"os/exec"
)

// staticOverLimit applies the rule of a static array too large for the
// memory limit: Linux maps a program's writable ELF segments (its data and
// its zero-filled bss, where static arrays live) at exec, and when they
// exceed RLIMIT_DATA the exec fails after the point of no return and the
// kernel kills the process with SIGSEGV, before any of its code runs. Its
// peak resident memory is then the helper's, and a run under the larger
// limit of rerunCrash crashes again whenever the array exceeds that too,
// so neither rule sees it. A run that was killed by a signal, of a program
// (argv[0], looked up in PATH) that is an ELF file whose writable segments
// take more than limit bytes, is over the limit; "" for any other run.
func staticOverLimit(argv0 string, limit int64, r Result) string {
	if limit <= 0 || r.TimedOut || r.Signal == "" {
		return ""
	}
	size, err := staticData(argv0)
	if err != nil || size <= limit {
		return ""
	}
	return fmt.Sprintf("%s at start: its static data (writable ELF segments, static arrays included) takes %s, over the limit of %s, which Linux refuses to map at exec",
		r.Describe(), FormatSize(size), FormatSize(limit))
}

// staticData is the size in memory of the writable loadable segments of
// the ELF program argv0; an error for a program that is not an ELF file
// (a script, another system's binary).
func staticData(argv0 string) (int64, error) {
	path, err := exec.LookPath(argv0)
	if err != nil {
		return 0, err
	}
	f, err := elf.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var size uint64
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD && p.Flags&elf.PF_W != 0 {
			size += p.Memsz
		}
	}
	return int64(min(size, 1<<62)), nil
}
