package main

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/cli"
	"github.com/chancecheck/chancecheck/examples/bagofmice/mice"
	"github.com/chancecheck/chancecheck/internal/longtest"
)

// The README's walk-through, as a test: check catches the forgetful solver
// and shrinks its failure to the bag "1 2", and passes the correct one, on
// 200 generated boards in the full suite and 50 in the quick one (a solver
// process a board is the test's cost).
func TestCheckSolvers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the two solvers")
	}
	cases := "200"
	if !longtest.Enabled() {
		cases = "50"
	}
	dir := t.TempDir()
	tests := []struct {
		solver string
		code   int
		want   []string
	}{
		{"forgetful", 1, []string{"WRONG ANSWER", "input (" + filepath.Join(dir, "forgetful", "counterexample.in") + "):\n1 2\n", "exact: 1/3", "0.666666667"}},
		{"correct", 0, []string{"every answer agreed: 2 sample board(s) and " + cases + " generated board(s)"}},
	}
	for _, tt := range tests {
		t.Run(tt.solver, func(t *testing.T) {
			bin := filepath.Join(dir, tt.solver+".bin")
			if out, err := exec.Command("go", "build", "-o", bin, "./solvers/"+tt.solver).CombinedOutput(); err != nil {
				t.Fatalf("go build: %v\n%s", err, out)
			}
			var out bytes.Buffer
			args := []string{"check", "bagofmice", "--solver", bin, "--cases", cases, "--out", filepath.Join(dir, tt.solver)}
			if code := cli.Run(context.Background(), args, strings.NewReader(""), &out, &out, mice.Game()); code != tt.code {
				t.Errorf("exit status %d, want %d", code, tt.code)
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("the output does not say %q:\n%s", w, out.String())
				}
			}
		})
	}
}
