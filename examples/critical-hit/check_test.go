package main

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/cli"
	"github.com/chancecheck/chancecheck/examples/critical-hit/hit"
)

// The README's walk-through of the Go route, as a test: check, against the
// rules engine's exact residues, catches the swapped solver and the
// off-by-one residue and shrinks each to a stamina of at most 2, and
// passes the correct solver on the samples and 100 boards.
func TestCheckSolvers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds three C++ solvers")
	}
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("g++ is not installed")
	}
	dir := t.TempDir()
	tests := []struct {
		solver string
		code   int
		want   []string
	}{
		{"swapped", 1, []string{"WRONG ANSWER", "judged by: the rules engine (exact fraction)", "compared exactly"}},
		{"offbyone", 1, []string{"WRONG ANSWER", "input (" + filepath.Join(dir, "offbyone", "counterexample.in") + "):\n1 0\n", "case 1: 2, want 1"}},
		{"correct", 0, []string{"every answer agreed: 3 sample board(s) and 100 generated board(s)"}},
	}
	for _, tt := range tests {
		t.Run(tt.solver, func(t *testing.T) {
			bin := filepath.Join(dir, tt.solver+".bin")
			if out, err := exec.Command("g++", "-O2", "-o", bin, filepath.Join("programs", tt.solver+".cpp")).CombinedOutput(); err != nil {
				t.Fatalf("g++: %v\n%s", err, out)
			}
			var out bytes.Buffer
			args := []string{"check", "--solver", bin, "--cases", "100", "--out", filepath.Join(dir, tt.solver)}
			if code := cli.Run(context.Background(), args, strings.NewReader(""), &out, &out, hit.Game()); code != tt.code {
				t.Errorf("exit status %d, want %d", code, tt.code)
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("the output does not say %q:\n%s", w, out.String())
				}
			}
			if tt.code == 1 && !strings.Contains(out.String(), ".in):\n1 ") && !strings.Contains(out.String(), ".in):\n2 ") {
				t.Errorf("not shrunk to a stamina of at most 2:\n%s", out.String())
			}
		})
	}
}
