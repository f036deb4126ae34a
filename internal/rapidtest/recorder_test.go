package rapidtest

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func TestRecorderRecordsAShrunkFailure(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir) // rapid writes its fail file under the working directory
	var rec *Recorder
	t.Run("planted", func(t *testing.T) {
		SetSeed(t, 1)
		rec = NewRecorder(t, "planted-recorder")
		rapid.Check(rec, func(t *rapid.T) {
			if n := rapid.IntRange(0, 1000).Draw(t, "n"); n >= 10 {
				t.Fatalf("n = %d is too big", n)
			}
		})
	})
	if !rec.Failed() {
		t.Fatal("the property failed but the recorder saw no failure")
	}
	// Every n ≥ 10 fails, so rapid shrinks to exactly 10.
	if out := rec.Output(); !strings.Contains(out, "n = 10 is too big") {
		t.Errorf("rapid's report does not show the shrunk counterexample:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "testdata")); !os.IsNotExist(err) {
		t.Errorf("the fail file rapid wrote was not removed (stat: %v)", err)
	}
}

func TestRecorderPassesAPassingProperty(t *testing.T) {
	rec := NewRecorder(t, "passing")
	rapid.Check(rec, func(t *rapid.T) { rapid.IntRange(0, 9).Draw(t, "n") })
	if rec.Failed() {
		t.Errorf("a passing property was recorded as failed:\n%s", rec.Output())
	}
}

// Two recorders see the same boards (the seed is fixed), and the seed is
// restored when the test ends.
func TestRecorderRunsUnderAFixedSeed(t *testing.T) {
	before := flag.Lookup("rapid.seed").Value.String()
	firstDraws := make([]uint64, 2)
	for i := range firstDraws {
		t.Run(fmt.Sprint("run", i), func(t *testing.T) {
			rec := NewRecorder(t, "fixed-seed")
			drawn := false
			rapid.Check(rec, func(t *rapid.T) {
				n := rapid.Uint64().Draw(t, "n")
				if !drawn {
					firstDraws[i], drawn = n, true
				}
			})
		})
	}
	if firstDraws[0] != firstDraws[1] {
		t.Errorf("two recorders drew %d and %d first: the seed is not fixed", firstDraws[0], firstDraws[1])
	}
	if after := flag.Lookup("rapid.seed").Value.String(); after != before {
		t.Errorf("rapid.seed is %s after the tests, was %s", after, before)
	}
}
