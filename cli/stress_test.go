package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Programs written as sh one-liners, so that the command's tests need no
// compiler: a coin "game" whose input is "n" (the generator prints its n),
// whose referee wins every run, and whose right answer is 1.
const (
	shGen     = `sh -c 'echo "${2#n=}"' gen`
	shReferee = `sh -c 'printf "1 %s\n" "$2"' ref`
	shRight   = `sh -c 'echo 1.000000000' sol`
	shWrong   = `sh -c 'read n; if [ "$n" -ge 3 ]; then echo 0.9; else echo 1; fi' sol`
	// shValidator accepts n up to 5, as the statement of the coin game
	// might say: the generator's n = 6..9 are invalid inputs.
	shValidator = `sh -c 'read n; [ "$n" -le 5 ] || { echo "line 1: n = $n, want 1..5" >&2; exit 3; }' val`
)

func needSh(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
}

func TestStressUsage(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	base := []string{"stress", "--generator", shGen, "--referee", shReferee, "--solver", shRight, "--params", "n=1..9", "--cases", "3", "--runs", "100"}
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"no kind", nil, 2, "", "--kind probability|expectation is required"},
		{"bad kind", []string{"--kind", "odds"}, 2, "", `--kind "odds": want probability or expectation`},
		{"expectation without a range", []string{"--kind", "expectation"}, 2, "", "needs --max-outcome"},
		{"bad params", []string{"--kind", "probability", "--params", "n=3..1"}, 2, "", "--params: \"n=3..1\": lo 3 is above hi 1"},
		{"bad alpha", []string{"--kind", "probability", "--alpha", "1"}, 2, "", "--alpha must be between 0 and 1"},
		// The message fits the value given: 0 was refused as if it were
		// infinite ("an infinite one accepts every answer").
		{"no tolerance", []string{"--kind", "probability", "--tolerance", "0"}, 2, "", "--tolerance 0 must be positive: a float answer is judged within it"},
		{"a negative tolerance", []string{"--kind", "probability", "--tolerance", "-1"}, 2, "", "--tolerance -1 must be positive"},
		{"an infinite tolerance", []string{"--kind", "probability", "--tolerance", "inf"}, 2, "", "--tolerance +Inf must be finite: an infinite tolerance accepts every answer"},
		{"a NaN tolerance", []string{"--kind", "probability", "--tolerance", "nan"}, 2, "", "--tolerance NaN is not a number"},
		// An exact answer has no tolerance: that, not the value, is wrong.
		{"a zero tolerance with an exact answer", []string{"--kind", "probability", "--answer", "fraction", "--tolerance", "0"}, 2, "", "--tolerance is the rule of a float answer: an exact fraction p/q is compared exactly"},
		{"an idleness limit below the time limit", []string{"--kind", "probability", "--timeout", "2s", "--idle-timeout", "1s"}, 2, "", "--idle-timeout (1s) must not be below --timeout (2s)"},
		{"unbalanced quote", []string{"--kind", "probability", "--solver", "'./sol"}, 2, "", "--solver: command"},
		{"a solver that cannot start", []string{"--kind", "probability", "--solver", "./no-such-solver"}, 2, "", "could not be started"},
		{"a generator that crashes", []string{"--kind", "probability", "--generator", "sh -c 'exit 3'"}, 2,
			"STOPPED after 0 case(s): the generator failed (crash), which is not the solver's fault", "the solver is not blamed"},
		{"a referee that prints a 2", []string{"--kind", "probability", "--referee", `sh -c 'printf "2 %s\n" "$2"' ref`}, 2,
			"the referee failed (output format)", ""},
		{"a referee's fault shows its input and how to reproduce it", []string{"--kind", "probability", "--referee", `sh -c 'exit 4' ref`}, 2,
			"2\nreproduce:\n  " + shGen + " 1231579040 n=2 | sh -c 'exit 4' ref 1940827529 100\n", "the solver is not blamed"},
		{"a distribution with a probability", []string{"--kind", "probability", "--solver-distribution"}, 2, "", "--solver-distribution goes with --kind expectation"},
		{"a distribution needs no range", []string{"--kind", "expectation", "--solver-distribution", "--solver", `sh -c 'printf "1\n1 1\n"' sol`}, 0,
			"DKW on the solver's distribution", ""},
		{"right", []string{"--kind", "probability"}, 0, "every case agreed: 3 case(s)", ""},
		{"climbing a pack", []string{"--kind", "probability", "--tests", "2", "--climb", "error"}, 2, "",
			"--climb error: a run of several cases (--tests above 1, --generator-writes-tests) does not climb: give --climb none"},
		{"no such target", []string{"--kind", "probability", "--climb", "speed"}, 2, "", `--climb: no climbing target "speed"`},
		{"a validator that rejects an input", []string{"--kind", "probability", "--validator", shValidator, "--cases", "20"}, 2,
			"the generator failed (output format), which is not the solver's fault", "the solver is not blamed"},
		{"the rejected input and how to reproduce it", []string{"--kind", "probability", "--validator", shValidator, "--cases", "20"}, 2,
			"line 1: n = 9, want 1..5\ninput, 2 bytes:\n9\nreproduce:\n  " + shGen + " 434152181 n=9 | " + shValidator + "\n", ""},
		{"a validator that accepts all", []string{"--kind", "probability", "--validator", `sh -c 'exit 0' val`}, 0, "every case agreed: 3 case(s)", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := chancecheck(t, "", append(append([]string(nil), base...), tt.args...)...)
			if code != tt.code || !strings.Contains(out, tt.stdout) || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, %q and %q", code, out, errOut, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}

// A failure is shrunk to the smallest n that fails (3), and --json says so
// with the budget's split.
func TestStressFailureJSON(t *testing.T) {
	needSh(t)
	args := []string{"stress", "--kind", "probability", "--generator", shGen, "--referee", shReferee, "--solver", shWrong,
		"--params", "n=1..9", "--cases", "10", "--runs", "200", "--alpha", "0.01", "--shrink-seeds", "1"}
	code, out, errOut := chancecheck(t, "", args...)
	if code != 1 || !strings.Contains(out, "input:\n3\n") || !strings.Contains(out, "reproduce:\n  "+shGen+" ") {
		t.Fatalf("exit %d, stdout:\n%s\nstderr %s", code, out, errOut)
	}
	code, out, _ = chancecheck(t, "", append(args, "--json")...)
	var j stressJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 1 {
		t.Fatalf("exit %d, %v:\n%s", code, err, out)
	}
	switch {
	case j.Passed || j.First == nil || j.First.Input != "3\n" || j.First.Referee == nil:
		t.Errorf("first failure %+v, want the input 3 with the referee's check", j.First)
	case j.Budget.Alpha != 0.01 || j.Budget.Search != 10 || j.Budget.PerSearch != 0.01/2/10 || j.Budget.Shrink != 101:
		t.Errorf("budget %+v, want 0.01 split over 10 search checks and 101 shrinking tries", j.Budget)
	case j.First.Referee.Alpha != j.Budget.PerShrink || !(j.First.Referee.PValue <= j.First.Referee.Alpha):
		t.Errorf("the shrunk failure's check %+v, want a rejection at the shrinking share %v", j.First.Referee, j.Budget.PerShrink)
	}
}

// `programs` runs check and report on a game defined by programs.
func TestProgramsCommand(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	game := []string{"programs", "--generator", shGen, "--referee", shReferee, "--brute", shRight, "--kind", "probability", "--params", "n=1..9"}
	dir := t.TempDir()
	valid, invalid := filepath.Join(dir, "valid.in"), filepath.Join(dir, "invalid.in")
	if os.WriteFile(valid, []byte("5\n"), 0o644) != nil || os.WriteFile(invalid, []byte("7\n"), 0o644) != nil {
		t.Fatal("cannot write the inputs")
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"check catches and shrinks", []string{"check", "--solver", shWrong, "--cases", "30", "--out", dir}, 1, "input (" + dir + "/counterexample.in):\n3\n", ""},
		{"check passes", []string{"check", "--solver", shRight, "--cases", "10"}, 0, "every answer agreed", ""},
		{"report", []string{"report", "--boards", "3", "--runs", "4096", "--out", dir}, 0, "verdict: pass", ""},
		{"solve", []string{"solve", "-"}, 0, "1.000000000\n", ""},
		{"validate with a validator", []string{"--validator", shValidator, "validate", valid}, 0, "", ""},
		{"an input file the validator rejects", []string{"--validator", shValidator, "validate", invalid}, 1, "",
			invalid + ": not a valid input: the validator " + shValidator + " rejects it (exit status 3; or the validator is wrong)\nstderr (tail):\nline 1: n = 7, want 1..5"},
		// The generator's fault, as stress says it: exit 2 (issue 29: 1).
		{"a generator the validator rejects", []string{"--validator", shValidator, "check", "--solver", shRight, "--cases", "10"}, 2, "",
			"check stopped: the input of " + shGen + " 2 n=9: not a valid input: the validator " + shValidator + " rejects it"},
		{"no brute force", []string{"--brute", "", "check"}, 2, "", "--brute is required"},
		{"a command's usage error", []string{"check"}, 2, "", "--solver 'CMD ARGS...' is required"},
	}
	misplaced := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"the game's flags after COMMAND", []string{"programs", "check", "--generator", shGen, "--brute", shRight}, "--generator was given after check: the game's flags go before COMMAND"},
		{"the generator's old flag after COMMAND", []string{"programs", "check", "--gen", shGen, "--brute", shRight}, "--gen was given after check: the game's flags go before COMMAND"},
		{"COMMAND's flags before it", []string{"programs", "--solver", shRight, "check"}, "unknown flag: --solver (the game's flags go before COMMAND"},
		{"no COMMAND", []string{"programs", "--generator", shGen}, "COMMAND is missing after the game's flags"},
		{"a misspelt command", []string{"stres"}, "unknown command \"stres\""},
		{"an argument stress does not take", []string{"stress", "--kind", "probability", "extra"}, "unknown command \"extra\""},
		{"a validator that cannot start", []string{"programs", "--generator", shGen, "--referee", shReferee, "--brute", shRight, "--validator", "./no-such-validator", "--kind", "probability", "check"},
			"--validator: a program could not be started"},
		{"a generator that cannot start, given by its old flag", []string{"programs", "--gen", "./no-such-generator", "--referee", shReferee, "--brute", shRight, "--kind", "probability", "check"},
			"--generator: a program could not be started"},
		{"report on an expectation", []string{"programs", "--generator", shGen, "--referee", shReferee, "--brute", shRight, "--kind", "expectation", "report"}, "report tests the referee against the outcome distribution"},
		// Issue 21: simulate failed on every input, validate without a
		// validator said "ok" to anything, --tolerance inf passed every
		// answer, and a name of two words panicked.
		{"simulate on an expectation", []string{"programs", "--generator", shGen, "--referee", shReferee, "--brute", shRight, "--kind", "expectation", "simulate", "-"}, "simulate tests the referee against the outcome distribution"},
		{"validate without a validator", []string{"programs", "--generator", shGen, "--referee", shReferee, "--brute", shRight, "--kind", "probability", "validate", "-"}, "validate needs --validator"},
		{"an infinite tolerance", []string{"programs", "--generator", shGen, "--referee", shReferee, "--brute", shRight, "--kind", "probability", "--tolerance", "inf", "check"}, "--tolerance +Inf must be finite"},
		{"a zero tolerance", []string{"programs", "--generator", shGen, "--referee", shReferee, "--brute", shRight, "--kind", "probability", "--tolerance", "0", "check"}, "--tolerance 0 must be positive"},
		{"a name of two words", []string{"programs", "--name", "a b", "--generator", shGen, "--referee", shReferee, "--brute", shRight, "--kind", "probability", "check", "--solver", shRight}, "the game's name \"a b\": one word"},
	}
	for _, tt := range misplaced {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := chancecheck(t, "", tt.args...)
			if code != 2 || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, out, errOut, tt.stderr)
			}
		})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string(nil), game...), tt.args...) // a flag before COMMAND is programs' own
			code, out, errOut := chancecheck(t, "5\n", args...)
			if code != tt.code || !strings.Contains(out, tt.stdout) || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, %q and %q", code, out, errOut, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}

