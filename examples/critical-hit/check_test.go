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
	"github.com/chancecheck/chancecheck/internal/longtest"
)

// The README's walk-through of the Go route, as a test: check, against the
// rules engine's exact residues, catches the swapped solver and the
// off-by-one residue and shrinks each to a stamina of at most 2, and
// passes the correct solver on the samples and 100 boards (40 in the quick
// suite: a solver process a board is the cost, and residues are compared
// exactly, so a correct solver cannot be failed by chance, only by the
// route, which would show on any board; the engine's residues are checked
// in-process against the statement's recurrence by hit's
// TestResidueAtTheLimits, and against the referee by hit's TestGame). The
// buggy solvers stop the check at their first wrong answer.
func TestCheckSolvers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds three C++ solvers")
	}
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("g++ is not installed")
	}
	correctCases := "100"
	if !longtest.Enabled() {
		correctCases = "40"
	}
	dir := t.TempDir()
	tests := []struct {
		solver string
		cases  string
		code   int
		want   []string
	}{
		{"swapped", "100", 1, []string{"WRONG ANSWER", "judged by: the rules engine (exact fraction)", "compared exactly"}},
		{"offbyone", "100", 1, []string{"WRONG ANSWER", "input (" + filepath.Join(dir, "offbyone", "counterexample.in") + "):\n1 0\n", "case 1: 2, want 1"}},
		{"correct", correctCases, 0, []string{"every answer agreed: 3 sample board(s) and " + correctCases + " generated board(s)"}},
	}
	for _, tt := range tests {
		t.Run(tt.solver, func(t *testing.T) {
			bin := filepath.Join(dir, tt.solver+".bin")
			if out, err := exec.Command("g++", "-O2", "-o", bin, filepath.Join("programs", tt.solver+".cpp")).CombinedOutput(); err != nil {
				t.Fatalf("g++: %v\n%s", err, out)
			}
			var out bytes.Buffer
			args := []string{"check", "--solver", bin, "--cases", tt.cases, "--out", filepath.Join(dir, tt.solver)}
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
