package cli

import (
	"flag"
	"os"
	"strconv"
	"testing"
)

// waitingParallel is how many of this package's parallel tests run at
// once unless -parallel says otherwise. They are check's cases and a
// shrink under a slow solver: most of their time is spent waiting on
// solver processes (--time, idleness and CPU time limits, sleeps), so the
// default of one per core would leave the cores idle for most of it.
const waitingParallel = 4

// TestMain runs the tests with waitingParallel parallel tests at once
// where -parallel is not given.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", strconv.Itoa(waitingParallel)); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}
