package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chancecheck/chancecheck/cli"
	"github.com/chancecheck/chancecheck/examples/bagofmice/mice"
	"github.com/chancecheck/chancecheck/internal/longtest"
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
// "forgetful", the directories under ./solvers.
//
// `go run -exec echo` prints the path of the executable go run would start:
// since Go 1.24 go run keeps the executables it links in the build cache,
// so on a warm cache this is a lookup (0.2 s of CPU for both) where a go
// build into a fresh directory links both anew (0.8 s). Where the printed
// file does not outlast go run (an executable not cached), the solvers are
// built by go build into a directory of their own.
func solverBin(t *testing.T, name string) string {
	t.Helper()
	s := &solvers
	s.once.Do(func() { s.paths, s.dir, s.err = buildSolvers("correct", "forgetful") })
	if s.err != nil {
		t.Fatal(s.err)
	}
	return s.paths[name]
}

// buildSolvers builds the solvers ./solvers/NAME, returning their paths and
// the directory to remove, if any.
func buildSolvers(names ...string) (paths map[string]string, dir string, err error) {
	paths = map[string]string{}
	for _, n := range names {
		out, err := exec.Command("go", "run", "-exec", "echo", "./solvers/"+n).Output()
		p := strings.TrimSpace(string(out))
		if err != nil || !filepath.IsAbs(p) || filepath.Base(p) != n {
			break
		}
		if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
			break
		}
		paths[n] = p
	}
	if len(paths) == len(names) {
		return paths, "", nil
	}
	if dir, err = os.MkdirTemp("", "bagofmice-solvers-"); err != nil {
		return nil, "", err
	}
	args := []string{"build", "-o", dir + string(filepath.Separator)}
	for _, n := range names {
		args = append(args, "./solvers/"+n)
		paths[n] = filepath.Join(dir, n)
	}
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		return nil, dir, fmt.Errorf("go build: %v\n%s", err, out)
	}
	return paths, dir, nil
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
