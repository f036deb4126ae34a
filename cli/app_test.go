package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
)

// builtins are the four built-in games at their defaults, without the
// rules engine beside them (cmd/chancecheck runs their three-way forms,
// specs.All).
func builtins() []props.Game {
	return []props.Game{specs.Snakes(), specs.Patience(), specs.Traps(specs.TrapsConfig{}), specs.Jenga(specs.JengaConfig{})}
}

// chancecheck runs the CLI over the built-in games in-process and returns
// its exit status and output.
func chancecheck(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Run(context.Background(), args, strings.NewReader(stdin), &out, &errOut, builtins()...)
	return code, out.String(), errOut.String()
}

func sampleFile(t *testing.T, game string) (path, want string) {
	t.Helper()
	g, err := App{Games: builtins()}.lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	s := g.Samples()[0]
	path = filepath.Join(t.TempDir(), s.Name+".in")
	if err := os.WriteFile(path, []byte(s.Input), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, s.Output
}

func TestSolveSnakesSample(t *testing.T) {
	path, _ := sampleFile(t, "snakes")
	code, out, errOut := chancecheck(t, "", "solve", "snakes", path)
	// Published: 31.54880806 and 33.0476190476; ten decimals of the exact values.
	want := "Case 1: 31.5488080634\nCase 2: 33.0476190476\n"
	if code != 0 || out != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want %q", code, out, errOut, want)
	}
	code, out2, _ := chancecheck(t, mustRead(t, path), "solve", "snakes")
	if code != 0 || out2 != want {
		t.Errorf("from stdin: exit %d, %q", code, out2)
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestExitStatusesAndErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.in")
	os.WriteFile(bad, []byte("1\n\n1\n1 50\n"), 0o644)
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no command", []string{"solve"}, 2, "missing GAME"},
		{"unknown game", []string{"solve", "chess"}, 2, `unknown game "chess"`},
		{"unknown flag", []string{"solve", "snakes", "--nope"}, 2, "unknown flag"},
		{"too many args", []string{"solve", "snakes", "a", "b"}, 2, "takes 1 to 2 arguments, got 3 (usage: chancecheck solve GAME [FILE] [flags])"},
		{"one argument exactly", []string{"check", "snakes", "b", "--solver", "cat"}, 2, "check takes 1 argument(s), got 2 (usage: chancecheck check"},
		{"a negative duration is named", []string{"check", "snakes", "--solver", "cat", "--cases", "5", "--time", "-1s"}, 2, "--idle-timeout, --time, --shrink-time and --board-time must not be negative"},
		{"invalid input names file and line", []string{"solve", "snakes", bad}, 1, bad + ":4: case 1: 1 50: no jump may start on cell 1"},
		{"missing file", []string{"solve", "snakes", "/nonexistent/x.in"}, 1, "no such file"},
		{"validate invalid", []string{"validate", "snakes", bad}, 1, bad + ":4:"},
		{"gen needs --out for many one-case boards", []string{"gen", "snakes", "--count", "200"}, 2, "use --out DIR"},
		{"bad runs", []string{"simulate", "snakes", bad, "--runs", "0"}, 2, "--runs > 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := chancecheck(t, "", tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr, tt.code, tt.stderr)
			}
		})
	}
}

func TestHelpForEveryCommand(t *testing.T) {
	for _, cmd := range []string{"solve", "simulate", "gen", "validate", "report"} {
		code, out, _ := chancecheck(t, "", cmd, "--help")
		if code != 0 || !strings.Contains(out, "Usage:") {
			t.Errorf("%s --help: exit %d, %q", cmd, code, out)
		}
	}
}

