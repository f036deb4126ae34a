package solverproc

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/internal/testenv"
)

// staticProgram returns the program of testdata/static, a static array of
// 1800 MiB, built from go run's executable cache where it has it
// (testenv.GoPrograms): a build of its own into a temporary module, as
// this test made, compiled and linked it anew on every run.
func staticProgram(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go on PATH to build the static program")
	}
	paths, dir, err := testenv.GoPrograms("./testdata/static")
	if dir != "" {
		t.Cleanup(func() { os.RemoveAll(dir) })
	}
	if err != nil {
		t.Skipf("cannot build the static program: %v", err)
	}
	return paths["static"]
}

// A static array larger than the memory limit is a memory limit, not a
// crash (issue 21: an 8 GiB one under 256 MiB was called a crash): the
// kernel refuses it at exec with SIGSEGV, and neither the peak nor a run
// under the larger limit shows it. Without a limit it runs; a crash of a
// program with small static data stays a crash.
func TestRunStaticArrayOverTheLimit(t *testing.T) {
	bin := staticProgram(t)
	ctx := context.Background()
	tests := []struct {
		name   string
		argv   []string
		memory int64
		over   string // a substring of OverMemory; "" for none
		crash  bool
	}{
		{"1800 MiB of static array under 256 MiB", []string{bin}, 256 << 20, "its static data", false},
		{"the same under no limit", []string{bin}, 0, "", false},
		{"a plain crash", []string{"sh", "-c", "kill -SEGV $$"}, 64e6, "", true},
	}
	for _, tt := range tests {
		r, err := Run(ctx, tt.argv, []byte("7\n"), Limits{Time: 20 * time.Second, Memory: tt.memory})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if tt.over == "" && r.OverMemory != "" || !strings.Contains(r.OverMemory, tt.over) || r.Crashed() != (tt.crash || tt.over != "") {
			t.Errorf("%s: %s, over %q, note %q; want over %q", tt.name, r.Describe(), r.OverMemory, r.MemoryNote, tt.over)
		}
		if tt.memory == 0 && string(r.Stdout) != "1\n" {
			t.Errorf("%s: stdout %q, want 1", tt.name, r.Stdout)
		}
	}
}

// staticData reads the writable segments of an ELF program, and refuses a
// script.
func TestStaticData(t *testing.T) {
	if n, err := staticData(os.Args[0]); err != nil || n <= 0 || n > 1<<30 {
		t.Errorf("this test binary: %d bytes, %v", n, err)
	}
	script := filepath.Join(t.TempDir(), "sol.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := staticData(script); err == nil {
		t.Error("a script: no error")
	}
}
