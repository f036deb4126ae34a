package cli

import (
	"strings"
	"testing"
)

// Every wrong answer found without a validator says that the inputs are
// not validated, and how to add one (issue 30 part 5: before, the hint
// came only when every program failed on an input); with a validator, or
// for another verdict, it says nothing of it.
func TestWrongAnswerSaysInputsAreNotValidated(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	stress := []string{"stress", "--kind", "probability", "--generator", shGen, "--referee", shReferee, "--brute", shRight,
		"--params", "n=1..9", "--cases", "10", "--runs", "100", "--shrink-seeds", "1"}
	programs := []string{"programs", "--generator", shGen, "--referee", shReferee, "--brute", shRight, "--kind", "probability", "--params", "n=1..9"}
	accepting := []string{"--validator", `sh -c 'exit 0' val`}
	check := []string{"check", "--cases", "20", "--time", "0"}
	with := func(parts ...[]string) []string {
		var args []string
		for _, p := range parts {
			args = append(args, p...)
		}
		return args
	}
	tests := []struct {
		name string
		args []string
		code int
		note bool
	}{
		{"stress, a wrong answer, no validator", with(stress, []string{"--solver", shWrong}), 1, true},
		{"stress, a wrong answer, a validator", with(stress, []string{"--solver", shWrong}, accepting), 1, false},
		{"stress, a crash, no validator", with(stress, []string{"--solver", `sh -c 'exit 5' sol`}), 1, false},
		{"programs check, a wrong answer, no validator", with(programs, check, []string{"--solver", shWrong}), 1, true},
		{"programs check, a wrong answer, a validator", with(programs, accepting, check, []string{"--solver", shWrong}), 1, false},
		{"stress --json, a wrong answer, no validator", with(stress, []string{"--solver", shWrong, "--json"}), 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := chancecheck(t, "", tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr: %s", code, tt.code, out, errOut)
			}
			if got := strings.Contains(out, "the inputs are not validated (no --validator)"); got != tt.note {
				t.Errorf("says the inputs are not validated: %v, want %v\n%s", got, tt.note, out)
			}
		})
	}
}
