// Package readme is the README's walk-through of examples/mice-in-python as
// a test: a Python generator and referee, C++ solvers built with g++,
// judged by `chancecheck stress`.
package readme

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/cli"
	"github.com/chancecheck/chancecheck/internal/longtest"
	"github.com/chancecheck/chancecheck/props/specs"
)

func TestStressREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Python programs some hundred times")
	}
	// Long: the Python generator and referee start some hundred times
	// (tens of milliseconds each) and play 5,000 games a case, and g++ -O2
	// builds the two solvers first: about a minute on two cores.
	longtest.Skip(t, "a README walk-through: builds C++ solvers and runs Python programs some hundred times")
	longtest.Python(t) // some hundred Python starts: not through a version manager's shim
	for _, tool := range []string{"g++", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " is not installed")
		}
	}
	dir := t.TempDir()
	for _, n := range []string{"correct", "forgetful"} {
		if out, err := exec.Command("g++", "-O2", "-o", filepath.Join(dir, n), filepath.Join("..", n+".cpp")).CombinedOutput(); err != nil {
			t.Fatalf("g++ %s.cpp: %v\n%s", n, err, out)
		}
	}
	// Fewer cases and runs than the README, for the test's time; the
	// forgetful solver fails on case 10 of the README's seed all the same.
	common := []string{"stress", "--kind", "probability", "--generator", "python3 ../gen.py", "--referee", "python3 ../ref.py",
		"--params", "n=0..30", "--cases", "12", "--runs", "5000", "--climb", "none"}
	tests := []struct {
		solver string
		code   int
		want   []string
	}{
		{"forgetful", 1, []string{"FAILED: the referee's runs reject the solver's answer", "confirmed on fresh referee runs", "reproduce:\n  python3 ../gen.py "}},
		{"correct", 0, []string{"every case agreed: 12 case(s)"}},
	}
	for _, tt := range tests {
		t.Run(tt.solver, func(t *testing.T) {
			var out bytes.Buffer
			args := append(append([]string(nil), common...), "--solver", filepath.Join(dir, tt.solver))
			if code := cli.Run(context.Background(), args, strings.NewReader(""), &out, &out, specs.Snakes()); code != tt.code {
				t.Errorf("exit status %d, want %d\n%s", code, tt.code, out.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("the output does not say %q:\n%s", w, out.String())
				}
			}
			if tt.code != 1 {
				return
			}
			// Shrunk to a few mice: w + b ≤ 4.
			m := regexp.MustCompile(`input:\n(\d+) (\d+)\n`).FindStringSubmatch(out.String())
			var w, b int
			if m != nil {
				fmt.Sscan(m[1]+" "+m[2], &w, &b)
			}
			if m == nil || w+b > 4 {
				t.Errorf("not shrunk to a few mice (w + b ≤ 4): %v\n%s", m, out.String())
			}
		})
	}
}
