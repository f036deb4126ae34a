package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// almostSolver is the --solver command line of a solver of the "bit" game
// (checkGames) whose every answer is off by share of the judge's 1e-6 (the
// answers are 0 and 0.5, where the error allowed is 1e-6): a solver that
// passes, closer to failing the larger share is (helperAnswer's "almost-"
// mode).
func almostSolver(t *testing.T, share string) string {
	return helperSolver(t, "almost-"+share)
}

// TestCheckClosestCalls checks that a passing check shows its closest call
// with its figure against the tolerance and writes it under --out, and
// that --fail-above fails a solver whose worst answer passes it (exit 1,
// named as such), a planted solver off by 0.9 of the tolerance.
func TestCheckClosestCalls(t *testing.T) {
	tests := []struct {
		name      string
		share     string
		args      []string
		wantCode  int
		want      []string
		wantFiles []string
	}{
		{"a pass shows its closest call", "0.9", nil, 0,
			[]string{"every answer agreed", "closest calls", "error:  0.90 of the tolerance on generated board 1", " s of 2 s CPU on ", "closest.in",
				"size:   ", "the largest board judged (alone, in the input format), on generated board "},
			[]string{"closest.in", "closest.ans", "slowest.in", "largest.in"}},
		{"above --fail-above", "0.9", []string{"--fail-above", "0.5"}, 1,
			[]string{"check bit: ABOVE --fail-above 0.5: the worst answer is 0.90 of the tolerance, on generated board 1; every answer agreed",
				"--fail-above 0.5: the worst answer is above it: FAIL"}, nil},
		{"below --fail-above", "0.3", []string{"--fail-above", "0.5"}, 0,
			[]string{"every answer agreed", "error:  0.30 of the tolerance", "--fail-above 0.5: no answer above it"}, nil},
		{"exact answers", "0", []string{"--fail-above", "0.5"}, 0,
			[]string{"error:  every answer of the 40 judged exactly right (0 of the tolerance)"}, nil},
		{"a negative --fail-above", "0", []string{"--fail-above", "-1"}, 2, []string{"--fail-above must not be negative"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			args := append([]string{"check", "bit", "--solver", almostSolver(t, tt.share), "--cases", "40", "--time", "0", "--out", dir}, tt.args...)
			var stdout, stderr bytes.Buffer
			code := Run(context.Background(), args, strings.NewReader(""), &stdout, &stderr, checkGames()...)
			got := stdout.String() + stderr.String()
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d\n%s", code, tt.wantCode, got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("output lacks %q:\n%s", w, got)
				}
			}
			for _, f := range tt.wantFiles {
				if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
					t.Errorf("%s not written: %v", f, err)
				}
			}
		})
	}
}

// TestCheckClosestJSON checks the closest calls in --json: the worst
// answer's score, and a run failed by --fail-above.
func TestCheckClosestJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"check", "bit", "--solver", almostSolver(t, "0.9"), "--cases", "40", "--time", "0",
		"--json", "--fail-above", "0.5"}, strings.NewReader(""), &stdout, &stderr, checkGames()...)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, stdout.String(), stderr.String())
	}
	var j checkJSON
	if err := json.Unmarshal(stdout.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	c := j.Closest
	if j.Passed || c == nil || !c.AboveFailAbove || c.FailAbove != 0.5 || len(c.Error) == 0 || c.Error[0].Score == nil ||
		*c.Error[0].Score < 0.89 || *c.Error[0].Score > 0.91 || c.Error[0].ScoreText != "0.90 of the tolerance" || len(c.Time) == 0 {
		t.Errorf("passed %v, closest calls %+v", j.Passed, c)
	}
}
