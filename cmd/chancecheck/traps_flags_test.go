package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSolveTrapsDigitsAndExact(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sixteenth.in")
	// One trap between start and exit, harmful with probability 15/16: p = 1/16.
	if err := os.WriteFile(path, []byte("1 3 1 1\n$A@\n1 15\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		code int
		out  string // exact stdout, or a fragment of stderr when code ≠ 0
	}{
		{[]string{"solve", "traps", path}, 0, "0.063\n"}, // half up on the exact 0.0625
		{[]string{"solve", "traps", "--exact", path}, 0, "0.063\nexact 1: 1/16\n"},
		{[]string{"solve", "traps", "--digits", "6", path}, 0, "0.062500\n"},
		{[]string{"solve", "traps", "--digits", "-1", path}, 2, "--digits must be in"},
		{[]string{"solve", "snakes", "--digits", "4", path}, 2, "snakes does not take --digits"},
	}
	for _, tt := range tests {
		code, out, errOut := chancecheck(t, "", tt.args...)
		if code != tt.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", tt.args, code, tt.code, errOut)
			continue
		}
		if tt.code == 0 && out != tt.out || tt.code != 0 && !strings.Contains(errOut, tt.out) {
			t.Errorf("%v: stdout %q stderr %q, want %q", tt.args, out, errOut, tt.out)
		}
	}
}
