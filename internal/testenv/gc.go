package testenv

import (
	"flag"
	"os"
	"runtime/debug"
)

// GCPercent is the collector's target (GOGC) that BatchGC sets: a
// collection starts when the heap has grown to five times what the last
// one left live, instead of twice. It is the target of the CLI's solve
// (cli/solve_gc.go).
const GCPercent = 400

// BatchGC sets the collector's target of this test binary to GCPercent; a
// TestMain calls it before m.Run. Tests of properties draw boards, rapid's
// choices and big.Rat arithmetic in small pieces over a live heap of a few
// MB, so at the default target the collector runs every few MB allocated:
// it took a fifth of props/specs' CPU time. At GCPercent those test
// binaries peak under 200 MB. No test asserts on the collector; the
// programs a test starts (solvers, helpers) are processes of their own and
// keep their default.
//
// A GOGC the user set is left alone, and so is a benchmark run
// (-test.bench), whose figures must stay comparable with BENCHMARKS.md's.
// BatchGC parses the command line to see it, as TestMain may before m.Run.
func BatchGC() {
	if !flag.Parsed() {
		flag.Parse()
	}
	if f := flag.Lookup("test.bench"); f != nil && f.Value.String() != "" {
		return
	}
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(GCPercent)
	}
}
