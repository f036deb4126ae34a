package props

import (
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/internal/rapidtest"
	"pgregory.net/rapid"
)

// expectPropertyFails runs prop under rapid and fails t unless the property
// fails. It returns rapid's report (which holds the shrunk counterexample)
// and removes the fail file rapid wrote for it.
func expectPropertyFails(t *testing.T, prop func(*rapid.T)) string {
	t.Helper()
	rec := rapidtest.NewRecorder(t, "planted-"+strings.NewReplacer("/", "-", " ", "-").Replace(t.Name()))
	rapid.Check(rec, prop)
	if !rec.Failed() {
		t.Fatalf("the property passed although a bug was planted")
	}
	return rec.Output()
}

// withRapidSeed fixes rapid's seed for the rest of test t (and restores it
// after). Tests that assert how small a shrunk counterexample is use it:
// rapid's search and shrinking are random, and with a fresh seed each run
// such an assertion would be a coin that lands wrong now and then. The props
// tests do not run in parallel, so the process-wide flag is safe to set.
func withRapidSeed(t *testing.T, seed uint64) { rapidtest.SetSeed(t, seed) }
