package cli

import (
	"os"
	"testing"

	"github.com/chancecheck/chancecheck/internal/testenv"
)

// waitingParallel is how many of this package's parallel tests run at
// once unless -parallel says otherwise. They are check's cases, a shrink
// under a slow solver, and the tests that run the command over programs
// (sh scripts, the helper solver): most of their time is
// spent starting and waiting on processes (--time, idleness and CPU time
// limits, sleeps), so the default of one per core would leave the cores
// idle for most of it.
//
// A test runs in parallel ("it waits on programs") when it sets no
// process-wide state (no t.Setenv, no working directory, no flag), writes
// only under its own t.TempDir (every report it runs has --out), and
// asserts nothing a neighbour's CPU could change: outcomes of fixed
// seeds, CPU time rather than wall time, --time 0 or a --cases that runs
// to its end, a --shrink-time far above what its shrink takes. The rest
// stay serial (a shrink under --shrink-time 1s that must make a step),
// and Go runs the serial ones first.
const waitingParallel = 4

// TestMain runs the tests with waitingParallel parallel tests at once
// where -parallel is not given, under the collector's batch target.
func TestMain(m *testing.M) {
	testenv.BatchGC()
	testenv.Parallel(waitingParallel)
	code := m.Run()
	stopHelperRoute()
	os.Exit(code)
}
