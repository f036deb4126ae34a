package testenv

import (
	"flag"
	"os"
	"runtime/debug"
	"testing"
)

// TestBatchGC: the target is GCPercent, unless GOGC is set or benchmarks
// run.
func TestBatchGC(t *testing.T) {
	const other = 77
	old := debug.SetGCPercent(other)
	defer debug.SetGCPercent(old)
	_, userSet := os.LookupEnv("GOGC")
	bench := flag.Lookup("test.bench")
	was := bench.Value.String()
	defer bench.Value.Set(was)
	for _, tt := range []struct {
		bench string
		want  int
	}{
		{"", GCPercent},
		{".", other},
	} {
		if err := bench.Value.Set(tt.bench); err != nil {
			t.Fatal(err)
		}
		if userSet {
			tt.want = other
		}
		debug.SetGCPercent(other)
		BatchGC()
		if got := debug.SetGCPercent(other); got != tt.want {
			t.Errorf("-test.bench %q, GOGC set %v: after BatchGC the target is %d, want %d", tt.bench, userSet, got, tt.want)
		}
	}
}
