//go:build unix

package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
	"pgregory.net/rapid"
)

// countingGame is a one-board-per-input game whose generator counts its
// draws: a command refused before any work draws none.
func countingGame(drawn *atomic.Int64) props.Game {
	return props.Define(props.Spec[int]{
		Name: "count",
		Parse: func(r io.Reader, _ string) ([]int, error) {
			var n int
			_, err := fmt.Fscan(r, &n)
			return []int{n}, err
		},
		Write:     func(w io.Writer, bs []int) error { _, err := fmt.Fprintln(w, bs[0]); return err },
		Generator: rapid.Custom(func(t *rapid.T) int { drawn.Add(1); return rapid.IntRange(0, 1).Draw(t, "n") }),
		Solve:     func(b int) (props.Solution, error) { return props.Solution{Value: float64(b) / 2}, nil },
		Play:      func(b int, rng *rand.Rand) (int, error) { return b * rng.IntN(2), nil },
	})
}

// Output folders are checked before the run, not after it (issue 21: an
// --out naming a file threw the whole run's verdict away at the end, and
// gen --count 3 of a one-case game was refused after drawing the boards).
func TestOutputCheckedBeforeTheRun(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a-file")
	if err := os.WriteFile(file, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"check --out a file", []string{"check", "count", "--solver", "cat", "--cases", "5", "--out", file}, "--out " + file + ": not a directory"},
		{"check --out below a file", []string{"check", "count", "--solver", "cat", "--cases", "5", "--out", filepath.Join(file, "sub")}, "is a file"},
		{"report --out a file", []string{"report", "--boards", "5", "--runs", "100", "--out", file}, "not a directory"},
		{"report merge --out a file", []string{"report", "merge", "--out", file, dir}, "not a directory"},
		{"gen --out a file", []string{"gen", "count", "--count", "3", "--out", file}, "not a directory"},
		{"gen --count 3 without --out", []string{"gen", "count", "--count", "3"}, "use --out DIR for 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var drawn atomic.Int64
			var stdout, stderr bytes.Buffer
			code := Run(context.Background(), tt.args, strings.NewReader(""), &stdout, &stderr, countingGame(&drawn))
			if code != exitUsage || !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr.String(), exitUsage, tt.stderr)
			}
			if n := drawn.Load(); n > 0 {
				t.Errorf("%d board(s) drawn before the refusal", n)
			}
		})
	}
}

// check writes its counterexample without following a link planted in
// --out (issue 21: it overwrote the link's target), and gen's files have
// the mode 0644 less the umask (they were 0600).
func TestOutputFilesAreSafe(t *testing.T) {
	umask := syscall.Umask(0o022)
	defer syscall.Umask(umask)
	dir := t.TempDir()
	target := filepath.Join(t.TempDir(), "precious")
	if err := os.WriteFile(target, []byte("keep me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, "counterexample.in")); err != nil {
		t.Fatal(err)
	}
	var drawn atomic.Int64
	var stdout, stderr bytes.Buffer
	// A solver that answers 10 to everything: wrong on every board (a
	// probability of 0 or 1/2).
	code := Run(context.Background(), []string{"check", "count", "--solver", "sh -c 'echo 10'", "--cases", "3", "--out", dir, "--shrink-time", "1s"},
		strings.NewReader(""), &stdout, &stderr, countingGame(&drawn))
	if code != 1 || !strings.Contains(stdout.String(), "WRONG ANSWER") {
		t.Fatalf("exit %d, stdout %s, stderr %s: want a wrong answer", code, stdout.String(), stderr.String())
	}
	if b, _ := os.ReadFile(target); string(b) != "keep me\n" {
		t.Errorf("the planted link's target was overwritten: %q", b)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "counterexample.in")); err != nil || !fi.Mode().IsRegular() {
		t.Errorf("counterexample.in: %v, %v: want a regular file in place of the link", fi, err)
	}

	gen := t.TempDir()
	code = Run(context.Background(), []string{"gen", "count", "--count", "2", "--out", gen, "--answers"},
		strings.NewReader(""), &stdout, &stderr, countingGame(&drawn))
	if code != 0 {
		t.Fatalf("gen: exit %d, %s", code, stderr.String())
	}
	for _, name := range []string{"count-0001.in", "count-0002.in", "count-0001.ans"} {
		if fi, err := os.Stat(filepath.Join(gen, name)); err != nil || fi.Mode().Perm() != 0o644 {
			t.Errorf("%s: %v, mode %v: want 0644 (0644 less the umask 022)", name, err, fi.Mode().Perm())
		}
	}
}

// The help of a program of one game talks of that game alone (issue 21:
// check --help of a one-game program talked about traps and jenga).
func TestOneGameHelpNamesNoOtherGame(t *testing.T) {
	var drawn atomic.Int64
	programs := map[string][]props.Game{
		"count":  {countingGame(&drawn)},
		"snakes": {specs.Snakes()},
	}
	for name, games := range programs {
		for _, cmd := range []string{"check", "gen", "report", "solve", "simulate", "validate", "stress"} {
			var stdout, stderr bytes.Buffer
			if code := Run(context.Background(), []string{cmd, "--help"}, strings.NewReader(""), &stdout, &stderr, games...); code != 0 {
				t.Fatalf("%s: %s --help: exit %d, %s", name, cmd, code, stderr.String())
			}
			for _, other := range []string{"traps", "jenga", "patience", "snakes", "maze", "tower"} {
				if other != name && strings.Contains(stdout.String(), other) {
					t.Errorf("the %s program's %s --help talks of %q", name, cmd, other)
				}
			}
		}
	}
}

