package solverproc

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// staticProgram builds a Go program with a static array of 1800 MiB (the
// Go linker's limit is 2 GB a symbol): Linux maps it at exec, and under a
// smaller RLIMIT_DATA it kills the program with SIGSEGV before main.
func staticProgram(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := "package main\n\nimport \"fmt\"\n\nvar a [1800 << 20]byte\n\nfunc main() {\n\tvar i int\n\tfmt.Scan(&i)\n\ta[i] = 1\n\tfmt.Println(a[i])\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module static\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "static")
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go on PATH to build the static program")
	}
	cmd := exec.Command(goBin, "build", "-o", bin, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Skipf("cannot build the static program: %v\n%s", err, out)
	}
	return bin
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
