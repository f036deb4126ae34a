// Command pig is chancecheck over the dice game Pig for two players
// (package pig): solve, simulate, gen, validate, check and report.
//
//	echo 100 | go run ./examples/pig solve pig    # 0.530592725
package main

import (
	"os"
	"runtime/debug"

	"github.com/chancecheck/chancecheck/cli"
	"github.com/chancecheck/chancecheck/examples/pig/pig"
)

// memoryLimit is the collector's soft limit. The engine's graph of the
// goal 100 (960,896 states) keeps about 250 MB live, and solve lets the
// heap grow to five times what the last collection left (GOGC 400, for
// batches whose heap only grows): the limit makes it collect the
// exploration's outgrown slices instead. A GOMEMLIMIT the user set wins.
const memoryLimit = 400 << 20

func main() {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(memoryLimit)
	}
	os.Exit(cli.Main(pig.Game()))
}
