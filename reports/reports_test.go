package reports

import (
	"bytes"
	"context"
	"sync"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
)

// testOptions is a small run over the cheaper games: enough boards for every
// code path (samples, generated boards, σ = 0 boards, calibration), fast
// enough for the suite.
func testOptions() Options {
	return Options{
		Games:  []props.Game{specs.Snakes(), specs.Patience(), specs.Traps(specs.TrapsConfig{})},
		Boards: 5, Runs: 4096, Seed: 7, Alpha: 1e-6,
	}
}

// whole is the report of testOptions(), run once per test binary and shared
// by the tests that only read it (wholeReport): a run takes seconds, and
// four tests read the same one.
var whole struct {
	once sync.Once
	r    *Report
	err  error
}

// wholeReport returns the report of testOptions(), GOMAXPROCS workers. The
// callers must not change it.
func wholeReport(t *testing.T) *Report {
	t.Helper()
	whole.once.Do(func() { whole.r, _, whole.err = Run(context.Background(), testOptions()) })
	if whole.err != nil {
		t.Fatal(whole.err)
	}
	return whole.r
}

func mustRun(t *testing.T, opt Options) (*Report, *Timings) {
	t.Helper()
	r, tim, err := Run(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	return r, tim
}

func jsonBytes(t *testing.T, r *Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
