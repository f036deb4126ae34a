// Package readme is the README's walk-through of examples/dice-in-cpp as a
// test: C++ programs built with g++ and judged by `chancecheck stress`.
package readme

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/cli"
	"github.com/chancecheck/chancecheck/internal/longtest"
	"github.com/chancecheck/chancecheck/props/specs"
)

// build compiles the example's C++ programs into a temporary directory,
// skipping the test where g++ is absent.
func build(t *testing.T, names ...string) string {
	t.Helper()
	// Long: g++ -O2 builds seven programs (some seconds), and the stress
	// runs play 100,000 referee games per case through real processes.
	longtest.Skip(t, "a README walk-through: builds C++ programs with g++ and runs them through stress")
	if _, err := exec.LookPath("g++"); err != nil {
		t.Skip("g++ is not installed")
	}
	dir := t.TempDir()
	for _, n := range names {
		if out, err := exec.Command("g++", "-O2", "-std=c++17", "-o", filepath.Join(dir, n), filepath.Join("..", n+".cpp")).CombinedOutput(); err != nil {
			t.Fatalf("g++ %s.cpp: %v\n%s", n, err, out)
		}
	}
	return dir
}

func TestStressREADME(t *testing.T) {
	dir := build(t, "gen", "ref", "ref_biased", "brute", "correct", "overshoot", "distribution")
	bin := func(n string) string { return filepath.Join(dir, n) }
	common := []string{"stress", "--kind", "expectation", "--max-outcome", "15", "--params", "T=1..15 k=1..6",
		"--runs", "100000", "--generator", bin("gen")}
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"the slip, by the referee", []string{"--referee", bin("ref"), "--solver", bin("overshoot")}, 1,
			[]string{"FAILED: the referee's runs reject the solver's answer", "confirmed on fresh referee runs", "input:\n1 1\n", "the solver's answer: 2.0"}},
		{"the slip, by the brute force", []string{"--referee", bin("ref"), "--brute", bin("brute"), "--solver", bin("overshoot")}, 1,
			[]string{"FAILED: the solver disagrees with the brute force", "input:\n1 1\n", "the brute force's answer: 1\n"}},
		{"the correct solver", []string{"--referee", bin("ref"), "--brute", bin("brute"), "--solver", bin("correct")}, 0,
			[]string{"every case agreed: 100 case(s)", "brute force: answered 100 case(s)"}},
		{"the biased referee", []string{"--referee", bin("ref_biased"), "--brute", bin("brute"), "--solver", bin("correct")}, 2,
			[]string{"FAILED: the referee and the brute force disagree", "input:\n2 2\n", "cannot both be right"}},
		{"the solver's distribution", []string{"--solver-distribution", "--params", "T=1..100 k=1..6", "--referee", bin("ref"), "--solver", bin("distribution")}, 0,
			[]string{"DKW on the solver's distribution", "every case agreed: 100 case(s)"}},
		{"the biased referee against the solver's distribution", []string{"--solver-distribution", "--params", "T=1..100 k=1..6", "--referee", bin("ref_biased"), "--solver", bin("distribution")}, 1,
			[]string{"FAILED: the referee's runs reject the solver's answer", "input:\n2 2\n"}},
		{"an outcome outside the stated range", []string{"--max-outcome", "2", "--referee", bin("ref"), "--solver", bin("correct")}, 2,
			[]string{"the stated assumption --max-outcome failed, which is not the solver's fault", "outside the stated range"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			args := append(append([]string(nil), common...), tt.args...)
			if code := cli.Run(context.Background(), args, strings.NewReader(""), &out, &out, specs.Snakes()); code != tt.code {
				t.Errorf("exit status %d, want %d\n%s", code, tt.code, out.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("the output does not say %q:\n%s", w, out.String())
				}
			}
		})
	}
}