// Hostile programs as real processes (issue 21 part 3): a generator that
// prints garbage, which every program fails on, is blamed, not the solver
// that ran first; a brute force that changes its answer is named
// inconsistent, not the correct solver a wrong answer.
func TestStressBlamesHostilePrograms(t *testing.T) {
	needSh(t)
	counter := filepath.Join(t.TempDir(), "runs")
	const (
		strictRef = `sh -c 'read n; [ "$n" -eq "$n" ] 2>/dev/null || { echo "not a number: $n" >&2; exit 5; }; printf "1 %s\n" "$2"' ref`
		strictSol = `sh -c 'read n; [ "$n" -eq "$n" ] 2>/dev/null || exit 4; echo 1' sol`
	)
	// Every other run answers 1.003: inconsistent by 0.003.
	flaky := `sh -c 'n=$(cat ` + counter + ` 2>/dev/null || echo 0); echo $((n+1)) > ` + counter + `; if [ $((n % 2)) -eq 0 ]; then echo 1.003; else echo 1; fi' brute`
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
	}{
		{"a generator printing garbage", []string{"--gen", `sh -c 'echo garbage' gen`, "--referee", strictRef, "--solver", strictSol}, 2,
			[]string{"the generator failed (output format), which is not the solver's fault", "no program takes its input", "not a number: garbage", "input, 8 bytes:\ngarbage\n"}},
		{"a brute force inconsistent by 0.003", []string{"--brute", flaky, "--solver", shRight, "--jobs", "1"}, 2,
			[]string{"the brute force is inconsistent, which is not the solver's fault", "then 1 on the same input"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"stress", "--kind", "probability", "--generator", shGen, "--referee", shReferee, "--params", "n=1..9", "--cases", "3", "--runs", "100"}, tt.args...)
			code, out, errOut := chancecheck(t, "", args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr: %s", code, tt.code, out, errOut)
			}
			for _, w := range tt.stdout {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			if strings.Contains(out, "FAILED") {
				t.Errorf("the solver was blamed:\n%s", out)
			}
		})
	}
}

// A game defined by programs declares a coverage class by a parameter's
// value (issue 21 part 7), and check tests its goal as for any game.
func TestProgramsClasses(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	game := []string{"programs", "--generator", shGen, "--referee", shReferee, "--brute", shRight, "--kind", "probability", "--params", "n=1..9"}
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"a goal met", []string{"--class", "one:n=1:20%", "check", "--solver", shRight, "--cases", "200"}, 0, "coverage of 200 generated boards", ""},
		// The first class that matches names an input: every n=1 is in
		// "any", and "one" never occurs.
		{"a class that never occurs", []string{"--class", "any:n=1..9:60%", "--class", "one:n=1:40%", "check", "--solver", shRight, "--cases", "100"}, 1,
			"under-covered: class one: 0 of 100", ""},
		{"a bad class", []string{"--class", "one:m=1", "check", "--solver", shRight}, 2, "", "no parameter \"m\""},
		{"a bad share", []string{"--class", "one:n=1:0%", "check", "--solver", shRight}, 2, "", "--class: class"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := chancecheck(t, "", append(append([]string(nil), game...), tt.args...)...)
			if code != tt.code || !strings.Contains(out, tt.stdout) || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, %q and %q", code, out, errOut, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}
