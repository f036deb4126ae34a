package solverproc

import (
	"os"
	"testing"

	"github.com/chancecheck/chancecheck/internal/testenv"
)

// TestMain runs the tests with four parallel tests at once: they mostly
// wait (parallel_test.go).
func TestMain(m *testing.M) {
	testenv.Parallel(4)
	os.Exit(m.Run())
}
