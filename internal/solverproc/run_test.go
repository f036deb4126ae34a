//go:build unix

package solverproc

import (
	"context"
	"os"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/internal/longtest"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  bool
	}{
		{in: "./sol", want: []string{"./sol"}},
		{in: "  python3   sol.py --fast ", want: []string{"python3", "sol.py", "--fast"}},
		{in: `sh -c 'echo "a b"; exit 3'`, want: []string{"sh", "-c", `echo "a b"; exit 3`}},
		{in: `a "b \"c\" d" e\ f`, want: []string{"a", `b "c" d`, "e f"}},
		{in: `''`, want: []string{""}},
		{in: ``, want: nil},
		{in: `'open`, err: true},
		{in: `"open`, err: true},
		{in: `trail\`, err: true},
		// No shell runs it: an unquoted pipe or redirection would be an
		// argument, so it is refused; quoted or escaped it is one.
		{in: `python3 sol.py | cat`, err: true},
		{in: `./sol < in.txt`, err: true},
		{in: `./sol;rm`, err: true},
		{in: `./sol '|' "<" \&`, want: []string{"./sol", "|", "<", "&"}},
	}
	for _, tt := range tests {
		got, err := Split(tt.in)
		if (err != nil) != tt.err || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Split(%q) = %q, %v; want %q, err %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestRun(t *testing.T) {
	t.Parallel() // see parallel_test.go
	ctx := context.Background()
	tests := []struct {
		name    string
		script  string
		input   string
		timeout time.Duration
		check   func(t *testing.T, r Result)
	}{
		{"echo stdin", "cat", "1 2 3\n", time.Second, func(t *testing.T, r Result) {
			if string(r.Stdout) != "1 2 3\n" || r.Crashed() || r.TimedOut {
				t.Errorf("got %+v", r)
			}
		}},
		{"exit status", "echo oops >&2; exit 3", "", time.Second, func(t *testing.T, r Result) {
			if r.ExitCode != 3 || !r.Crashed() || !strings.Contains(r.StderrTail, "oops") {
				t.Errorf("got %+v", r)
			}
		}},
		{"signal", "kill -SEGV $$", "", time.Second, func(t *testing.T, r Result) {
			if r.Signal == "" || !r.Crashed() {
				t.Errorf("got %+v", r)
			}
		}},
		{"time limit is CPU time", "while :; do :; done", "", 300 * time.Millisecond, func(t *testing.T, r Result) {
			if !r.TimedOut || r.Idle || r.Crashed() || r.CPU < 300*time.Millisecond || !strings.HasPrefix(r.Describe(), "time limit: ") {
				t.Errorf("got %+v (%s)", r, r.Describe())
			}
		}},
		{"background child holding stdout", "sleep 30 & echo out", "", time.Second, func(t *testing.T, r Result) {
			// The run does not wait for the child (30 s of sleep): an
			// Elapsed far below it, whatever the load.
			if string(r.Stdout) != "out\n" || r.Crashed() || r.TimedOut || r.Idle || r.Elapsed > 20*time.Second ||
				// The child may not have become sleep yet: then it is sh.
				len(r.Leftovers) != 1 || !strings.HasSuffix(r.Leftovers[0], "), holding stdout open") {
				t.Errorf("got %+v", r)
			}
		}},
		{"ignores stdin", "echo 1", strings.Repeat("x", 1<<20), time.Second, func(t *testing.T, r Result) {
			if string(r.Stdout) != "1\n" || r.Crashed() {
				t.Errorf("got %+v", r)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Run(ctx, []string{"sh", "-c", tt.script}, []byte(tt.input), Limits{Time: tt.timeout})
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, r)
		})
	}
}

// TestIdleLimitInForce checks which idleness limit a run is held to: the
// one given, else the default that goes with the CPU time limit, else
// none. That a run is stopped at it is TestIdleIsTimeWithoutWork's, and at
// the default one TestRunDefaultIdle's.
func TestIdleLimitInForce(t *testing.T) {
	for _, tt := range []struct {
		lim  Limits
		want time.Duration
	}{
		{Limits{Time: 100 * time.Millisecond}, 10100 * time.Millisecond},
		{Limits{Time: 2 * time.Second}, 12 * time.Second},
		{Limits{Time: 5 * time.Second}, 25 * time.Second},
		{Limits{Time: time.Minute}, 5 * time.Minute},
		{Limits{Time: 100 * time.Millisecond, Idle: 300 * time.Millisecond}, 300 * time.Millisecond},
		{Limits{Idle: time.Second}, time.Second},
		{Limits{}, 0},
	} {
		if got := tt.lim.idle(); got != tt.want {
			t.Errorf("%+v: idleness limit %v, want %v", tt.lim, got, tt.want)
		}
	}
}

// TestRunDefaultIdle runs a sleeping solver with a CPU time limit and no
// idleness limit of its own: it is stopped at the default one, 10.1 s.
func TestRunDefaultIdle(t *testing.T) {
	longtest.Skip(t, "waits out the default idleness limit of a 100 ms run, 10.1 s of wall time")
	r, err := Run(context.Background(), []string{"sh", "-c", "sleep 30"}, nil, Limits{Time: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if r.TimedOut || !r.Idle || r.Crashed() || r.Elapsed < 10*time.Second || r.Elapsed > 30*time.Second ||
		!strings.HasPrefix(r.Describe(), "idleness limit: ") {
		t.Errorf("got %+v (%s)", r, r.Describe())
	}
}

// TestRunKillsTheGroup checks that a child the solver started in the
// background is gone after Run returns, for a normal exit and a time out.
func TestRunKillsTheGroup(t *testing.T) {
	t.Parallel() // see parallel_test.go
	for _, script := range []string{
		`sleep 30 & echo $!`,
		`sleep 30 & echo $!; sleep 30`,
	} {
		// The idleness limit ends the second script (the default one
		// would take 10.3 s).
		r, err := Run(context.Background(), []string{"sh", "-c", script}, nil, Limits{Time: 300 * time.Millisecond, Idle: 300 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(r.Stdout)))
		if err != nil || pid <= 0 {
			t.Fatalf("%q printed %q", script, r.Stdout)
		}
		deadline := time.Now().Add(2 * time.Second)
		for alive(pid) && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if alive(pid) {
			t.Errorf("%q: background child %d still running", script, pid)
		}
	}
}

// alive reports whether pid exists and is not a zombie waiting for its parent.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	f := strings.Fields(string(b))
	return len(f) > 2 && f[2] != "Z"
}

func TestRunNotFound(t *testing.T) {
	if _, err := Run(context.Background(), []string{"/no/such/solver"}, nil, Limits{Time: time.Second}); err == nil {
		t.Fatal("no error for a missing program")
	}
}

// TestIdleIsTimeWithoutWork checks that the idleness limit counts only
// wall time in which the solver did not work: a busy loop that takes
// longer than the idleness limit (about 1.4 s of CPU time against a 1 s
// limit, several seconds of wall time on a loaded machine) is left to its
// CPU time limit and ends on its own, while a sleeping solver is stopped at
// the idleness limit. The busy loop's window is 1 s, not 300 ms: it must
// use 10 ms of CPU time in each (busyIn), and at load 19 on two cores a
// 300 ms window once saw less (0.68 s of CPU in 5.3 s of wall: 4% of a
// core on average, less in some windows); in 1 s it gets some 40 ms at
// that load.
func TestIdleIsTimeWithoutWork(t *testing.T) {
	t.Parallel() // see parallel_test.go
	if runtime.GOOS != "linux" {
		t.Skip("CPU time cannot be read here: the idleness limit is wall time")
	}
	tests := []struct {
		name     string
		script   string
		idle     time.Duration
		wantIdle bool
	}{
		{"busy", `i=0; while [ $i -lt 2000000 ]; do i=$((i+1)); done; echo done`, time.Second, false},
		{"sleeping", `sleep 30`, 300 * time.Millisecond, true},
		{"busy then sleeping", `i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; sleep 30`, 300 * time.Millisecond, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, err := Run(context.Background(), []string{"sh", "-c", tt.script}, nil, Limits{Time: 60 * time.Second, Idle: tt.idle})
			if err != nil {
				t.Fatal(err)
			}
			if r.Idle != tt.wantIdle || r.TimedOut || r.Crashed() || !tt.wantIdle && string(r.Stdout) != "done\n" {
				t.Errorf("got %+v (%s); want idle %v", r, r.Describe(), tt.wantIdle)
			}
		})
	}
}
