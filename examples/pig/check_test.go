package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/cli"
	"github.com/chancecheck/chancecheck/examples/pig/pig"
)

// check judges a solver's value of a game of two players against the
// engine: a solver that says 1/2 whatever the goal (no first player's
// edge) fails on the first sample, whose exact 6/7 the engine gives.
func TestCheckJudgesASolver(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	args := []string{"check", "pig", "--solver", "sh -c 'read g; echo 0.500000000'", "--cases", "5", "--out", filepath.Join(dir, "half")}
	if code := cli.Run(context.Background(), args, strings.NewReader(""), &out, &out, pig.Game()); code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	for _, w := range []string{"WRONG ANSWER", "also: wrong answer on sample 1", "exact: 6/7", "judged by: the rules engine (exact fraction)"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("the output does not say %q:\n%s", w, out.String())
		}
	}
}
