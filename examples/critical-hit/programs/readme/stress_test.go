// Package readme is the README's walk-through of examples/critical-hit's
// programs as a test: a Python generator, referee and brute force, C++
// solvers that print residues modulo 998244353, judged by `chancecheck
// stress --modulus`.
package readme

import (
	"bytes"
	"context"
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
	// Long: the Python generator and referee start some hundred times and
	// g++ -O2 builds three solvers first: a minute or two on two cores.
	longtest.Skip(t, "a README walk-through: builds C++ solvers and runs Python programs some hundred times")
	longtest.Python(t) // some hundred Python starts: not through a version manager's shim
	for _, tool := range []string{"g++", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip(tool + " is not installed")
		}
	}
	dir := t.TempDir()
	for _, n := range []string{"correct", "swapped", "offbyone"} {
		if out, err := exec.Command("g++", "-O2", "-o", filepath.Join(dir, n), filepath.Join("..", n+".cpp")).CombinedOutput(); err != nil {
			t.Fatalf("g++ %s.cpp: %v\n%s", n, err, out)
		}
	}
	// Fewer runs and cases than the README, for the test's time; the
	// swapped solver fails on case 2 of the README's seed all the same (the
	// cases do not depend on --runs or --cases), and the correct one is
	// judged on fewer cases.
	referee := []string{"stress", "--kind", "expectation", "--modulus", "998244353", "--generator", "python3 ../gen.py", "--referee", "python3 ../ref.py",
		"--params", "n=1..4", "--max-outcome", "4", "--runs", "2000"}
	brute := []string{"stress", "--kind", "expectation", "--modulus", "998244353", "--generator", "python3 ../gen.py", "--referee", "python3 ../ref.py",
		"--brute", "python3 ../brute.py", "--params", "n=1..12", "--max-outcome", "12", "--runs", "2000"}
	tests := []struct {
		name   string
		args   []string
		solver string
		code   int
		want   []string
	}{
		{"swapped, referee alone", append(referee, "--seed", "60", "--cases", "3"), "swapped", 1, []string{"FAILED: the referee's runs reject the solver's answer", "confirmed on fresh referee runs", "found on case 2 of 3"}},
		{"correct, referee alone", append(referee, "--cases", "12"), "correct", 0, []string{"every case judged agreed: "}},
		{"off by one, with the brute force", append(brute, "--cases", "3"), "offbyone", 1, []string{"FAILED: the solver disagrees with the brute force", "found on case 1 of 3"}},
		{"correct, with the brute force", append(brute, "--cases", "5"), "correct", 0, []string{"every case agreed: 5 case(s)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			args := append(append([]string(nil), tt.args...), "--solver", filepath.Join(dir, tt.solver))
			if code := cli.Run(context.Background(), args, strings.NewReader(""), &out, &out, specs.Snakes()); code != tt.code {
				t.Errorf("exit status %d, want %d\n%s", code, tt.code, out.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("the output does not say %q:\n%s", w, out.String())
				}
			}
			if tt.solver != "swapped" {
				return
			}
			// Shrunk to a stamina of 2, the smallest the slip changes, and
			// the solver's residue shown with its fraction.
			if !regexp.MustCompile(`input:\n2 \d+\nthe solver's answer: \d+ \(= \d+/\d+ mod 998244353\)`).MatchString(out.String()) {
				t.Errorf("not shrunk to a stamina of 2 with the solver's fraction:\n%s", out.String())
			}
		})
	}
}
