package programs

import (
	"os"
	"testing"

	"github.com/chancecheck/chancecheck/internal/testenv"
)

// TestMain runs the tests under the collector's batch target.
func TestMain(m *testing.M) {
	testenv.BatchGC()
	os.Exit(m.Run())
}
