package rapidtest

import (
	"flag"
	"strconv"
	"testing"

	"github.com/chancecheck/chancecheck/internal/longtest"
)

// FullChecks puts the full count back for its test only, and only where the
// quick suite lowered it: under the long tests or RAPID_CHECKS the count is
// left as it is.
func TestFullChecks(t *testing.T) {
	f := flag.Lookup(checksFlag)
	quickCount := strconv.Itoa(QuickChecks)
	if err := flag.Set(checksFlag, quickCount); err != nil { // as Main does
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = flag.Set(checksFlag, f.DefValue) })
	for _, tt := range []struct {
		long, checks string
		want         string
	}{
		{"", "", f.DefValue},
		{"1", "", quickCount},
		{"", "7", quickCount},
	} {
		t.Setenv(longtest.Env, tt.long)
		t.Setenv("RAPID_CHECKS", tt.checks)
		t.Run(tt.long+"/"+tt.checks, func(t *testing.T) {
			FullChecks(t)
			if got := f.Value.String(); got != tt.want {
				t.Errorf("%s=%q RAPID_CHECKS=%q: checks %s during the test, want %s", longtest.Env, tt.long, tt.checks, got, tt.want)
			}
		})
		if got := f.Value.String(); got != quickCount {
			t.Errorf("checks %s after the test, want %s back", got, quickCount)
		}
	}
}
