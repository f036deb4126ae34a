package props

import (
	"os"
	"testing"

	"github.com/chancecheck/chancecheck/internal/rapidtest"
	"github.com/chancecheck/chancecheck/internal/testenv"
)

// waitingParallel is how many of props' parallel tests run at once unless
// -parallel says otherwise: most of them sleep or wait out a time budget
// (parallel_test.go).
const waitingParallel = 6

// TestMain runs the properties QuickChecks times each in the quick suite,
// the full count in the long one, under the collector's batch target, with
// waitingParallel parallel tests at once.
func TestMain(m *testing.M) {
	testenv.BatchGC()
	testenv.Parallel(waitingParallel)
	os.Exit(rapidtest.Main(m))
}
