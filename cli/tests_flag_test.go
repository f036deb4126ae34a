package cli

import (
	"strings"
	"testing"
)

// Packed sh one-liners of the coin game: a count line t, then t values of
// n, one answer line a case.
const (
	shBrutePack = `sh -c 'read t; while read n; do echo 1; done' brute`
	shRightPack = `sh -c 'read t; while read n; do echo 1; done' sol`
	shWrongPack = `sh -c 'read t; while read n; do if [ "$n" -ge 3 ]; then echo 0.9; else echo 1; fi; done' sol`
)

// --tests on both routes: packs pass where right, a failure is narrowed
// to one case under a count line of 1; a solver that reads one case is
// told about --tests 1; bad values are usage errors.
func TestTestsFlag(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	stress := []string{"stress", "--kind", "probability", "--generator", shGen, "--referee", shReferee, "--brute", shBrutePack,
		"--params", "n=1..9", "--cases", "30", "--runs", "200", "--alpha", "0.01", "--shrink-seeds", "1", "--tests", "10"}
	prog := []string{"programs", "--generator", shGen, "--referee", shReferee, "--brute", shBrutePack, "--kind", "probability",
		"--params", "n=1..9", "--tests", "10", "check", "--cases", "30"}
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"stress, right", append(stress, "--solver", shRightPack), 0, []string{"every case agreed: 30 case(s)", "up to 10 cases an input"}},
		{"stress, wrong", append(stress, "--solver", shWrongPack), 1, []string{"FAILED: the solver disagrees with the brute force", "input:\n3\n", "(echo 1; " + shGen}},
		{"stress, a one-case solver", append(stress, "--solver", shWrong), 1, []string{"--tests 1"}},
		{"programs check, right", append(prog, "--solver", shRightPack), 0, []string{"every answer agreed: 0 sample board(s) and 30 generated board(s)"}},
		{"programs check, wrong", append(prog, "--solver", shWrongPack), 1, []string{"WRONG ANSWER", "input (", "1\n3\n"}},
		{"zero", append(stress[:len(stress)-1], "0", "--solver", shRightPack), 2, nil},
		{"with a distribution", append(stress, "--solver", shRightPack, "--kind", "expectation", "--brute-distribution"), 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := chancecheck(t, "", tt.args...)
			ok := code == tt.code
			for _, w := range tt.want {
				ok = ok && strings.Contains(out, w)
			}
			if !ok {
				t.Errorf("exit %d, stdout:\n%s\nstderr %s\nwant exit %d and %q", code, out, errOut, tt.code, tt.want)
			}
		})
	}
}
