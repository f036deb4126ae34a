// Package readme is the README's walk-through of examples/longest-streak
// as a test: t test cases an input (--tests 20), residues modulo
// 998244353 too large to read back, judged by a Python brute force, on
// both routes (stress and programs check).
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

func TestREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Python programs some hundred times")
	}
	longtest.Skip(t, "a README walk-through: builds C++ solvers and runs Python programs some hundred times")
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("g++ is not installed")
	}
	longtest.Python(t) // some 350 Python starts: not through a version manager's shim
	dir := t.TempDir()
	for _, n := range []string{"correct", "lastrun", "stale"} {
		if out, err := exec.Command("g++", "-O2", "-o", filepath.Join(dir, n), filepath.Join("..", n+".cpp")).CombinedOutput(); err != nil {
			t.Fatalf("g++ %s.cpp: %v\n%s", n, err, out)
		}
	}
	// The README's commands.
	stress := []string{"stress", "--kind", "expectation", "--modulus", "998244353", "--tests", "20",
		"--generator", "python3 ../gen.py", "--referee", "python3 ../ref.py", "--brute", "python3 ../brute.py",
		"--params", "n=1..8", "--max-outcome", "8", "--cases", "20", "--runs", "2000"}
	alone := []string{"stress", "--kind", "expectation", "--modulus", "998244353", "--tests", "20",
		"--generator", "python3 ../gen.py", "--referee", "python3 ../ref.py",
		"--params", "n=1..2 step=50", "--max-outcome", "2", "--cases", "20", "--runs", "2000"}
	check := []string{"programs", "--generator", "python3 ../gen.py", "--referee", "python3 ../ref.py", "--brute", "python3 ../brute.py",
		"--kind", "expectation", "--modulus", "998244353", "--params", "n=1..8", "--tests", "20",
		"check", "--cases", "20", "--time", "10m"}
	tests := []struct {
		name   string
		args   []string
		solver string
		code   int
		want   []string
		input  string // a regexp the shrunk input must match; "" for none
	}{
		{"stress, the last streak forgotten", stress, "lastrun", 1, []string{"FAILED: the solver disagrees with the brute force", "(echo 1; python3 ../gen.py "}, `input:\n1\n\d+\n`},
		{"stress, state kept between cases", stress, "stale", 1, []string{"as if it were alone", "the pack, "}, ""},
		{"stress, correct", stress, "correct", 0, []string{"every case agreed: 20 case(s)"}, ""},
		{"stress, the referee alone on small cases", alone, "lastrun", 1, []string{"FAILED: the referee's runs reject the solver's answer", "this verdict assumes that the exact answer is a small fraction"}, `input:\n1\n50\n`},
		{"programs check, the last streak forgotten", check, "lastrun", 1, []string{"WRONG ANSWER"}, ""},
		{"programs check, correct", check, "correct", 0, []string{"every answer agreed"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			args := append([]string(nil), tt.args...)
			args = append(args, "--solver", filepath.Join(dir, tt.solver))
			if code := cli.Run(context.Background(), args, strings.NewReader(""), &out, &out, specs.Snakes()); code != tt.code {
				t.Errorf("exit status %d, want %d\n%s", code, tt.code, out.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("the output does not say %q:\n%s", w, out.String())
				}
			}
			if tt.input != "" && !regexp.MustCompile(tt.input).MatchString(out.String()) {
				t.Errorf("the input shown does not match %q:\n%s", tt.input, out.String())
			}
		})
	}
}
