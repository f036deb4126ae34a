package hit_test

import (
	"os"
	"testing"

	"github.com/chancecheck/chancecheck/internal/rapidtest"
	"github.com/chancecheck/chancecheck/internal/testenv"
)

// TestMain runs the properties QuickChecks times each in the quick suite,
// the full count in the long one, under the collector's batch target.
func TestMain(m *testing.M) {
	testenv.BatchGC()
	os.Exit(rapidtest.Main(m))
}
