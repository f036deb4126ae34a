// Package rapidtest helps tests show that a rapid property can fail: a
// rapid.TB that records a failure instead of failing the test it wraps, run
// under a fixed seed so that what it finds and shrinks to is the same on
// every run. It is for tests only.
package rapidtest

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"pgregory.net/rapid"
)

// Seed is the rapid seed a Recorder's test runs under. A test that plants a
// bug asserts an outcome of rapid's random search (the property fails, and
// shrinks to something small); with a fresh seed each run such an assertion
// is a coin that lands wrong now and then (a planted bug that shows on few
// boards, a shrink that stops early), so it runs on one fixed sequence of
// boards instead. RAPID_SEED, when set, takes its place: that is how the
// planted bugs' catch rate over many seeds is measured (docs/statistics.md,
// "What agree means").
const Seed = 1

var _ rapid.TB = (*Recorder)(nil)

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
// writes the failure it shrank to under testdata/rapid/NAME), and fixes
// rapid's seed to Seed until t ends unless RAPID_SEED is set. The fail
// file, and testdata/rapid and testdata when they are left empty, are
// removed when t ends: the failure was asked for. Tests using a Recorder
// must not run in parallel (the seed is a process-wide flag).
func NewRecorder(t *testing.T, name string) *Recorder {
	t.Helper()
	if os.Getenv("RAPID_SEED") == "" {
		SetSeed(t, Seed)
	}
	FullChecks(t)
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

// SetSeed fixes rapid's seed until t ends, and rapid's checks at the full
// count (FullChecks). NewRecorder calls it; a test that runs rapid.Check on
// its own t and asserts what rapid found calls it directly.
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
	FullChecks(t)
}