// A board no oracle can judge is skipped and counted on its own line, and
// a check that could judge none is no pass (issue 21 part 6: such a board
// stopped check with exit 1, as if the solver were wrong).
func TestCheckNotJudged(t *testing.T) {
	refusing := func(refuse func(int) bool) props.Game {
		return props.Define(props.Spec[int]{
			Name: "count",
			Parse: func(r io.Reader, _ string) ([]int, error) {
				var n int
				_, err := fmt.Fscan(r, &n)
				return []int{n}, err
			},
			Write:     func(w io.Writer, bs []int) error { _, err := fmt.Fprintln(w, bs[0]); return err },
			Generator: rapid.IntRange(0, 1),
			Solve: func(b int) (props.Solution, error) {
				if refuse(b) {
					return props.Solution{}, fmt.Errorf("board %d is past this analyst's limits: %w", b, props.ErrCannotJudge)
				}
				return props.Solution{Value: float64(b) / 2}, nil
			},
			Play: func(b int, rng *rand.Rand) (int, error) { return b * rng.IntN(2), nil },
		})
	}
	// The solver is right on board 0 and wrong on board 1 (0.9, not 0.5),
	// which the analyst refuses: not judged, it fails no one.
	solver := `sh -c 'read n; if [ "$n" = 1 ]; then echo 0.9; else echo 0; fi'`
	tests := []struct {
		name   string
		refuse func(int) bool
		code   int
		want   []string
	}{
		// 6 of the 20 boards are judged: too few to pass (issue 29; a larger
		// share passes: TestCheckTooFewJudged).
		{"some boards not judged", func(b int) bool { return b == 1 }, 2, []string{"TOO FEW JUDGED: judged 6 of 20", "not judged: ", "past this analyst's limits"}},
		{"none judged", func(int) bool { return true }, 2, []string{"NOTHING JUDGED", "not judged: 20 board(s)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Run(context.Background(), []string{"check", "count", "--solver", solver, "--cases", "20", "--time", "0"},
				strings.NewReader(""), &stdout, &stderr, refusing(tt.refuse))
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr: %s", code, tt.code, stdout.String(), stderr.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout.String())
				}
			}
		})
	}
}

// An interrupt is no verdict: the run says so and exits 130, through
// 'programs' too (issue 21 part 3). The context is cancelled before the
// run, as an interrupt right at its start.
func TestInterruptedExitStatus(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"check", "snakes", "--solver", "cat", "--cases", "5"},
		{"programs", "--generator", shGen, "--referee", shReferee, "--brute", shRight, "--kind", "probability", "--params", "n=1..9", "check", "--solver", shRight, "--cases", "5"},
		{"stress", "--kind", "probability", "--generator", shGen, "--referee", shReferee, "--solver", shRight, "--params", "n=1..9", "--cases", "5"},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(ctx, args, strings.NewReader(""), &stdout, &stderr, builtins()...)
		if code != exitInterrupted || !strings.Contains(stdout.String(), "INTERRUPTED") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 130 and INTERRUPTED", args[0], code, stdout.String(), stderr.String())
		}
	}
}

// The commands that print no INTERRUPTED line of their own say on stderr
// what the interrupt stopped, blame nobody, and exit 130: report (and
// 'programs report') before its files are written, simulate while it
// plays (the referee's cancelled run is no referee fault), validate while
// it reads a named pipe that never ends. The context is cancelled before
// the run; the pipe's writer stays open, so only the interrupt ends it.
func TestInterruptedSaysSoAndBlamesNobody(t *testing.T) {
	dir := t.TempDir()
	board := filepath.Join(dir, "board.in")
	if err := os.WriteFile(board, []byte(specs.Snakes().Samples()[0].Input), 0o600); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	// Opened for reading and writing, the FIFO opens at once for the
	// reader below, and never ends: this end stays open.
	writer, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer writer.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "--games", "snakes", "--boards", "2", "--runs", "1000", "--out", filepath.Join(dir, "report")}, "report: interrupted"},
		{[]string{"programs", "--generator", shGen, "--referee", shReferee, "--brute", shRight, "--kind", "probability", "--params", "n=1..9",
			"report", "--boards", "2", "--runs", "1000", "--out", filepath.Join(dir, "programs-report")}, "interrupted"},
		{[]string{"simulate", "snakes", board, "--runs", "1000000"}, "interrupted while"},
		{[]string{"validate", "snakes", fifo}, fifo + ": interrupted while reading"},
	} {
		var stdout, stderr bytes.Buffer
		done := make(chan int, 1)
		go func() { done <- Run(ctx, tt.args, strings.NewReader(""), &stdout, &stderr, builtins()...) }()
		var code int
		select {
		case code = <-done:
		case <-time.After(20 * time.Second): // bounds a failing run only
			t.Fatalf("%s still runs 20 s after the interrupt", tt.args[0])
		}
		if code != exitInterrupted || !strings.Contains(stderr.String(), tt.want) ||
			strings.Contains(stderr.String(), "failed") || strings.Contains(stdout.String(), "failed") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 130, %q, and nobody failed", tt.args[0], code, stdout.String(), stderr.String(), tt.want)
		}
	}
}
