package rapidtest

import (
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/internal/longtest"
)

// QuickChecks is how many boards each rapid property draws in the quick
// suite (go test ./..., the long tests off): a fifth of rapid's 100, as
// rapid's own -short gives. Every property still runs there; the full
// suite (CHANCECHECK_LONG=1, as .ci/run runs it with RAPID_CHECKS=100)
// draws the full count. A test that asserts what rapid finds (a planted
// bug caught and shrunk) draws the full count in both: see FullChecks.
const QuickChecks = 20

// checksFlag is rapid's flag for the number of checks.
const checksFlag = "rapid.checks"

// Main is the body of a TestMain for a package of rapid properties: in the
// quick suite it sets rapid's checks to QuickChecks, unless RAPID_CHECKS or
// -rapid.checks asks for a count; then it runs the tests and returns their
// exit code.
//
//	func TestMain(m *testing.M) { os.Exit(rapidtest.Main(m)) }
func Main(m *testing.M) int {
	flag.Parse()
	if quick() {
		if err := flag.Set(checksFlag, strconv.Itoa(QuickChecks)); err != nil {
			panic("rapidtest: " + err.Error()) // rapid registers the flag in its init: a program error
		}
	}
	return m.Run()
}

// FullChecks sets rapid's checks back to the full count (RAPID_CHECKS or
// rapid's default) until t ends, where Main lowered them. A test that
// asserts an outcome of rapid's search — a planted bug caught on the fixed
// seed's boards — runs on the same boards in the quick suite as in the full
// one. SetSeed calls it; like SetSeed it sets a process-wide flag, so t must
// not run in parallel.
func FullChecks(t *testing.T) {
	t.Helper()
	f := flag.Lookup(checksFlag)
	if f == nil {
		t.Fatal("rapid registers no " + checksFlag + " flag")
	}
	old := f.Value.String()
	if !quick() || old == f.DefValue {
		return
	}
	if err := flag.Set(checksFlag, f.DefValue); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = flag.Set(checksFlag, old) })
}

// quick reports whether Main lowers rapid's checks: the long tests are off
// and the count is not asked for, in the environment (rapid's RAPID_CHECKS)
// or on the command line.
func quick() bool {
	if longtest.Enabled() || os.Getenv("RAPID_CHECKS") != "" {
		return false
	}
	for _, a := range os.Args[1:] {
		if name := strings.TrimLeft(a, "-"); name != a && strings.HasPrefix(name, checksFlag) {
			return false
		}
	}
	return true
}
