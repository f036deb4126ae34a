package props

import (
	"os"
	"testing"

	"github.com/chancecheck/chancecheck/internal/rapidtest"
)

// TestMain runs the properties QuickChecks times each in the quick suite,
// the full count in the long one.
func TestMain(m *testing.M) { os.Exit(rapidtest.Main(m)) }
