package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chancecheck/chancecheck/cli"
	"github.com/chancecheck/chancecheck/examples/bagofmice/mice"
	"github.com/chancecheck/chancecheck/internal/longtest"
	"github.com/chancecheck/chancecheck/internal/testenv"
)

// solvers are the example's two solvers, built once per test binary: three
// subtests run them, and a build per subtest cost more than their checks.
// dir, when set, is the directory of a go build, which TestMain removes.
var solvers struct {
	once  sync.Once
	paths map[string]string
	dir   string
	err   error
}

// solverBin returns the path of the built solver name: "correct" or
// "forgetful", the directories under ./solvers, from go run's executable
// cache where it has them (testenv.GoPrograms).
func solverBin(t *testing.T, name string) string {
	t.Helper()
	s := &solvers
	s.once.Do(func() { s.paths, s.dir, s.err = testenv.GoPrograms("./solvers/correct", "./solvers/forgetful") })
	if s.err != nil {
		t.Fatal(s.err)
	}
	return s.paths[name]
}

func TestMain(m *testing.M) {
	code := m.Run()
	if solvers.dir != "" {
		os.RemoveAll(solvers.dir)
	}
	os.Exit(code)
}

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
			bin := solverBin(t, tt.solver)
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
