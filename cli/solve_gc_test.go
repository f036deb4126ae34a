package cli

import (
	"bytes"
	"context"
	"runtime/debug"
	"strings"
	"testing"
)

// TestSolveInProcessLeavesTheCollectorAlone: Run, which tests and
// embedders call in-process, never changes the process's GC target; only
// Main's solve, which owns its process, does.
func TestSolveInProcessLeavesTheCollectorAlone(t *testing.T) {
	const target = 77
	old := debug.SetGCPercent(target)
	defer debug.SetGCPercent(old)
	var stdout, stderr bytes.Buffer
	if code := Run(context.Background(), []string{"solve", "snakes", "-"}, strings.NewReader("1\n0\n"), &stdout, &stderr, builtins()...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if got := debug.SetGCPercent(target); got != target {
		t.Errorf("after an in-process solve the GC target is %d, want %d", got, target)
	}
}
