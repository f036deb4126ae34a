package cli

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// elapsed is a time check prints, which differs run to run.
var elapsed = regexp.MustCompile(`in [0-9.]+(µs|ms|s)`)

// runFigures are the lines of the closest calls that hold timings.
var runFigures = regexp.MustCompile(`(?m)^  time: .*\n`)

// --gen, the generator's command line's former name on stress and programs,
// still works and changes nothing: the same exit status, stdout and stderr
// as --generator. Before programs' COMMAND it is the generator; after it,
// check's generator parameter, as on any game.
func TestGeneratorFlagAlias(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	stress := []string{"stress", "--kind", "probability", "--referee", shReferee, "--params", "n=1..9", "--cases", "3", "--runs", "100", "--shrink-seeds", "1"}
	programs := []string{"programs", "--referee", shReferee, "--brute", shRight, "--kind", "probability", "--params", "n=1..9"}
	tests := []struct {
		name       string
		before     []string // the command and its flags, before the generator's
		after      []string // after it
		wantCode   int
		wantStdout string // a fragment of stdout
	}{
		{"stress passes", stress, []string{"--solver", shRight}, 0, "every case agreed"},
		{"stress fails", stress, []string{"--brute", shRight, "--solver", shWrong}, 1, "FAILED"},
		{"programs check with a parameter", programs, []string{"check", "--solver", shRight, "--cases", "5", "--gen", "n=3"}, 0, "every answer agreed"},
		{"programs check, a parameter out of range", programs, []string{"check", "--solver", shRight, "--gen", "n=10"}, 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var codes [2]int
			var stdouts, stderrs [2]string
			for i, flag := range []string{"--generator", "--gen"} {
				args := slices.Concat(tt.before, []string{flag, shGen}, tt.after)
				codes[i], stdouts[i], stderrs[i] = chancecheck(t, "", args...)
				stdouts[i] = elapsed.ReplaceAllString(stdouts[i], "in TIME")
				stdouts[i] = runFigures.ReplaceAllString(stdouts[i], "") // the closest calls' timings
			}
			if codes[0] != tt.wantCode || !strings.Contains(stdouts[0], tt.wantStdout) {
				t.Fatalf("--generator: exit %d, stdout %q, stderr %q; want exit %d and %q", codes[0], stdouts[0], stderrs[0], tt.wantCode, tt.wantStdout)
			}
			if codes[1] != codes[0] || stdouts[1] != stdouts[0] || stderrs[1] != stderrs[0] {
				t.Errorf("--gen: exit %d, stdout %q, stderr %q\n--generator: exit %d, stdout %q, stderr %q", codes[1], stdouts[1], stderrs[1], codes[0], stdouts[0], stderrs[0])
			}
		})
	}
}
