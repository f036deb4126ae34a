package specs

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/props"
)

// checkTimeout is `chancecheck check`'s default --timeout, the CPU time
// limit a slow slip's rare inputs are over.
const checkTimeout = 2 * time.Second

// TestSlowSlipIsRight checks that patience's lossmemo, a slip that is
// slow and never wrong, gives the correct solution's answers: on the
// published sample and on uniform deals (seeded; the first 40, which
// it solves fast). The 40 deals go in one input: both solvers clear
// their memo before each deal of an input, so a deal's answer is the one
// a run of its own prints, and one run each spares 78 starts of a solver
// that clears a 5^9 table first (some 70 ms of CPU a start).
func TestSlowSlipIsRight(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the solver binaries")
	}
	bin := filepath.Join(solverDir(t), "patience")
	g := Patience()
	r := rand.New(rand.NewPCG(3, 4))
	deals := make([]props.Board, 40)
	for i := range deals {
		deals[i] = uniformPatience(r)
	}
	var in bytes.Buffer
	if err := g.WriteInput(&in, deals); err != nil {
		t.Fatal(err)
	}
	for _, input := range []struct {
		name  string
		text  []byte
		deals int // 0: not counted
	}{
		{"the published sample", []byte(g.Samples()[0].Input), 0},
		{"40 uniform deals", in.Bytes(), len(deals)},
	} {
		good, _ := runTimed(t, bin, "", input.text)
		slow, _ := runTimed(t, bin, "lossmemo", input.text)
		goodLines, slowLines := strings.Split(string(good), "\n"), strings.Split(string(slow), "\n")
		if input.deals > 0 && len(goodLines) != input.deals+1 {
			t.Fatalf("%s: the correct solution printed %d lines for %d deals:\n%s", input.name, len(goodLines)-1, input.deals, good)
		}
		if len(slowLines) != len(goodLines) {
			t.Errorf("%s: lossmemo printed %d lines, the correct solution %d", input.name, len(slowLines)-1, len(goodLines)-1)
			continue
		}
		for i := range goodLines {
			if slowLines[i] != goodLines[i] {
				t.Errorf("%s, deal %d: lossmemo printed %q, the correct solution %q", input.name, i+1, slowLines[i], goodLines[i])
			}
		}
	}
}

// TestSlowSlipUniformRate measures how often patience's lossmemo takes
// more CPU time than check's default limit on a uniform deal, one deal
// an input, and checks its answers there: CHANCECHECK_SLOW_RATE=N draws N
// deals. Off by default: a slow deal takes seconds.
func TestSlowSlipUniformRate(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("CHANCECHECK_SLOW_RATE"))
	if n <= 0 {
		t.Skip("set CHANCECHECK_SLOW_RATE=N to measure the slow slip's rate on N uniform deals")
	}
	bin := filepath.Join(solverDir(t), "patience")
	g := Patience()
	r := rand.New(rand.NewPCG(1, 2))
	slow, worst := 0, time.Duration(0)
	for i := range n {
		var in bytes.Buffer
		if err := g.WriteInput(&in, []props.Board{uniformPatience(r)}); err != nil {
			t.Fatal(err)
		}
		good, _ := runTimed(t, bin, "", in.Bytes())
		got, cpu, cut := runCapped(t, bin, "lossmemo", in.Bytes())
		if cut {
			slow++
			t.Logf("deal %d: over %v CPU, stopped\n%s", i, slowCap, in.String())
			continue
		}
		a, _ := strconv.ParseFloat(string(bytes.TrimSpace(good)), 64)
		b, _ := strconv.ParseFloat(string(bytes.TrimSpace(got)), 64)
		if math.Abs(a-b) > 1e-6 {
			t.Errorf("deal %d: lossmemo answered %v, the correct solution %v", i, b, a)
		}
		worst = max(worst, cpu)
		if cpu > checkTimeout {
			slow++
			t.Logf("deal %d: %v CPU\n%s", i, cpu, in.String())
		}
	}
	t.Logf("patience lossmemo: over %v CPU on %d of %d uniform deals (%.3f%%); the slowest took %v",
		checkTimeout, slow, n, 100*float64(slow)/float64(n), worst)
}

// slowCap is the CPU time (whole seconds, for ulimit -t) at which a run
// of the slow slip is stopped: it is over checkTimeout by then, and an
// exponential search could run for hours.
const slowCap = 3 * time.Second

// runCapped is runTimed under a CPU limit of slowCap (sh's ulimit -t: the
// kernel's RLIMIT_CPU); cut says the run was stopped there.
func runCapped(t *testing.T, bin, arg string, input []byte) (out []byte, cpu time.Duration, cut bool) {
	t.Helper()
	cmd := exec.Command("sh", "-c", `ulimit -t "$0" && exec "$1" "$2"`, strconv.Itoa(int(slowCap.Seconds())), bin, arg)
	cmd.Stdin = bytes.NewReader(input)
	out, err := cmd.Output()
	cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if err != nil {
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() && cpu >= checkTimeout {
			return nil, cpu, true
		}
		t.Fatalf("%s %s: %v", bin, arg, err)
	}
	return out, cpu, false
}

// runTimed runs bin with arg on input and returns its output and CPU time.
func runTimed(t *testing.T, bin, arg string, input []byte) ([]byte, time.Duration) {
	t.Helper()
	cmd := exec.Command(bin)
	if arg != "" {
		cmd.Args = append(cmd.Args, arg)
	}
	cmd.Stdin = bytes.NewReader(input)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v", bin, arg, err)
	}
	return out, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}
