package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/internal/longtest"
)

// shFlakyBrute is the half coin's brute force, ½-flaky: it adds 0.003 to
// the right answer 1/2 on about half its runs, a coin drawn from
// /dev/urandom, as a brute force reading uninitialised memory would
// (issue 29: it got the correct solver blamed on 2 of 6 stress seeds and 3
// of 6 programs check seeds).
const shFlakyBrute = `sh -c 'r=$(od -An -N1 -tu1 /dev/urandom); if [ $((r % 2)) -eq 0 ]; then echo 0.503; else echo 0.5; fi' brute`

// A ½-flaky brute force never gets the correct solver blamed, through the
// CLI with real processes, on the stress route and on the programs check
// route (issue 29 part 1): each run ends with the brute force named
// inconsistent (exit 2) or, where its coin agreed, a pass; never exit 1.
// The quick suite runs 5 seeds a route, the long one the 50.
func TestFlakyOracleNeverBlamesTheSolver(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	seeds := 5
	if longtest.Enabled() {
		seeds = 50
	}
	right := `sh -c 'echo 0.5' sol`
	routes := map[string][]string{
		"stress": {"stress", "--kind", "probability", "--generator", shGen, "--referee", shHalfReferee, "--brute", shFlakyBrute,
			"--solver", right, "--params", "n=1..9", "--cases", "10", "--runs", "1000", "--jobs", "2"},
		"programs check": {"programs", "--generator", shGen, "--referee", shHalfReferee, "--brute", shFlakyBrute, "--kind", "probability",
			"--params", "n=1..9", "check", "--solver", right, "--cases", "10", "--time", "0", "--jobs", "2", "--shrink-time", "20s"},
	}
	for name, args := range routes {
		t.Run(name, func(t *testing.T) {
			blamed, named := 0, 0
			for seed := 1; seed <= seeds; seed++ {
				code, out, errOut := chancecheck(t, "", append(append([]string(nil), args...), "--seed", fmt.Sprint(seed))...)
				switch {
				case code == 1:
					blamed++
					t.Errorf("seed %d: the correct solver was blamed:\n%s%s", seed, out, errOut)
				case code == 2 && strings.Contains(out+errOut, "inconsistent"):
					named++
				case code != 0:
					t.Errorf("seed %d: exit %d:\n%s%s", seed, code, out, errOut)
				}
			}
			t.Logf("%s: the correct solver blamed on %d of %d seeds; the brute force named inconsistent on %d", name, blamed, seeds, named)
		})
	}
}
