package cli

import (
	"strings"
	"testing"
)

// Generators of the coin game that write their test cases: a count line,
// then the cases n and n+1, one line each; the second says 3 cases where 2
// follow.
const (
	shGenTests    = `sh -c 'n=${2#n=}; echo 2; echo "$n"; echo $((n + 1))' gen`
	shGenTestsBad = `sh -c 'n=${2#n=}; echo 3; echo "$n"; echo $((n + 1))' gen`
)

// --generator-writes-tests: the right solver passes, reading the
// generator's output whole; a wrong one fails on one case alone, cut out
// of the output in the reproduction; a count line that disagrees with
// what follows is the generator's fault (exit 2); with --tests it is a
// usage error.
func TestGeneratorWritesTestsFlag(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	stress := []string{"stress", "--kind", "probability", "--referee", shReferee, "--brute", shBrutePack,
		"--params", "n=1..9", "--cases", "30", "--runs", "200", "--alpha", "0.01", "--shrink-seeds", "1", "--generator-writes-tests"}
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"right", append(stress, "--generator", shGenTests, "--solver", shRightPack), 0, []string{"every case agreed: 30 case(s)", "the generator writes its test cases"}},
		{"wrong", append(stress, "--generator", shGenTests, "--solver", shWrongPack), 1, []string{"FAILED: the solver disagrees with the brute force", "input:\n3\n", "(echo 1; " + shGenTests, "| sed -n '3,3p')"}},
		{"count line disagrees", append(stress, "--generator", shGenTestsBad, "--solver", shRightPack), 2, []string{"line 1 says 3 test cases, but only 2 line(s) follow it"}},
		{"with --tests", append(stress, "--generator", shGenTests, "--solver", shRightPack, "--tests", "5"), 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := chancecheck(t, "", tt.args...)
			ok := code == tt.code
			for _, w := range tt.want {
				ok = ok && strings.Contains(out+errOut, w)
			}
			if !ok {
				t.Errorf("exit %d, stdout:\n%s\nstderr %s\nwant exit %d and %q", code, out, errOut, tt.code, tt.want)
			}
		})
	}
}
