package props

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

// recordingTB is a rapid.TB that records a failure instead of failing the
// test, so a test can assert that a property with a planted bug fails.
type recordingTB struct {
	*testing.T
	name string

	mu     sync.Mutex
	failed bool
	log    strings.Builder
}

func (r *recordingTB) Name() string { return r.name }
func (r *recordingTB) Fail()        { r.mu.Lock(); r.failed = true; r.mu.Unlock() }
func (r *recordingTB) FailNow()     { r.Fail() }
func (r *recordingTB) Failed() bool { r.mu.Lock(); defer r.mu.Unlock(); return r.failed }
func (r *recordingTB) Errorf(format string, args ...any) {
	r.Logf(format, args...)
	r.Fail()
}
func (r *recordingTB) Error(args ...any)                 { r.Errorf("%s", fmt.Sprint(args...)) }
func (r *recordingTB) Fatalf(format string, args ...any) { r.Errorf(format, args...) }
func (r *recordingTB) Fatal(args ...any)                 { r.Error(args...) }
func (r *recordingTB) Logf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintf(&r.log, format+"\n", args...)
}
func (r *recordingTB) Log(args ...any) { r.Logf("%s", fmt.Sprint(args...)) }

// expectPropertyFails runs prop under rapid and fails t unless the property
// fails. It returns rapid's report (which holds the shrunk counterexample)
// and removes the fail file rapid wrote for it.
func expectPropertyFails(t *testing.T, prop func(*rapid.T)) string {
	t.Helper()
	name := "planted-" + strings.NewReplacer("/", "-", " ", "-").Replace(t.Name())
	t.Cleanup(func() {
		os.RemoveAll(filepath.Join("testdata", "rapid", name))
		os.Remove(filepath.Join("testdata", "rapid")) // only if empty
	})
	rec := &recordingTB{T: t, name: name}
	rapid.Check(rec, prop)
	if !rec.Failed() {
		t.Fatalf("the property passed although a bug was planted")
	}
	return rec.log.String()
}

// withRapidSeed fixes rapid's seed for the rest of test t (and restores it
// after). Tests that assert how small a shrunk counterexample is use it:
// rapid's search and shrinking are random, and with a fresh seed each run
// such an assertion would be a coin that lands wrong now and then. The props
// tests do not run in parallel, so the process-wide flag is safe to set.
func withRapidSeed(t *testing.T, seed uint64) {
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
