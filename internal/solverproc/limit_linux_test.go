package solverproc

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestHelperMemory is not a test: run as a child process with
// SOLVERPROC_HELPER set, it is a solver that uses memory: "heap" allocates
// and touches 1 GB on the Go heap, "shared" maps and touches 300 MB of
// shared memory (which the data limit does not count), "small" touches 8 MB
// and exits 0.
func TestHelperMemory(t *testing.T) {
	mode := os.Getenv("SOLVERPROC_HELPER")
	if mode == "" {
		t.Skip("a helper process, not a test")
	}
	touch := func(b []byte) {
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
	}
	switch mode {
	case "heap":
		touch(make([]byte, 1<<30))
	case "shared":
		b, err := syscall.Mmap(-1, 0, 300<<20, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED|syscall.MAP_ANON)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(5)
		}
		touch(b)
	case "small":
		touch(make([]byte, 8<<20))
	}
	fmt.Println("done")
	os.Exit(0)
}

func helperArgv(t *testing.T, mode string) []string {
	t.Setenv("SOLVERPROC_HELPER", mode)
	return []string{os.Args[0], "-test.run=^TestHelperMemory$"}
}

// TestRunMemoryLimit runs real processes under memory limits: a 64 MB limit
// reaches the solver (and the helper's variable does not); under 256 MB, a
// Go program allocating 1 GB is over it, one touching 300 MB of memory the
// data limit does not count is over it by its peak, and one using 8 MB is
// not; a crash that crashes again with more memory is no memory limit.
// (This test binary, the helper, needs some 100 MB of the data limit
// to start: its Go runtime maps its heap index at start.)
func TestRunMemoryLimit(t *testing.T) {
	ctx := context.Background()
	r, err := Run(ctx, []string{"sh", "-c", `ulimit -d; echo "${` + limitEnv + `-unset}"`}, nil, Limits{Time: 20 * time.Second, Memory: 64e6})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(r.Stdout); got != "62500\nunset\n" || r.OverMemory != "" {
		t.Errorf("ulimit -d under a 64 MB limit: %q (over: %q), want 62500 KiB and no variable", got, r.OverMemory)
	}

	r, err = Run(ctx, []string{"sh", "-c", "kill -SEGV $$"}, nil, Limits{Time: 20 * time.Second, Memory: 64e6})
	if err != nil || !r.Crashed() || r.OverMemory != "" || !strings.Contains(r.MemoryNote, "crashed again under 1.14 GB") {
		t.Errorf("a plain crash under a limit: %+v, %v", r, err)
	}

	if raceBuild {
		t.Skip("this binary, the helper solver, does not start under 256 MB with the race detector")
	}
	for _, tt := range []struct {
		mode, want string // want: a substring of OverMemory, "" for none
	}{
		{"heap", "under the limit of 256 MB"}, // with "out of memory" on stderr, or without a word (then run again)
		{"shared", "over the limit of 256 MB"},
		{"small", ""},
	} {
		r, err := Run(ctx, helperArgv(t, tt.mode), nil, Limits{Time: 20 * time.Second, Memory: 256e6})
		if err != nil {
			t.Fatalf("%s: %v", tt.mode, err)
		}
		if tt.want == "" && (r.OverMemory != "" || r.Crashed()) || !strings.Contains(r.OverMemory, tt.want) {
			t.Errorf("%s: %s, peak %s, over %q; want %q\nstderr: %s", tt.mode, r.Describe(), FormatSize(r.PeakRSS), r.OverMemory, tt.want, r.StderrTail)
		}
	}
}

// TestRunMemoryLimitStartErrors checks that a solver that cannot start is
// an error under a memory limit too, not a crash: not found, and not an
// executable format (the helper's exec fails).
func TestRunMemoryLimitStartErrors(t *testing.T) {
	junk := filepath.Join(t.TempDir(), "junk")
	if err := os.WriteFile(junk, []byte("\x00\x01 not a program"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, argv := range [][]string{{"/no/such/solver"}, {junk}} {
		_, err := Run(context.Background(), argv, nil, Limits{Time: 5 * time.Second, Memory: 64e6})
		if err == nil {
			t.Errorf("%s: no error", argv[0])
		}
	}
	_, err := Run(context.Background(), []string{junk}, nil, Limits{Time: 5 * time.Second})
	if err == nil || !errors.Is(err, syscall.ENOEXEC) && !strings.Contains(err.Error(), "exec format error") {
		t.Logf("without a limit: %v", err)
	}
}
