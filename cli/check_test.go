package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestHelperSolver is not a test: run as a child process with
// CHANCECHECK_HELPER_SOLVER set, it is a solver for `check`: "GAME" solves
// with `chancecheck solve GAME` (correct), "GAME-wrong" adds 0.01 to every
// number, "GAME-wrong-long" only for an input of more than five lines,
// "crash" exits 3, "hang" sleeps a minute, "nan" prints -nan. A "slow-"
// before the mode makes each run sleep 100 ms first.
func TestHelperSolver(t *testing.T) {
	mode := os.Getenv("CHANCECHECK_HELPER_SOLVER")
	if mode == "" {
		t.Skip("a helper process, not a test")
	}
	mode, slow := strings.CutPrefix(mode, "slow-")
	if slow {
		time.Sleep(100 * time.Millisecond)
	}
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		os.Exit(4)
	}
	mode, onlyLong := strings.CutSuffix(mode, "-long")
	game, wrong := strings.CutSuffix(mode, "-wrong")
	if onlyLong && strings.Count(string(in), "\n") <= 5 {
		wrong = false
	}
	switch game {
	case "crash":
		fmt.Fprintln(os.Stderr, "helper: crashing on purpose")
		os.Exit(3)
	case "hang":
		time.Sleep(time.Minute)
		os.Exit(0)
	case "nan":
		fmt.Println("-nan")
		os.Exit(0)
	}
	var out bytes.Buffer
	if code := Run(context.Background(), []string{"solve", game}, bytes.NewReader(in), &out, os.Stderr, builtins()...); code != 0 {
		os.Exit(code)
	}
	text := out.String()
	if wrong {
		var b strings.Builder
		for _, line := range strings.SplitAfter(text, "\n") {
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			var v float64
			fmt.Sscan(f[len(f)-1], &v)
			f[len(f)-1] = fmt.Sprintf("%.10f", v+0.01)
			b.WriteString(strings.Join(f, " ") + "\n")
		}
		text = b.String()
	}
	os.Stdout.WriteString(text)
	os.Exit(0)
}

// helperSolver returns the --solver command line that runs TestHelperSolver
// in mode, and sets the mode for the children of this test.
func helperSolver(t *testing.T, mode string) string {
	t.Setenv("CHANCECHECK_HELPER_SOLVER", mode)
	return shellQuote(os.Args[0]) + " -test.run=^TestHelperSolver$"
}

func TestCheckCommand(t *testing.T) {
	tests := []struct {
		name     string
		game     string
		mode     string
		args     []string
		wantCode int
		want     []string // substrings of stdout (or stderr for exit 2)
	}{
		{name: "snakes correct", game: "snakes", mode: "snakes", args: []string{"--cases", "30"}, wantCode: 0,
			want: []string{"every answer agreed", "2 sample board(s) and 30 generated", "seed 1"}},
		{name: "patience correct", game: "patience", mode: "patience", args: []string{"--cases", "10", "--seed", "5"}, wantCode: 0,
			want: []string{"every answer agreed", "seed 5"}},
		{name: "traps correct", game: "traps", mode: "traps", args: []string{"--cases", "10"}, wantCode: 0,
			want: []string{"every answer agreed"}},
		{name: "snakes wrong", game: "snakes", mode: "snakes-wrong", args: []string{"--cases", "5", "--shrink-time", "1s"}, wantCode: 1,
			want: []string{"WRONG ANSWER", "counterexample.in", "reproduce:", "our answer"}},
		{name: "crash", game: "patience", mode: "crash", args: []string{"--cases", "3", "--keep-going"}, wantCode: 1,
			want: []string{"CRASH", "exit status 3", "crashing on purpose", "failing inputs by verdict: crash"}},
		{name: "time limit", game: "traps", mode: "hang", args: []string{"--cases", "1", "--timeout", "200ms"}, wantCode: 1,
			want: []string{"TIME LIMIT", "process group was killed", "time limits are not shrunk"}},
		{name: "nan", game: "traps", mode: "nan", args: []string{"--cases", "1"}, wantCode: 1,
			want: []string{"OUTPUT FORMAT", `"-nan" is not a decimal number`}},
		{name: "no solver", game: "snakes", args: []string{}, wantCode: 2, want: []string{"--solver"}},
		{name: "unknown game", game: "chess", mode: "snakes", wantCode: 2, want: []string{"unknown game"}},
		{name: "unbalanced quote", game: "snakes", args: []string{"--solver", "'oops"}, wantCode: 2, want: []string{"--solver"}},
		{name: "not found", game: "snakes", args: []string{"--solver", "/no/such/solver"}, wantCode: 2, want: []string{"could not be started"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"check", tt.game, "--out", dir, "--time", "30s"}
			if tt.mode != "" {
				args = append(args, "--solver", helperSolver(t, tt.mode))
			}
			args = append(args, tt.args...)
			var stdout, stderr bytes.Buffer
			code := Run(context.Background(), args, strings.NewReader(""), &stdout, &stderr, builtins()...)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.wantCode, stdout.String(), stderr.String())
			}
			got := stdout.String() + stderr.String()
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("output lacks %q:\n%s", w, got)
				}
			}
			if tt.wantCode == 1 {
				for _, f := range []string{"counterexample.in", "counterexample.ans"} {
					if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
						t.Errorf("%s not written: %v", f, err)
					}
				}
			}
		})
	}
}

