package reports

import (
	"bytes"
	"context"
	"testing"

	"github.com/chancecheck/chancecheck/props"
)

// testOptions is a small run over the cheaper games: enough boards for every
// code path (samples, generated boards, σ = 0 boards, calibration), fast
// enough for the suite.
func testOptions() Options {
	return Options{
		Games:  []props.Game{props.Snakes(), props.Patience(), props.Traps(props.TrapsConfig{})},
		Boards: 5, Runs: 4096, Seed: 7, Alpha: 1e-6,
	}
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
