package gametest

import (
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
)

// childEnv names the way TestRunChild runs Run when this test binary runs
// itself: Run's subtests fail the test they belong to, so a test of what
// Run reports watches another process.
const childEnv = "GAMETEST_CHILD"

// TestRunChild is run by TestRunSubtests in a child process; on its own
// it skips.
func TestRunChild(t *testing.T) {
	switch os.Getenv(childEnv) {
	case "":
		t.Skip("run by TestRunSubtests in a child process")
	case "limit":
		// Parse refuses an input of MaxBoardsPerInput boards: round-trip
		// alone fails.
		s := dieSpec()
		s.Parse = parseDice(dieMaxCases - 1)
		Run(t, props.Define(s))
	case "skip":
		Run(t, dieGame(), Skip(CheckAgreement, CheckInvariants))
	case "typo":
		Run(t, dieGame(), Skip("agreemnt"))
	default:
		t.Fatalf("unknown %s=%s", childEnv, os.Getenv(childEnv))
	}
}

// Run's checks are subtests named for -run; a failing check fails its own
// subtest and the others still run; Skip skips by name and a misspelt name
// fails.
func TestRunSubtests(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	all := []string{CheckSamples, CheckValid, CheckRoundTrip, CheckAnswer, CheckInvariants, CheckAgreement, CheckClasses, CheckSimplifiers}
	tests := []struct {
		child   string
		fail    bool
		results map[string]string // subtest → PASS, FAIL or SKIP; the rest PASS
		says    []string
	}{
		{"limit", true, map[string]string{CheckRoundTrip: "FAIL"}, []string{"5 cases, want 1 to 4"}},
		{"skip", false, map[string]string{CheckAgreement: "SKIP", CheckInvariants: "SKIP"}, []string{"skipped by gametest.Skip"}},
		{"typo", true, nil, []string{`gametest: Skip("agreemnt"): no such check`}},
	}
	for _, tc := range tests {
		t.Run(tc.child, func(t *testing.T) {
			cmd := exec.Command(exe, "-test.run=^TestRunChild$", "-test.v", "-test.count=1")
			cmd.Dir = t.TempDir() // where a failing rapid check files its failure
			cmd.Env = append(os.Environ(), childEnv+"="+tc.child)
			out, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			if failed := errors.As(err, &exit); failed != tc.fail || err != nil && !failed {
				t.Fatalf("the child exited with %v, want failing = %v\n%s", err, tc.fail, out)
			}
			for _, w := range tc.says {
				if !strings.Contains(string(out), w) {
					t.Errorf("the child's output does not say %q:\n%s", w, out)
				}
			}
			if tc.results == nil {
				if strings.Contains(string(out), "TestRunChild/") {
					t.Errorf("a bad option ran subtests:\n%s", out)
				}
				return
			}
			for _, name := range all {
				want := tc.results[name]
				if want == "" {
					want = "PASS"
				}
				if !regexp.MustCompile(`--- ` + want + `: TestRunChild/` + regexp.QuoteMeta(name) + ` `).Match(out) {
					t.Errorf("subtest %s did not %s:\n%s", name, want, out)
				}
			}
		})
	}
}
