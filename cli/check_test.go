package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// checkGames are the built-in games and "bit", a game with coverage goals
// its generator does not meet: it draws 0 (class "zero") about 45% of the
// time and 1 ("one") otherwise, and its goals ask for 90% ones, 5% zeros and 5% of a
// class it never draws.
func checkGames() []props.Game {
	bit := props.Define(props.Spec[int]{
		Name: "bit",
		Parse: func(r io.Reader, _ string) ([]int, error) {
			var n int
			if _, err := fmt.Fscan(r, &n); err != nil || n < 1 || n > 20 {
				return nil, fmt.Errorf("bit: a count of 1..20 boards first (%v)", err)
			}
			bs := make([]int, n)
			for i := range bs {
				if _, err := fmt.Fscan(r, &bs[i]); err != nil || bs[i] < 0 || bs[i] > 1 {
					return nil, fmt.Errorf("bit: board %d: want 0 or 1 (%v)", i+1, err)
				}
			}
			return bs, nil
		},
		Write: func(w io.Writer, bs []int) error {
			fmt.Fprintln(w, len(bs))
			for _, b := range bs {
				fmt.Fprintln(w, b)
			}
			return nil
		},
		MaxBoardsPerInput: 20,
		Generator:         rapid.IntRange(0, 1),
		Classify: func(b int) string {
			if b == 0 {
				return "zero"
			}
			return "one"
		},
		Coverage: []props.ClassGoal{{Class: "one", MinShare: 0.9}, {Class: "zero", MinShare: 0.05}, {Class: "never", MinShare: 0.05}},
		Solve:    func(b int) (props.Solution, error) { return props.Solution{Value: float64(b) / 2}, nil },
		Play:     func(b int, rng *rand.Rand) (int, error) { return b * rng.IntN(2), nil },
	})
	return append(builtins(), bit)
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
			want: []string{"WRONG ANSWER", "counterexample.in", "reproduce:", "our answer", "boards by kind: "}},
		{name: "memory limit", game: "snakes", mode: "hog-snakes", args: []string{"--cases", "5", "--memory", "256MB", "--shrink-time", "1s"}, wantCode: 1,
			want: []string{"MEMORY LIMIT on ", "memory limit: ", "under the limit of 256 MB", "also: memory limit on sample", "reproduce: (ulimit -d 250000; "}},
		{name: "under the memory limit", game: "patience", mode: "patience", args: []string{"--cases", "5", "--memory", "256MiB"}, wantCode: 0,
			want: []string{"every answer agreed"}},
		// --time long enough that a loaded machine (load 30) judges a
		// board in it: with 1s it judged none (exit 2). Each run sleeps
		// 400 ms first, so that the five seconds are mostly waiting, not
		// two cores busy with solver runs the other cases need (with
		// 100 ms, a hundred runs).
		{name: "until the time runs out", game: "snakes", mode: "slower-snakes", args: []string{"--time", "5s", "--jobs", "2"}, wantCode: 0,
			want: []string{"every answer agreed", "boards by kind: "}},
		// Issue 21 part 7: a run that stopped early says so in its verdict
		// line (each run sleeps 400 ms and holds 20 boards: 4000 boards take
		// 80 s of solver runs however fast the machine, far past --time 5s,
		// which a loaded machine judges a board in).
		// With --min-judged 0 it passes on the boards judged; by default the
		// few it judged of the 4000 asked are too few to pass (issue 29).
		{name: "the time runs out before --cases", game: "snakes", mode: "slower-snakes", args: []string{"--time", "5s", "--cases", "4000", "--jobs", "1", "--min-judged", "0"}, wantCode: 0,
			want: []string{"every answer agreed", "generated board(s) of 4000 asked (--time ran out)"}},
		{name: "the time runs out before --cases, the default share", game: "snakes", mode: "slower-snakes", args: []string{"--time", "5s", "--cases", "4000", "--jobs", "1"}, wantCode: 2,
			want: []string{"TOO FEW JUDGED: judged ", " of 4000: too few to pass (--min-judged 0.5)", "generated board(s) of 4000 asked (--time ran out)"}},
		{name: "under-covered", game: "bit", mode: "bit", args: []string{"--cases", "400", "--time", "0"}, wantCode: 1,
			want: []string{"every answer agreed", "coverage of 400 generated boards", "false-alarm budget 1e-06 over 3 goal(s), 3.33e-07 each",
				"UNDER-COVERED", "under-covered: class one:", "under-covered: class never: 0 of 400", "ok"}},
		{name: "too few to judge", game: "bit", mode: "bit", args: []string{"--cases", "20", "--time", "0", "--alpha", "1e-3"}, wantCode: 0,
			want: []string{"too few boards to judge (it takes 157)"}},
		{name: "memory without a unit", game: "snakes", mode: "snakes", args: []string{"--memory", "256"}, wantCode: 2, want: []string{"give a unit"}},
		{name: "memory too small", game: "snakes", mode: "snakes", args: []string{"--memory", "1MB"}, wantCode: 2, want: []string{"at least 16 MiB"}},
		{name: "no jobs", game: "snakes", mode: "snakes", args: []string{"--jobs", "0"}, wantCode: 2, want: []string{"--jobs"}},
		{name: "alpha out of range", game: "snakes", mode: "snakes", args: []string{"--alpha", "1"}, wantCode: 2, want: []string{"--alpha"}},
		{name: "crash", game: "patience", mode: "crash", args: []string{"--cases", "3", "--keep-going"}, wantCode: 1,
			want: []string{"CRASH", "exit status 3", "crashing on purpose", "failing inputs by verdict: crash", "a generated input holds up to 20 boards: --batch 1 counts boards"}},
		{name: "time limit", game: "traps", mode: "spin", args: []string{"--cases", "1", "--timeout", "100ms"}, wantCode: 1,
			want: []string{"TIME LIMIT", "over the CPU time limit", "time limits are not shrunk", "confirmed: run again with no other solver of this check running",
				"limits: 100ms of CPU time a run (the solver and every process it starts), idleness 10.1s of wall-clock time"}},
		{name: "idleness limit", game: "traps", mode: "hang", args: []string{"--cases", "1", "--timeout", "200ms", "--idle-timeout", "300ms"}, wantCode: 1,
			want: []string{"IDLENESS LIMIT", " s CPU in ", "slept or waited", "confirmed: run again with no other solver of this check running"}},
		{name: "hanging solver, --time ends it", game: "traps", mode: "hang", args: []string{"--time", "2s", "--timeout", "100s", "--jobs", "3"}, wantCode: 2,
			want: []string{"input(s) in progress: their solvers were killed and their analysts stopped, and they were not judged",
				"check judged no board: --time (2s) ran out with every input in progress"}},
		{name: "no time limit", game: "traps", mode: "traps", args: []string{"--timeout", "0"}, wantCode: 2, want: []string{"--timeout must be positive"}},
		{name: "idleness limit below the time limit", game: "traps", mode: "traps", args: []string{"--timeout", "2s", "--idle-timeout", "1s"}, wantCode: 2,
			want: []string{"--idle-timeout (1s) must not be below --timeout (2s)"}},
		// Issue 21: a crash of the solver's own doing that does not recur
		// is the solver's (FLAKY, exit 1), not a false all-clear; a
		// SIGKILL from outside (the OOM killer) that does not recur is the
		// machine's, said on the headline itself.
		{name: "a crash that does not recur alone", game: "snakes", mode: "crash-once-snakes", args: []string{"--cases", "5", "--jobs", "1"}, wantCode: 1,
			want: []string{"FLAKY", "the first run: crash: exit status 3", "helper: crashing once",
				"run again with no other solver of this check running, it was accepted"}},
		{name: "a kill from outside that does not recur", game: "snakes", mode: "killed-once-snakes", args: []string{"--cases", "5", "--jobs", "1"}, wantCode: 0,
			want: []string{"every answer agreed: 2 sample board(s) and 5 generated board(s), seed 1, in ",
				"(but 1 input(s) ran out of time or were killed once, not when run again: see \"not reproduced\")",
				"not reproduced: 1 input(s) ran out of time or were killed from outside once", "sample: crash: killed by signal: killed"}},
		{name: "nan", game: "traps", mode: "nan", args: []string{"--cases", "1"}, wantCode: 1,
			want: []string{"OUTPUT FORMAT", `"-nan" is not a decimal number`}},
		{name: "no solver", game: "snakes", args: []string{}, wantCode: 2, want: []string{"--solver"}},
		{name: "unknown game", game: "chess", mode: "snakes", wantCode: 2, want: []string{"unknown game"}},
		{name: "unbalanced quote", game: "snakes", args: []string{"--solver", "'oops"}, wantCode: 2, want: []string{"--solver"}},
		{name: "not found", game: "snakes", args: []string{"--solver", "/no/such/solver"}, wantCode: 2, want: []string{"could not be started"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// In parallel: most cases wait on solver processes (a time
			// limit, an idleness limit, --time), not on this one.
			t.Parallel()
			if raceBuild && tt.wantCode != 2 && slices.Contains(tt.args, "--memory") {
				t.Skip("this binary, the helper solver, does not start under 256 MB with the race detector")
			}
			dir := t.TempDir()
			args := []string{"check", tt.game, "--out", dir}
			if !slices.Contains(tt.args, "--cases") && !slices.Contains(tt.args, "--time") {
				// A case that gives --cases runs to its end, however
				// loaded the machine: its outcome must not depend on it.
				args = append(args, "--time", "30s")
			}
			if tt.mode != "" {
				args = append(args, "--solver", helperSolver(t, tt.mode))
			}
			args = append(args, tt.args...)
			var stdout, stderr bytes.Buffer
			code := Run(context.Background(), args, strings.NewReader(""), &stdout, &stderr, checkGames()...)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.wantCode, stdout.String(), stderr.String())
			}
			got := stdout.String() + stderr.String()
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("output lacks %q:\n%s", w, got)
				}
			}
			if tt.wantCode == 1 && strings.Contains(got, "reproduce:") {
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
	// Serial: the failure's first run again must fit in rapid's half of
	// the 1 s budget, wall-clock time, which the package's parallel tests
	// beside it on two cores could take (it was parallel while few others
	// were, and failed with "not shrunk" at load 8 once they were).
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
	if out := stdout.String(); code != 1 || !strings.Contains(out, "shrinking was cut short: ") || !strings.Contains(out, "the shrinking time (1s) ran out") {
		t.Errorf("exit %d, output lacks the cut:\n%s", code, stdout.String())
	}
}