func TestGenIsDeterministicAndValid(t *testing.T) {
	_, a, _ := chancecheck(t, "", "gen", "snakes", "--seed", "5", "--count", "20")
	_, b, _ := chancecheck(t, "", "gen", "snakes", "--seed", "5", "--count", "20")
	_, c, _ := chancecheck(t, "", "gen", "snakes", "--seed", "6", "--count", "20")
	if a != b || a == c {
		t.Fatalf("same seed gave different bytes, or different seeds the same")
	}
	code, out, errOut := chancecheck(t, a, "solve", "snakes")
	if code != 0 || strings.Count(out, "Case ") != 20 {
		t.Errorf("generated boards do not solve: exit %d %q %q", code, out, errOut)
	}
	dir := t.TempDir()
	if code, _, errOut := chancecheck(t, "", "gen", "snakes", "--count", "110", "--out", dir); code != 0 {
		t.Fatalf("gen --out: %s", errOut)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "snakes-*.in"))
	if len(files) != 2 { // 105 per file
		t.Errorf("got %d files, want 2", len(files))
	}
	code, out, _ = chancecheck(t, "", append([]string{"validate", "snakes"}, files...)...)
	if code != 0 || strings.Count(out, "ok") != 2 {
		t.Errorf("validate of generated files: exit %d %q", code, out)
	}
}

func TestSimulateSnakesSampleAgrees(t *testing.T) {
	path, _ := sampleFile(t, "snakes")
	code, out, errOut := chancecheck(t, "", "simulate", "snakes", path, "--runs", "20000", "--seed", "3")
	if code != 0 || strings.Count(out, " agree") != 2 || !strings.Contains(out, "α = 1e-06") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestGenReportsTheMix(t *testing.T) {
	code, _, stderr := chancecheck(t, "", "gen", "snakes", "--count", "50", "--mix")
	if code != 0 || !regexp.MustCompile(`^snakes: 50 boards by kind: [a-z0-9-]+ \d+(, [a-z0-9-]+ \d+)*\n$`).MatchString(stderr) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// A program without games, or with two of one name, is told so, exit 2,
// before any command runs; never a panic.
func TestAppNeedsDistinctGames(t *testing.T) {
	snakes := specs.Snakes()
	tests := []struct {
		name  string
		games []props.Game
		want  string
	}{
		{"none", nil, "chancecheck: no games: a Program needs at least one\n"},
		{"twice", []props.Game{snakes, specs.Patience(), specs.Snakes()}, "chancecheck: two games are named \"snakes\"\n"},
		{"nil", []props.Game{snakes, nil}, "chancecheck: game 2 is nil\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, args := range [][]string{nil, {"--help"}, {"solve", "snakes"}} {
				var out, errOut bytes.Buffer
				code := Run(context.Background(), args, strings.NewReader(""), &out, &errOut, tt.games...)
				if code != 2 || out.Len() != 0 || errOut.String() != tt.want {
					t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", args, code, out.String(), errOut.String(), tt.want)
				}
			}
		})
	}
}

func TestAppName(t *testing.T) {
	var out, errOut bytes.Buffer
	code := App{Name: "bagofmice", Games: builtins()}.Run(context.Background(), []string{"solve", "chess"}, strings.NewReader(""), &out, &errOut)
	if want := "Run 'bagofmice solve --help' for usage.\n"; code != 2 || !strings.HasSuffix(errOut.String(), want) {
		t.Errorf("exit %d, stderr %q; want exit 2 and %q", code, errOut.String(), want)
	}
	out.Reset()
	App{Name: "bagofmice", Games: builtins()}.Run(context.Background(), []string{"--help"}, strings.NewReader(""), &out, &errOut)
	if !strings.Contains(out.String(), "bagofmice [command]") {
		t.Errorf("help does not use the program name:\n%s", out.String())
	}
	tests := []struct {
		argv []string
		want string
	}{
		{nil, "chancecheck"},
		{[]string{""}, "chancecheck"},
		{[]string{"/usr/local/bin/bagofmice", "solve"}, "bagofmice"},
		{[]string{`bagofmice.exe`}, "bagofmice"},
		{[]string{"/"}, "chancecheck"},
	}
	for _, tt := range tests {
		if got := binaryName(tt.argv); got != tt.want {
			t.Errorf("binaryName(%q) = %q, want %q", tt.argv, got, tt.want)
		}
	}
}

// With no arguments the program prints its help, as before: Run must not
// fall back to the test binary's own os.Args.
func TestRunWithoutArgs(t *testing.T) {
	code, out, errOut := chancecheck(t, "")
	if code != 0 || !strings.Contains(out, "Available Commands:") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
