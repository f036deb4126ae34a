package rapidflags

import (
	"errors"
	"flag"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// Settings are what one Check runs under.
type Settings struct {
	// Seed is rapid.seed: the first check draws what
	// Generator.Example(int(Seed)) gives. It must not be 0.
	Seed uint64
	// ShrinkTime is rapid.shrinktime, rapid's own, soft, bound on
	// shrinking (see the package doc for a hard one); 0 leaves rapid's
	// setting as it is.
	ShrinkTime time.Duration
	// Stop, when set, is asked before each run of the property; once it
	// says true, rapid is stopped where it is — its search or shrinking
	// abandoned, the property never run again — and Check returns. It is
	// the hard bound rapid.shrinktime is not: past a deadline a caller's
	// property could only pass cheaply, and one pass of rapid's shrinker
	// over a board of n draws in g groups still makes some n·g tries, each
	// drawing the whole board and remembering its choices (a traps board
	// of thousands of draws: minutes and gigabytes).
	Stop func() bool
}

// mu keeps Checks apart: rapid's settings are process-wide.
var mu sync.Mutex

// Check runs prop under rapid.Check with rapid set to s: one check, seeded
// with s.Seed, shrunk on failure, nothing written or printed. It reports
// whether the property failed; the caller learns what failed from its
// property. The error says that rapid could not be run as this package
// expects (a flag it lacks, a panic out of rapid); every flag value of the
// program, and flag.CommandLine itself, are as they were when Check returns.
func Check(name string, s Settings, prop func(*rapid.T)) (failed bool, err error) {
	if s.Seed == 0 {
		return false, errors.New("rapidflags: seed 0 is rapid's random seed and cannot be replayed")
	}
	mu.Lock()
	defer mu.Unlock()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("rapidflags: rapid panicked: %v", p)
		}
	}()

	program := flag.CommandLine
	restoreShort := readyForShort()
	defer restoreShort()
	values := []flagValue{{"rapid.seed", strconv.FormatUint(s.Seed, 10)}, {"rapid.checks", oneCheck()}, {"rapid.failfile", ""}}
	if s.ShrinkTime > 0 {
		values = append(values, flagValue{"rapid.shrinktime", s.ShrinkTime.String()})
	}
	restore, err := setFlags(program, values)
	defer restore()
	if err != nil {
		return false, err
	}

	tb := &quietTB{name: name}
	// rapid runs on a goroutine of its own, so that Stop can end it with
	// runtime.Goexit from inside the property: the deferred calls of rapid
	// run (its recovers see no panic, and let it go), and the goroutine
	// ends without returning into rapid's loops. A panic out of rapid is
	// recovered there and said as the error.
	done := make(chan struct{})
	var panicked any
	go func() {
		defer close(done)
		defer func() { panicked = recover() }()
		rapid.Check(tb, func(t *rapid.T) {
			restoreShort() // rapid has asked testing.Short by now
			if s.Stop != nil && s.Stop() {
				runtime.Goexit()
			}
			prop(t)
		})
	}()
	<-done
	if panicked != nil {
		return false, fmt.Errorf("rapidflags: rapid panicked: %v", panicked)
	}
	return tb.Failed(), nil
}

// flagValue is a value for one of rapid's flags.
type flagValue struct{ name, value string }

// quiet are the flags every run here sets: no fail file written, nothing
// printed.
var quiet = []flagValue{{"rapid.nofailfile", "true"}, {"rapid.v", "false"}, {"rapid.log", "false"},
	{"rapid.debug", "false"}, {"rapid.debugvis", "false"}}

// setFlags sets rapid's flags to values and the quiet ones, and returns
// what puts them back. A flag that has its value already is not written:
// a generator drawing on another goroutine (Generator.Example reads
// rapid.log and rapid.debug) then reads a flag nobody writes.
func setFlags(program *flag.FlagSet, values []flagValue) (restore func(), err error) {
	var undo []func()
	restore = func() {
		for _, u := range slices.Backward(undo) {
			u()
		}
	}
	for _, v := range append(slices.Clone(quiet), values...) {
		f := program.Lookup(v.name)
		if f == nil {
			return restore, fmt.Errorf("rapidflags: rapid registers no -%s flag", v.name)
		}
		old := f.Value.String()
		if old == v.value {
			continue
		}
		if err := setFlag(f, v.value); err != nil {
			return restore, fmt.Errorf("rapidflags: -%s=%s: %w", v.name, v.value, err)
		}
		undo = append(undo, func() { _ = setFlag(f, old) })
	}
	return restore, nil
}

// writing keeps Example's reads of rapid's flags apart from setFlags'
// writes; Checks and Replays are kept apart by mu.
var writing sync.RWMutex

// setFlag sets f to value while no Example reads the flags.
func setFlag(f *flag.Flag, value string) error {
	writing.Lock()
	defer writing.Unlock()
	return f.Value.Set(value)
}

// Example is gen.Example(seed), which draws the same value beside a Check
// or a Replay on another goroutine. rapid's Example reads rapid.seed even
// when it is handed a seed (data.go:21-27, generator.go:82) and rapid.log
// (engine.go:626): a Check shrinking one failure (which sets rapid.seed)
// beside a search drawing boards — two checks run by one program, or a
// shrink in one test beside a check in a parallel one — was a data race.
func Example[V any](gen *rapid.Generator[V], seed int) V {
	writing.RLock()
	defer writing.RUnlock()
	return gen.Example(seed)
}

// oneCheck is rapid.checks for one check: 5 under -short, which rapid
// divides by 5 (engine.go:275-277). testing.Short must be callable
// (readyForShort).
func oneCheck() string {
	if testing.Short() {
		return "5"
	}
	return "1"
}

// readyForShort makes testing.Short callable, as rapid.Check needs, and
// returns what undoes it, which may be called any number of times. In a
// test binary there is nothing to do; elsewhere flag.CommandLine is a
// scratch FlagSet until the returned func runs (package doc).
func readyForShort() (restore func()) {
	if flag.Parsed() && flag.Lookup("test.short") != nil {
		return func() {}
	}
	program := flag.CommandLine
	scratch := flag.NewFlagSet(program.Name(), flag.ContinueOnError)
	flag.CommandLine = scratch
	testing.Init() // registers test.* on scratch, unless it ran before
	_ = scratch.Parse(nil)
	return func() {
		if flag.CommandLine == scratch {
			flag.CommandLine = program
		}
	}
}

// quietTB is the rapid.TB of a check outside a test: it records that the
// property failed and discards rapid's messages.
type quietTB struct {
	name   string
	mu     sync.Mutex
	failed bool
}

func (q *quietTB) Helper()               {}
func (q *quietTB) Name() string          { return q.name }
func (q *quietTB) Logf(string, ...any)   {}
func (q *quietTB) Log(...any)            {}
func (q *quietTB) Skipf(string, ...any)  {}
func (q *quietTB) Skip(...any)           {}
func (q *quietTB) SkipNow()              {}
func (q *quietTB) Errorf(string, ...any) { q.Fail() }
func (q *quietTB) Error(...any)          { q.Fail() }
func (q *quietTB) Fatalf(string, ...any) { q.Fail() }
func (q *quietTB) Fatal(...any)          { q.Fail() }
func (q *quietTB) FailNow()              { q.Fail() }
func (q *quietTB) Fail()                 { q.mu.Lock(); q.failed = true; q.mu.Unlock() }
func (q *quietTB) Failed() bool          { q.mu.Lock(); defer q.mu.Unlock(); return q.failed }
