package cli

import (
	"os"
	"runtime/debug"
)

// batchGCPercent is the collector's target while solve runs (GOGC): a
// collection starts when the heap has grown to five times what the last
// left live, instead of twice.
const batchGCPercent = 400

// batchGC sets the collector's target for solve, a batch whose heap only
// grows until it returns (the input, its boards, then their answers), so
// that a collection finds almost nothing to free. Its heap is then at most
// five times what those take, for an input of at most textio.MaxInputBytes.
// A GOGC the user set is left alone. The target is the process's: only an
// App that owns its process (Main) calls this, and the process ends
// with the command, so nothing is restored.
func batchGC() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(batchGCPercent)
	}
}