// TestCheckJobs checks through the command line that --jobs changes no
// output but timings: the same boards, the same first failure, shrunk the
// same way, whether one solver runs at a time or four.
func TestCheckJobs(t *testing.T) {
	t.Parallel() // it waits on programs: see main_test.go
	solver := helperSolver(t, "snakes-wrong-long")
	var want *checkJSON
	for _, jobs := range []string{"1", "4"} {
		var stdout, stderr bytes.Buffer
		code := Run(context.Background(), []string{"check", "snakes", "--solver", solver, "--cases", "60", "--time", "0", "--batch", "3",
			"--jobs", jobs, "--json", "--out", t.TempDir(), "--shrink-time", "20s"}, strings.NewReader(""), &stdout, &stderr, builtins()...)
		if code != 1 {
			t.Fatalf("--jobs %s: exit %d, want 1\n%s%s", jobs, code, stdout.String(), stderr.String())
		}
		var j checkJSON
		if err := json.Unmarshal(stdout.Bytes(), &j); err != nil {
			t.Fatal(err)
		}
		if j.First == nil || j.Found == nil || j.Shrink == nil || j.Shrink.CutShort {
			t.Fatalf("--jobs %s: not shrunk to the end: %s", jobs, stdout.String())
		}
		if want == nil {
			want = &j
			continue
		}
		strip := func(j checkJSON) checkJSON {
			j.ElapsedSec, j.TimeToFailSec, j.Shrink = 0, 0, nil
			j.First.InFile, j.First.AnsFile, j.First.Reproduce = "", "", ""
			if j.Closest != nil { // the closest answers stay; the runs' figures are timings
				c := *j.Closest
				c.Time, c.Memory = nil, nil
				c.Error = slices.Clone(c.Error)
				for i := range c.Error {
					c.Error[i].File = "" // under --out, which differs
				}
				c.Size = slices.Clone(c.Size)
				for i := range c.Size {
					c.Size[i].File = ""
				}
				j.Closest = &c
			}
			return j
		}
		if got, w := strip(j), strip(*want); !reflect.DeepEqual(got, w) {
			t.Errorf("--jobs 4 gives\n%+v\n%+v\n--jobs 1 gives\n%+v\n%+v", got, *got.First, w, *w.First)
		}
	}
}

