// Package rapidtest helps tests show that a rapid property can fail: a
// rapid.TB that records a failure instead of failing the test, and a way to
// fix rapid's seed for a test that asserts what a failure shrinks to.
// It is for tests only.
package rapidtest

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Recorder is a rapid.TB that records failures and log lines instead of
// failing the test it wraps, so that a test can run a property with a
// planted bug, assert that it failed and read what it shrank to. It is safe
// for concurrent use.
type Recorder struct {
	*testing.T
	name string

	mu     sync.Mutex
	failed bool
	log    strings.Builder
}

// NewRecorder returns a Recorder wrapping t, named name for rapid (which
// writes the failure it shrank to under testdata/rapid/NAME). That file, and
// testdata/rapid and testdata when they are left empty, are removed when t
// ends: the failure was asked for.
func NewRecorder(t *testing.T, name string) *Recorder {
	t.Cleanup(func() {
		os.RemoveAll(filepath.Join("testdata", "rapid", name))
		os.Remove(filepath.Join("testdata", "rapid")) // only if empty
		os.Remove("testdata")                         // only if empty
	})
	return &Recorder{T: t, name: name}
}

// Name is the name rapid files the failure under.
func (r *Recorder) Name() string { return r.name }

// Fail records a failure.
func (r *Recorder) Fail() { r.mu.Lock(); r.failed = true; r.mu.Unlock() }

// FailNow records a failure (and, unlike testing.T's, returns).
func (r *Recorder) FailNow() { r.Fail() }

// Failed reports whether a failure was recorded.
func (r *Recorder) Failed() bool { r.mu.Lock(); defer r.mu.Unlock(); return r.failed }

// Errorf logs and records a failure.
func (r *Recorder) Errorf(format string, args ...any) {
	r.Logf(format, args...)
	r.Fail()
}

// Error logs and records a failure.
func (r *Recorder) Error(args ...any) { r.Errorf("%s", fmt.Sprint(args...)) }

// Fatalf logs and records a failure (and returns).
func (r *Recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...) }

// Fatal logs and records a failure (and returns).
func (r *Recorder) Fatal(args ...any) { r.Error(args...) }

// Logf records a log line.
func (r *Recorder) Logf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintf(&r.log, format+"\n", args...)
}

// Log records a log line.
func (r *Recorder) Log(args ...any) { r.Logf("%s", fmt.Sprint(args...)) }

// Output is everything logged so far: rapid's report of a failure holds
// the shrunk counterexample.
func (r *Recorder) Output() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.log.String()
}

// SetSeed fixes rapid's seed until t ends, for a test that asserts how far a
// failure shrinks (rapid's shrinker is heuristic, so a fresh seed may stop
// elsewhere). The test package must import rapid, which registers the flag.
func SetSeed(t *testing.T, seed uint64) {
	t.Helper()
	f := flag.Lookup("rapid.seed")
	if f == nil {
		t.Fatal("rapid registers no rapid.seed flag")
	}
	old := f.Value.String()
	if err := flag.Set("rapid.seed", fmt.Sprint(seed)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = flag.Set("rapid.seed", old) })
}