// TestCheckJSON checks the machine-readable outcome of a failing check and
// that the counterexample file is what the solver was fed.
func TestCheckJSON(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"check", "snakes", "--solver", helperSolver(t, "snakes-wrong"),
		"--cases", "3", "--json", "--out", dir, "--shrink-time", "1s"}, strings.NewReader(""), &stdout, &stderr, builtins()...)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, stdout.String(), stderr.String())
	}
	var j checkJSON
	if err := json.Unmarshal(stdout.Bytes(), &j); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout.String())
	}
	if j.Passed || j.First == nil || j.First.Verdict != "wrong answer" || j.Failures["wrong answer"] == 0 {
		t.Fatalf("got %+v", j)
	}
	in, err := os.ReadFile(j.First.InFile)
	if err != nil || string(in) != j.First.Input {
		t.Errorf("counterexample.in %q (%v), JSON input %q", in, err, j.First.Input)
	}
}

// TestCheckShrinkTime runs a solver of over 100 ms a run whose failure takes
// more runs to shrink than --shrink-time 1s allows: shrinking stops near the
// second and says that it was cut short, in text and in JSON. (The tight
// bound is props' TestShrinkTimeIsAHardBound; this one only has to tell a
// bound from none: without one, this shrink ran for a minute.)
func TestCheckShrinkTime(t *testing.T) {
	if testing.Short() {
		t.Skip("takes a few seconds")
	}
	solver := helperSolver(t, "slow-snakes-wrong-long")
	args := []string{"check", "snakes", "--solver", solver, "--cases", "50", "--batch", "1", "--shrink-time", "1s"}

	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), append(args, "--json", "--out", t.TempDir()), strings.NewReader(""), &stdout, &stderr, builtins()...)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, stdout.String(), stderr.String())
	}
	var j checkJSON
	if err := json.Unmarshal(stdout.Bytes(), &j); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout.String())
	}
	if j.Shrink == nil || !j.Shrink.CutShort || j.Shrink.BudgetSec != 1 || j.Shrink.Runs == 0 || j.Shrink.Note == "" {
		t.Fatalf("shrink %+v, want cut short at 1 s\n%s", j.Shrink, stdout.String())
	}
	if j.Shrink.ElapsedSec > 5 {
		t.Errorf("shrinking took %.1f s under --shrink-time 1s", j.Shrink.ElapsedSec)
	}
	if j.Found == nil || len(j.First.Input) > len(j.Found.Input) {
		t.Errorf("found %+v, shrunk to %+v", j.Found, j.First)
	}

	stdout.Reset()
	code = Run(context.Background(), append(args, "--out", t.TempDir()), strings.NewReader(""), &stdout, &stderr, builtins()...)
	if code != 1 || !strings.Contains(stdout.String(), "shrinking was cut short: the shrinking time (1s) ran out") {
		t.Errorf("exit %d, output lacks the cut:\n%s", code, stdout.String())
	}
}
