package exact

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chancecheck/chancecheck/games/textio"
)

// The tests and benchmarks read two kinds of input: each game's published
// samples, embedded in its package (snakes.Samples and so on), and the
// larger bench inputs, kept once in games/<game>/testdata/bench.

// sampleInput is the input of the sample called name (without ".in"), or
// false when samples hold none of that name.
func sampleInput(samples []textio.Sample, name string) (string, bool) {
	for _, s := range samples {
		if s.Name == name {
			return s.Input, true
		}
	}
	return "", false
}

// benchInput reads file of game's bench inputs.
func benchInput(tb testing.TB, game, file string) []byte {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "games", game, "testdata", "bench", file))
	if err != nil {
		tb.Fatal(err)
	}
	return data
}
