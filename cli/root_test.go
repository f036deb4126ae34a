package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

func TestRelaxLimits(t *testing.T) {
	snakes, _ := sampleFile(t, "snakes")
	patience, _ := sampleFile(t, "patience")
	tests := []struct {
		name string
		args []string
		code int
		want string // exact stdout, or a fragment of stderr when code ≠ 0
	}{
		{"snakes has relaxed limits", []string{"solve", "snakes", "--relax-limits", snakes}, 0,
			"Case 1: 31.5488080634\nCase 2: 33.0476190476\n"},
		{"patience has none", []string{"solve", "patience", "--relax-limits", patience}, 2,
			"patience has no relaxed limits\nRun 'chancecheck solve --help' for usage.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := chancecheck(t, "", tt.args...)
			if code != tt.code || tt.code == 0 && out != tt.want || tt.code != 0 && !strings.Contains(errOut, tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and %q", code, out, errOut, tt.code, tt.want)
			}
		})
	}
}

// The game list is the program's: help, errors and `report --games` know
// the games given, in their order, and nothing else.
func TestGamesArePassedIn(t *testing.T) {
	p := App{Name: "mine", Games: builtins()[1:2]} // patience alone
	tests := []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"--help"}, 0, "Games: patience.", ""},
		{[]string{"solve", "--help"}, 0, "  patience ", ""},
		{[]string{"solve", "snakes"}, 1, "", "open snakes: no such file or directory"}, // one game: snakes is a FILE
		// One game: GAME may be left out, and the input comes from stdin.
		{[]string{"solve"}, 1, "", "<stdin>: no deal"},
		{[]string{"report", "--games", "snakes"}, 2, "", "unknown game \"snakes\" (known: patience)"},
	}
	for _, tt := range tests {
		var out, errOut strings.Builder
		code := p.Run(t.Context(), tt.args, strings.NewReader(""), &out, &errOut)
		if code != tt.code || !strings.Contains(out.String(), tt.stdout) || !strings.Contains(errOut.String(), tt.stderr) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, %q and %q",
				tt.args, code, out.String(), errOut.String(), tt.code, tt.stdout, tt.stderr)
		}
	}
}

// A one-game program takes GAME as given or left out: a first argument other
// than the game's name is the FILE.
func TestOneGameMayBeLeftOut(t *testing.T) {
	path, want := sampleFile(t, "patience")
	p := App{Name: "mine", Games: builtins()[1:2]} // patience alone
	tests := []struct {
		args   []string
		stdin  string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"solve", path}, "", 0, want, ""},
		{[]string{"solve", "patience", path}, "", 0, want, ""},
		{[]string{"solve", "-"}, mustRead(t, path), 0, want, ""},
		{[]string{"validate", path}, "", 0, "", ""},
		{[]string{"gen", "--count", "1", "--seed", "2"}, "", 0, "", ""},
		{[]string{"solve", "no-such-file"}, "", 1, "", "open no-such-file: no such file or directory"},
		{[]string{"validate", "no-such-file"}, "", 1, "", "open no-such-file: no such file or directory"},
	}
	for _, tt := range tests {
		var out, errOut strings.Builder
		code := p.Run(t.Context(), tt.args, strings.NewReader(tt.stdin), &out, &errOut)
		if code != tt.code || !strings.Contains(out.String(), tt.stdout) || !strings.Contains(errOut.String(), tt.stderr) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, %q and %q",
				tt.args, code, out.String(), errOut.String(), tt.code, tt.stdout, tt.stderr)
		}
	}
}

// TestSolveInterruptedReadingStdin checks that an interrupt (ctx done)
// ends solve while it waits for stdin that never comes.
func TestSolveInterruptedReadingStdin(t *testing.T) {
	stdin, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	code := make(chan int, 1)
	var stderr bytes.Buffer
	go func() { code <- Run(ctx, []string{"solve", "snakes"}, stdin, io.Discard, &stderr, checkGames()...) }()
	select {
	case c := <-code:
		if c != exitInterrupted || !strings.Contains(stderr.String(), "interrupted while reading") {
			t.Errorf("exit %d, stderr %q", c, stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("solve still reads stdin 20 s after the interrupt")
	}
}

// TestSolveInterruptedSolving checks that an interrupt (ctx done) ends
// solve while a board is being solved (issue 21: Ctrl-C during a long
// engine solve printed the answer 37.6 s later): the analyst here cancels
// the run itself and then waits to be let go, so the order, not the
// timing, decides; the wait only bounds a failing run.
func TestSolveInterruptedSolving(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	release := make(chan struct{})
	defer close(release)
	stuck := props.Define(props.Spec[int]{
		Name: "stuck",
		Parse: func(r io.Reader, _ string) ([]int, error) {
			var n int
			_, err := fmt.Fscan(r, &n)
			return []int{n}, err
		},
		Write:     func(w io.Writer, bs []int) error { _, err := fmt.Fprintln(w, bs[0]); return err },
		Generator: rapid.Just(1),
		Solve: func(int) (props.Solution, error) {
			cancel() // Ctrl-C while the analyst works
			<-release
			return props.Solution{Value: 0.5}, nil
		},
		Play: func(b int, rng *rand.Rand) (int, error) { return b * rng.IntN(2), nil },
	})
	code := make(chan int, 1)
	var stdout, stderr bytes.Buffer
	go func() {
		code <- Run(ctx, []string{"solve", "stuck"}, strings.NewReader("1\n"), &stdout, &stderr, stuck)
	}()
	select {
	case c := <-code:
		if c != exitInterrupted || !strings.Contains(stderr.String(), "interrupted while solving") || stdout.Len() != 0 {
			t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, no answer, and the interruption said", c, stdout.String(), stderr.String(), exitInterrupted)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("solve still solves 20 s after the interrupt")
	}
}
