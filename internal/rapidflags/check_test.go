package rapidflags

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// board is a value drawn as several parts, like a game's board.
var board = rapid.Custom(func(t *rapid.T) []int {
	n := rapid.IntRange(0, 8).Draw(t, "n")
	return rapid.SliceOfN(rapid.IntRange(-50, 1000), n, n).Draw(t, "parts")
})

// rapidFlags are the flags Check sets, which rapid's init registers
// (engine.go:64-76).
var rapidFlags = []string{"rapid.seed", "rapid.checks", "rapid.nofailfile", "rapid.failfile",
	"rapid.v", "rapid.log", "rapid.debug", "rapid.debugvis", "rapid.shrinktime"}

func TestRapidRegistersItsFlagsOnCommandLine(t *testing.T) {
	for _, name := range rapidFlags {
		if flag.CommandLine.Lookup(name) == nil {
			t.Errorf("rapid registers no -%s on flag.CommandLine", name)
		}
	}
}

// TestFirstCheckDrawsExample pins what a replay relies on: under
// rapid.seed=S the first check draws Generator.Example(S).
func TestFirstCheckDrawsExample(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		want := board.Example(int(seed))
		var first []int
		calls := 0
		_, err := Check("rapidflags-first-draw", Settings{Seed: seed}, func(rt *rapid.T) {
			b := board.Draw(rt, "board")
			if calls++; calls == 1 {
				first = b
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(first, want) {
			t.Errorf("seed %d: the first check drew %v, Example gives %v", seed, first, want)
		}
	}
}

// TestOneCheck pins that rapid.checks=1 is one check, with and without
// -short (which divides rapid's checks by 5).
func TestOneCheck(t *testing.T) {
	for _, short := range []string{"false", "true"} {
		old := flag.Lookup("test.short").Value.String()
		if err := flag.Set("test.short", short); err != nil {
			t.Fatal(err)
		}
		calls := 0
		failed, err := Check("rapidflags-one-check", Settings{Seed: 3}, func(rt *rapid.T) {
			board.Draw(rt, "board")
			calls++
		})
		_ = flag.Set("test.short", old)
		if err != nil || failed || calls != 1 {
			t.Errorf("-test.short=%s: failed %v, err %v, %d runs of a passing property; want 1", short, failed, err, calls)
		}
	}
}

func TestSeedZeroIsRefused(t *testing.T) {
	if _, err := Check("rapidflags-seed-zero", Settings{}, func(*rapid.T) {}); err == nil {
		t.Error("seed 0 accepted")
	}
}

// firstSeed returns a seed whose Example board has a part of at least min.
func firstSeed(t *testing.T, min int) uint64 {
	seed := seedWithPart(min)
	if seed == 0 {
		t.Fatalf("no board with a part of %d or more", min)
	}
	return seed
}

// seedWithPart returns the first seed whose Example board has a part of at
// least min, or 0.
func seedWithPart(min int) uint64 {
	for seed := uint64(1); seed < 1000; seed++ {
		if slices.ContainsFunc(board.Example(int(seed)), func(v int) bool { return v >= min }) {
			return seed
		}
	}
	return 0
}

// TestShrinkKeepsTheWayItFails pins that rapid keeps a smaller input only
// when the property fails on the same line: a failure on another line is
// another bug, and shrinking does not slide into it.
func TestShrinkKeepsTheWayItFails(t *testing.T) {
	var last []int
	failed, err := Check("rapidflags-same-line", Settings{Seed: firstSeed(t, 500)}, func(rt *rapid.T) {
		b := board.Draw(rt, "board")
		switch {
		case slices.ContainsFunc(b, func(v int) bool { return v >= 500 }):
			last = b
			rt.Fatalf("big")
		case len(b) > 0:
			rt.Fatalf("any")
		}
	})
	if err != nil || !failed {
		t.Fatalf("failed %v, err %v", failed, err)
	}
	if !reflect.DeepEqual(last, []int{500}) {
		t.Errorf("shrunk to %v, want [500]", last)
	}
}

// TestPropertyThatStopsFailing pins what a hard shrinking deadline relies
// on: when the property stops failing part way through shrinking (a
// deadline in the property), rapid ends without an error escaping, after
// its last run replays the last input that failed. The cut falls at every
// run from the first to well into the shrinking, between a candidate and
// its re-run as well (shrink.go:261, 271).
func TestPropertyThatStopsFailing(t *testing.T) {
	seed := firstSeed(t, 10)
	for cut := 1; cut <= 12; cut++ {
		runs := 0
		var lastFailing, lastRun []int
		failed, err := Check("rapidflags-cut", Settings{Seed: seed}, func(rt *rapid.T) {
			b := board.Draw(rt, "board")
			runs++
			lastRun = b
			if runs <= cut && slices.ContainsFunc(b, func(v int) bool { return v >= 10 }) {
				lastFailing = b
				rt.Fatalf("big")
			}
		})
		if err != nil || !failed {
			t.Fatalf("cut after %d runs: failed %v, err %v", cut, failed, err)
		}
		if !reflect.DeepEqual(lastRun, lastFailing) {
			t.Errorf("cut after %d runs: the last run was on %v, the last failure on %v", cut, lastRun, lastFailing)
		}
	}
}

// TestStopEndsRapidAtOnce pins Settings.Stop: once it says true, the
// property never runs again and Check returns, wherever rapid's search or
// shrinking is — at the first run, or part way through shrinking. Without
// it, a property past its deadline only passes, and rapid goes on trying
// candidates (here, a board of up to 100 values: hundreds of runs).
func TestStopEndsRapidAtOnce(t *testing.T) {
	seed := firstSeed(t, 10)
	for _, stopAt := range []int{0, 1, 3, 8} {
		runs, runsAfterStop := 0, 0
		stopped := false
		failed, err := Check("rapidflags-stop", Settings{Seed: seed, Stop: func() bool {
			stopped = stopped || runs >= stopAt
			return stopped
		}}, func(rt *rapid.T) {
			if stopped {
				runsAfterStop++
			}
			runs++
			if b := board.Draw(rt, "board"); slices.ContainsFunc(b, func(v int) bool { return v >= 10 }) {
				rt.Fatalf("big")
			}
		})
		if err != nil {
			t.Fatalf("stop after %d runs: %v", stopAt, err)
		}
		if runs != stopAt || runsAfterStop != 0 {
			t.Errorf("stop after %d runs: the property ran %d times, %d after Stop said true", stopAt, runs, runsAfterStop)
		}
		_ = failed // rapid was stopped: its own verdict is not asked
	}
}

// flagState is everything of a FlagSet a program can see.
type flagState struct {
	all, set []string // name=value of every flag, and of those set
	parsed   bool
	set0     *flag.FlagSet
}

func stateOf(fs *flag.FlagSet) flagState {
	s := flagState{parsed: fs.Parsed(), set0: fs}
	fs.VisitAll(func(f *flag.Flag) { s.all = append(s.all, f.Name+"="+f.Value.String()) })
	fs.Visit(func(f *flag.Flag) { s.set = append(s.set, f.Name+"="+f.Value.String()) })
	return s
}

func (s flagState) diff(after flagState) []string {
	var d []string
	if after.set0 != s.set0 {
		d = append(d, "flag.CommandLine is another FlagSet")
	}
	if after.parsed != s.parsed {
		d = append(d, fmt.Sprintf("Parsed() %v, was %v", after.parsed, s.parsed))
	}
	if !slices.Equal(s.all, after.all) {
		d = append(d, fmt.Sprintf("flags\n  %v\nwere\n  %v", after.all, s.all))
	}
	if !slices.Equal(s.set, after.set) {
		d = append(d, fmt.Sprintf("set flags %v, were %v", after.set, s.set))
	}
	return d
}

// shrinkSomething runs a Check that fails and shrinks.
func shrinkSomething(seed uint64) (failed bool, shrunk []int, err error) {
	failed, err = Check("rapidflags-leaves-flags", Settings{Seed: seed}, func(rt *rapid.T) {
		b := board.Draw(rt, "board")
		if slices.ContainsFunc(b, func(v int) bool { return v >= 10 }) {
			shrunk = b
			rt.Fatalf("big")
		}
	})
	return failed, shrunk, err
}

func TestCheckLeavesFlagsAsTheyWere(t *testing.T) {
	before := stateOf(flag.CommandLine)
	failed, shrunk, err := shrinkSomething(firstSeed(t, 10))
	if err != nil || !failed || !reflect.DeepEqual(shrunk, []int{10}) {
		t.Fatalf("failed %v, shrunk to %v, err %v; want [10]", failed, shrunk, err)
	}
	for _, d := range before.diff(stateOf(flag.CommandLine)) {
		t.Error(d)
	}
}

// cleanProcessEnv makes the test binary, started by
// TestCleanProcessKeepsItsFlags, a program that never called testing.Init
// nor parsed its flags: init runs before the test main does either.
const cleanProcessEnv = "RAPIDFLAGS_CLEAN_PROCESS"

func init() {
	if os.Getenv(cleanProcessEnv) == "" {
		return
	}
	if problems := cleanProcess(); len(problems) > 0 {
		fmt.Println(strings.Join(problems, "\n"))
		os.Exit(1)
	}
	fmt.Println("clean process: ok")
	os.Exit(0)
}

func cleanProcess() []string {
	if flag.Lookup("test.v") != nil || flag.Parsed() {
		return []string{"not a clean process: the test.* flags are registered or the flags parsed"}
	}
	var problems []string
	if !panics(func() { testing.Short() }) {
		problems = append(problems, "testing.Short does not panic before testing.Init and flag.Parse")
	}
	before := stateOf(flag.CommandLine)
	failed, shrunk, err := shrinkSomething(seedWithPart(10))
	if err != nil || !failed || len(shrunk) != 1 || shrunk[0] != 10 {
		problems = append(problems, fmt.Sprintf("shrinking: failed %v, shrunk to %v, err %v; want [10]", failed, shrunk, err))
	}
	problems = append(problems, before.diff(stateOf(flag.CommandLine))...)
	if flag.Lookup("test.v") != nil {
		problems = append(problems, "test.v is registered on flag.CommandLine")
	}
	// What remains (package doc): testing.Init ran, on the scratch FlagSet.
	testing.Init()
	if flag.Lookup("test.v") != nil {
		problems = append(problems, "testing.Init registered test.v after a Check: it had not run")
	}
	return problems
}

func panics(f func()) (p bool) {
	defer func() { p = recover() != nil }()
	f()
	return false
}

func TestCleanProcessKeepsItsFlags(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), cleanProcessEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "clean process: ok") {
		t.Fatalf("%v:\n%s", err, out)
	}
}