// TestCheckCoverageJSON checks the coverage test in --json.
func TestCheckCoverageJSON(t *testing.T) {
	t.Parallel() // it waits on programs: see main_test.go
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"check", "bit", "--solver", helperSolver(t, "bit"), "--cases", "400", "--time", "0", "--json"},
		strings.NewReader(""), &stdout, &stderr, checkGames()...)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, stdout.String(), stderr.String())
	}
	var j checkJSON
	if err := json.Unmarshal(stdout.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	c := j.Coverage
	if j.Passed || j.First != nil || c == nil || c.Passed || c.Alpha != 1e-6 || c.Generated != 400 || len(c.Goals) != 3 ||
		!reflect.DeepEqual(c.UnderCovered, []string{"one", "never"}) || c.Goals[1].Verdict != props.CoverageOK || c.Goals[0].Verdict != props.UnderCovered ||
		!strings.Contains(stdout.String(), `"verdict": "under-covered"`) || c.Goals[2].PValue > c.Goals[2].Alpha {
		t.Errorf("got %s", stdout.String())
	}
}

// TestCheckGeneratorOptions checks --gen and --limits on check: a traps
// solver wrong only on mazes of 30 columns passes at the defaults (n ≤ 29,
// the statement's bound) and is caught under --gen cols=30 or --limits
// official (the official tests' n = 30); the output and --json state the
// options, and a parameter another game has is a usage error.
func TestCheckGeneratorOptions(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a solver process per board")
	}
	// Serial: "shrunk from" needs a run of the failure again within
	// --shrink-time 1s of wall-clock time (see TestCheckShrinkTime).
	solver := helperSolver(t, "traps-wrong-cols30")
	base := []string{"check", "traps", "--solver", solver, "--cases", "40", "--shrink-time", "1s"}
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr string
	}{
		{"defaults draw n ≤ 29", nil, 0, []string{"every answer agreed"}, ""},
		// The options are stated: one run, both said.
		{"--gen cols=30", []string{"--gen", "cols=30"}, 1, []string{"WRONG ANSWER on a board shrunk from generated board", "(seed 1, --gen cols=30)"}, ""},
		{"--limits official", []string{"--limits", "official"}, 1, []string{"(seed 1, --limits official)"}, ""},
		{"another game's parameter", []string{"--gen", "min-levels=6"}, 2, nil, "--gen min-levels=6"},
		{"a preset the game lacks", []string{"--limits", "huge"}, 2, nil, "traps has no preset \"huge\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append(append(append([]string(nil), base...), tt.args...), "--out", t.TempDir())
			code := Run(context.Background(), args, strings.NewReader(""), &stdout, &stderr, builtins()...)
			said := !slices.ContainsFunc(tt.stdout, func(w string) bool { return !strings.Contains(stdout.String(), w) })
			if code != tt.code || !said || !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit %d, %q and %q", code, stdout.String(), stderr.String(), tt.code, tt.stdout, tt.stderr)
			}
		})
	}
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), append(base, "--gen", "cols=30", "--json", "--out", t.TempDir()), strings.NewReader(""), &stdout, &stderr, builtins()...)
	var j checkJSON
	if err := json.Unmarshal(stdout.Bytes(), &j); err != nil || code != 1 || !slices.Equal(j.GenOptions, []string{"--gen cols=30"}) {
		t.Errorf("exit %d, %v, generator options %q; want [--gen cols=30]\n%s", code, err, j.GenOptions, stdout.String())
	}
}

// The reproduce line gives a shell the words check ran, quoted: the raw
// --solver string would let the shell expand what check did not (issue 21).
func TestCheckReproduceQuotes(t *testing.T) {
	tests := []struct{ solver, in, want string }{
		{"./sol", "/tmp/c.in", "./sol < /tmp/c.in"},
		{"python3  solve.py", "/tmp/c.in", "python3 solve.py < /tmp/c.in"},
		{`./sol 'a b' $HOME`, "/tmp/x y/c.in", `./sol 'a b' '$HOME' < '/tmp/x y/c.in'`},
		{`./sol\; rm -rf x`, "/tmp/c.in", `'./sol;' rm -rf x < /tmp/c.in`}, // an unquoted ; is refused (solverproc.Split)
		{`./sol "it's" *.txt`, "c.in", `./sol 'it'\''s' '*.txt' < c.in`},
	}
	for _, tt := range tests {
		if got := (checkOptions{solver: tt.solver}).reproduce(tt.in); got != tt.want {
			t.Errorf("solver %q: reproduce = %q, want %q", tt.solver, got, tt.want)
		}
	}
}
