package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/internal/safefile"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
)

// report --shard i/3 three times, then report merge, gives the single run's
// report.json; every output file is there; a clean run exits 0. Both
// games have generator parameters, which every shard's plan carries. Every
// report classifies 2000 boards of each game for coverage: traps', not
// patience's (whose classes are the costliest to find), keep the test at
// half the CPU time (1.5 s, not 2.7).
func TestReportShardAndMerge(t *testing.T) {
	t.Parallel() // it waits on programs: see main_test.go
	dir := t.TempDir()
	args := []string{"report", "--games", "snakes,traps", "--boards", "3", "--runs", "3000", "--seed", "5"}
	whole := filepath.Join(dir, "whole")
	if code, out, errOut := chancecheck(t, "", append(args, "--out", whole)...); code != 0 {
		t.Fatalf("report: exit %d\n%s%s", code, out, errOut)
	}
	var shards []string
	for _, i := range []string{"1", "2", "3"} {
		d := filepath.Join(dir, "shard"+i)
		if code, out, errOut := chancecheck(t, "", append(args, "--shard", i+"/3", "--workers", i, "--out", d)...); code != 0 {
			t.Fatalf("shard %s/3: exit %d\n%s%s", i, code, out, errOut)
		}
		shards = append(shards, d)
	}
	merged := filepath.Join(dir, "merged")
	code, out, errOut := chancecheck(t, "", append([]string{"report", "merge", "--out", merged}, shards...)...)
	if code != 0 || !strings.Contains(out, "verdict: pass") {
		t.Fatalf("merge: exit %d\n%s%s", code, out, errOut)
	}
	a, b := mustRead(t, filepath.Join(whole, "report.json")), mustRead(t, filepath.Join(merged, "report.json"))
	if a != b {
		t.Fatal("merged report.json differs from the single run's")
	}
	for _, name := range []string{"report.json", "report.md", "report.html", "junit.xml", "timings.json"} {
		if _, err := os.Stat(filepath.Join(merged, name)); err != nil {
			t.Error(err)
		}
	}
}

func TestReportUsageErrors(t *testing.T) {
	tests := [][]string{
		{"report", "--shard", "4/3"},
		{"report", "--shard", "x"},
		{"report", "--games", "chess"},
		{"report", "--games", "snakes,snakes"}, // issue 29: exit 1
		{"report", "--alpha", "2"},
		{"report", "merge"},
	}
	for _, args := range tests {
		code, _, errOut := chancecheck(t, "", append(args, "--out", t.TempDir())...)
		if code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errOut)
		}
	}
	// Merging shards that are not there is an error of the run, not of usage.
	code, _, errOut := chancecheck(t, "", "report", "merge", "--out", t.TempDir(), filepath.Join(t.TempDir(), "none"))
	if code != 1 || !bytes.Contains([]byte(errOut), []byte("report.json")) {
		t.Errorf("merge of a missing directory: exit %d, stderr %q", code, errOut)
	}
}

// An --out that cannot be made, or that another run is writing, stops the
// report before its run, exit 2, naming the directory (issue 29: report
// --out NEW under an unwritable parent ran whole, printed "verdict: pass",
// then failed to make the folder, exit 1; two reports into one --out mixed
// their files).
func TestReportOutClaimedBeforeTheRun(t *testing.T) {
	parent := t.TempDir()
	if os.Getuid() == 0 {
		parent = "/sys" // refuses even root a new directory
		if err := os.Mkdir("/sys/chancecheck-probe", 0o755); err == nil {
			os.Remove("/sys/chancecheck-probe")
			t.Skip("root can make directories in /sys here")
		}
	} else if err := os.Chmod(parent, 0o555); err != nil {
		t.Fatal(err)
	}
	busy := t.TempDir()
	claim, err := safefile.ClaimDir("--out", busy)
	if err != nil {
		t.Fatal(err)
	}
	defer claim.Release()
	tests := []struct{ out, say string }{
		{filepath.Join(parent, "new", "report"), "cannot make the directory"},
		{busy, "another run is writing there"},
	}
	for _, tt := range tests {
		code, out, errOut := chancecheck(t, "", "report", "--games", "snakes", "--boards", "1", "--runs", "100", "--out", tt.out)
		if code != 2 || !strings.Contains(errOut, "--out "+tt.out) || !strings.Contains(errOut, tt.say) || strings.Contains(out, "verdict") {
			t.Errorf("--out %s: exit %d, stdout %q, stderr %q; want exit 2 before the run, saying %q", tt.out, code, out, errOut, tt.say)
		}
	}
}