// TestSeededIsExample pins Seeded: replaying Seeded(S, n) draws what
// Generator.Example(S) draws, and too few words are an overrun.
func TestSeededIsExample(t *testing.T) {
	r, err := NewReplayer("rapidflags-replay")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for seed := uint64(1); seed <= 30; seed++ {
		want := board.Example(int(seed))
		var got []int
		if err := r.Replay(Seeded(seed, 64), func(rt *rapid.T) { got = board.Draw(rt, "board") }); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("seed %d: replaying Seeded drew %v, Example gives %v", seed, got, want)
		}
	}
	if err := r.Replay(Seeded(3, 0), func(rt *rapid.T) { board.Draw(rt, "board") }); !errors.Is(err, ErrOverrun) {
		t.Errorf("no choices at all: %v, want ErrOverrun", err)
	}
}

// TestReplayFollowsChoices checks that a changed word changes the value
// drawn: the first word is n's, so setting it to 0 draws an empty board.
func TestReplayFollowsChoices(t *testing.T) {
	r, err := NewReplayer("rapidflags-replay")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	c := Seeded(5, 64)
	c[0] = 0
	var got []int
	if err := r.Replay(c, func(rt *rapid.T) { got = board.Draw(rt, "board") }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 0 {
		t.Errorf("with the first choice 0 the board is %v, want none", got)
	}
}

// TestBesideExample replays boards and runs Checks while another
// goroutine draws boards with Example, as check's climbed and uniform
// boards are drawn beside each other under --jobs, and as one test's
// shrinking runs beside another's search: each draws what it would
// alone. rapid's Generator.Example reads rapid's seed flag (data.go
// baseSeed) even when handed a seed: under `go test -race` (.ci/run runs
// this package so) this fails if Replay writes that flag, or if Check
// writes it while a bare Generator.Example reads it.
func TestBesideExample(t *testing.T) {
	r, err := NewReplayer("rapidflags-replay")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	want := make([][]int, 20)
	for i := range want {
		want[i] = board.Example(i + 1)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 5 {
			for i := range want {
				if got := Example(board, i+1); !reflect.DeepEqual(got, want[i]) {
					t.Errorf("Example(%d) beside a replay drew %v, alone %v", i+1, got, want[i])
					return
				}
			}
		}
	}()
	for i := range want {
		var got []int
		if err := r.Replay(Seeded(uint64(i+1), 64), func(rt *rapid.T) { got = board.Draw(rt, "board") }); err != nil {
			t.Fatalf("seed %d: %v", i+1, err)
		}
		if !reflect.DeepEqual(got, want[i]) {
			t.Errorf("seed %d: replayed beside Example: %v, alone %v", i+1, got, want[i])
		}
		var first []int
		if _, err := Check("rapidflags-beside", Settings{Seed: uint64(i + 1)}, func(rt *rapid.T) {
			if b := board.Draw(rt, "board"); first == nil {
				first = b
			}
		}); err != nil {
			t.Fatalf("seed %d: %v", i+1, err)
		}
		if !reflect.DeepEqual(first, want[i]) {
			t.Errorf("seed %d: Check beside Example drew %v first, Example alone %v", i+1, first, want[i])
		}
	}
	<-done
}
