package longtest

import (
	"os"
	"testing"
)

// Env is the environment variable that turns the long tests on.
const Env = "CHANCECHECK_LONG"

// Enabled reports whether the long tests run: Env is set to anything but
// "" or "0".
func Enabled() bool {
	v := os.Getenv(Env)
	return v != "" && v != "0"
}

// Skip skips t unless the long tests run, saying why the test is long and
// how to run it.
func Skip(t testing.TB, why string) {
	t.Helper()
	if !Enabled() {
		t.Skipf("a long test (%s): run it with %s=1, as .ci/run does", why, Env)
	}
}