// refusingSnakes is snakes under another name whose analyst refuses the
// boards refuse picks (props.ErrCannotJudge, as an oracle past its limits),
// or fails every board when broken.
type refusingSnakes struct {
	props.Game
	name   string
	refuse func(jumps int) bool
	broken bool
}

func (r refusingSnakes) Name() string { return r.name }

// SolveContext is Solve: the harness asks by this route.
func (r refusingSnakes) SolveContext(_ context.Context, b props.Board) (props.Solution, error) {
	return r.Solve(b)
}

func (r refusingSnakes) Solve(b props.Board) (props.Solution, error) {
	if r.broken {
		return props.Solution{}, errors.New("planted solver error")
	}
	if n := len(b.(snakes.Board).Jumps); r.refuse(n) {
		return props.Solution{}, fmt.Errorf("%d jumps: %w", n, props.ErrCannotJudge)
	}
	return r.Game.Solve(b)
}

// A run in which a game judged nothing is not a pass: NOTHING JUDGED and
// exit 2, as check's; a failure elsewhere still exits 1; a game with some
// boards judged passes as before.
func TestReportNothingJudged(t *testing.T) {
	t.Parallel() // it waits on programs: see main_test.go
	all := func(int) bool { return true }
	some := func(n int) bool { return n > 0 }
	many := func(n int) bool { return n > 10 }
	for _, tc := range []struct {
		name     string
		games    []props.Game
		code     int
		say      string // on stdout
		stderr   string
		notJudge bool // report.json has nothing_judged
		extra    []string
	}{
		{"every board refused", []props.Game{refusingSnakes{specs.Snakes(), "idle", all, false}},
			2, "verdict: NOTHING JUDGED: nobody could judge any board of idle", "report judged nothing for idle", true, nil},
		{"some boards refused, no share asked", []props.Game{refusingSnakes{specs.Snakes(), "half", many, false}},
			0, "verdict: pass\n", "", false, []string{"--min-judged", "0"}},
		// Only a sample is judged, none of the 3 generated boards: too few
		// to pass (issue 29), naming the classes never judged.
		{"some boards refused", []props.Game{refusingSnakes{specs.Snakes(), "half", some, false}},
			2, "Too few judged: of its generated boards, judged 0 of 3: nothing judged is no pass", "too few boards of half were judged", false, nil},
		{"a failed game and one that judged nothing", []props.Game{
			refusingSnakes{specs.Snakes(), "broken", some, true}, refusingSnakes{specs.Snakes(), "idle", all, false}},
			1, "verdict: FAIL\n", "", true, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var out, errOut bytes.Buffer
			code := App{Name: "cc", Games: tc.games}.Run(t.Context(), append([]string{"report", "--boards", "3", "--runs", "2000", "--seed", "5", "--out", dir}, tc.extra...),
				strings.NewReader(""), &out, &errOut)
			if code != tc.code || !strings.Contains(out.String(), tc.say) || !strings.Contains(errOut.String(), tc.stderr) {
				t.Fatalf("exit %d, want %d saying %q and %q on stderr:\n%s%s", code, tc.code, tc.say, tc.stderr, out.String(), errOut.String())
			}
			if tc.code != 1 && !tc.notJudge && !strings.Contains(out.String(), "nobody could judge (skipped)") {
				t.Errorf("no board was refused: the game does not mix judged and refused boards:\n%s", out.String())
			}
			if got := strings.Contains(mustRead(t, filepath.Join(dir, "report.json")), `"nothing_judged": true`); got != tc.notJudge {
				t.Errorf("report.json has nothing_judged: %v, want %v", got, tc.notJudge)
			}
		})
	}
}
