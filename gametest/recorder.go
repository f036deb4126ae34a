package gametest

import (
	"testing"

	"github.com/chancecheck/chancecheck/internal/rapidtest"
	"pgregory.net/rapid"
)

// Seed is the rapid seed a Recorder's test runs under unless RAPID_SEED is
// set.
//
// A test that plants a bug asserts an outcome of rapid's random search: the
// property fails, and shrinks to something small. With a fresh seed on every
// run such an assertion is a coin that lands wrong now and then (a planted
// bug that shows on few boards, a shrink that stops early), so the test runs
// on one fixed sequence of boards instead. Setting RAPID_SEED runs it on
// another sequence: that is how a planted bug's catch rate over many seeds is
// measured.
const Seed = rapidtest.Seed

var _ rapid.TB = (*Recorder)(nil)

// Recorder is a rapid.TB that records failures and log lines instead of
// failing the test it wraps, so that a test can run one of its properties
// on a game with a planted bug, assert that the property failed, and read
// what rapid shrank the failure to:
//
//	rec := gametest.NewRecorder(t, "planted-off-by-one")
//	rapid.Check(rec, props.Agreement(plantedGame, 20000, props.TestAlpha))
//	if !rec.Failed() {
//		t.Fatal("the property passed although a bug was planted")
//	}
//	if !strings.Contains(rec.Output(), "referee disagrees") { ... }
//
// Fatal, Fatalf and FailNow record the failure and return (rapid stops its
// own runs by other means). The methods it does not list (Skip, Cleanup,
// TempDir, ...) are t's and act on t itself. It is safe for concurrent use.
type Recorder struct {
	*testing.T
	rec *rapidtest.Recorder
}

// NewRecorder returns a Recorder wrapping t, named name for rapid (which
// files the failure it shrank to under testdata/rapid/NAME), and fixes
// rapid's seed to Seed until t ends unless RAPID_SEED is set. The fail file,
// and testdata/rapid and testdata when they are left empty, are removed when
// t ends: the failure was asked for. Tests using a Recorder must not run in
// parallel, as rapid's seed is a process-wide flag. Give every Recorder of
// one test its own name: rapid replays the fail file it finds under the
// name first, so a second Recorder of the same name would replay the first
// one's failure instead of searching.
func NewRecorder(t *testing.T, name string) *Recorder {
	t.Helper()
	return &Recorder{T: t, rec: rapidtest.NewRecorder(t, name)}
}

// SetSeed fixes rapid's seed until t ends, for a test that runs rapid.Check
// on its own t and asserts what rapid found. NewRecorder calls it.
func SetSeed(t *testing.T, seed uint64) {
	t.Helper()
	rapidtest.SetSeed(t, seed)
}

// Name is the name rapid files the failure under.
func (r *Recorder) Name() string { return r.rec.Name() }

// Fail records a failure.
func (r *Recorder) Fail() { r.rec.Fail() }

// FailNow records a failure and, unlike testing.T's, returns.
func (r *Recorder) FailNow() { r.rec.FailNow() }

// Failed reports whether a failure was recorded.
func (r *Recorder) Failed() bool { return r.rec.Failed() }

// Error logs its arguments and records a failure.
func (r *Recorder) Error(args ...any) { r.rec.Error(args...) }

// Errorf logs and records a failure.
func (r *Recorder) Errorf(format string, args ...any) { r.rec.Errorf(format, args...) }

// Fatal logs its arguments and records a failure, and returns.
func (r *Recorder) Fatal(args ...any) { r.rec.Fatal(args...) }

// Fatalf logs and records a failure, and returns.
func (r *Recorder) Fatalf(format string, args ...any) { r.rec.Fatalf(format, args...) }

// Log records a log line.
func (r *Recorder) Log(args ...any) { r.rec.Log(args...) }

// Logf records a log line.
func (r *Recorder) Logf(format string, args ...any) { r.rec.Logf(format, args...) }

// Output is everything logged so far: rapid's report of a failure holds the
// counterexample it shrank to.
func (r *Recorder) Output() string { return r.rec.Output() }
