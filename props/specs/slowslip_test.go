package specs

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
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

// TestSlowSlipIsRight checks that the slips that are slow and never
// wrong — patience's lossmemo, snakes' converge — give the correct
// solution's answers (to a relative 1e-9: converge iterates): on the
// published samples and on boards they solve fast (seeded: 40 uniform
// deals; 40 boards of snakes' generator), each game's boards in one
// input. Both patience solvers clear their memo before each deal of an
// input, so a deal's answer there is the one a run of its own prints, and
// one run each spares 78 starts of a solver that clears a 5^9 table first
// (some 70 ms of CPU a start).
func TestSlowSlipIsRight(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	if testing.Short() {
		t.Skip("builds and runs the solver binaries")
	}
	patienceDeals := func(g props.Game) [][]props.Board {
		r := rand.New(rand.NewPCG(3, 4))
		var batch []props.Board
		for range 40 {
			batch = append(batch, uniformPatience(r))
		}
		return [][]props.Board{batch}
	}
	snakesBoards := func(g props.Game) [][]props.Board {
		var batch []props.Board
		for i := range 40 {
			batch = append(batch, g.Generator().Example(i))
		}
		return [][]props.Board{batch}
	}
	for _, tt := range []struct {
		game   props.Game
		slip   string
		boards func(props.Game) [][]props.Board
	}{
		{Patience(), "lossmemo", patienceDeals},
		{Snakes(), "converge", snakesBoards},
	} {
		t.Run(tt.game.Name()+"/"+tt.slip, func(t *testing.T) {
			g := tt.game
			bin := solverBin(t, g.Name())
			type input struct {
				text   []byte
				boards int
			}
			var inputs []input
			for _, s := range g.Samples() {
				bs, err := g.Parse(strings.NewReader(s.Input), s.Name)
				if err != nil {
					t.Fatal(err)
				}
				inputs = append(inputs, input{[]byte(s.Input), len(bs)})
			}
			for _, bs := range tt.boards(g) {
				var in bytes.Buffer
				if err := g.WriteInput(&in, bs); err != nil {
					t.Fatal(err)
				}
				inputs = append(inputs, input{in.Bytes(), len(bs)})
			}
			for i, in := range inputs {
				good, _ := runTimed(t, bin, "", in.text)
				slow, _ := runTimed(t, bin, tt.slip, in.text)
				want, err := g.ParseAnswers(good, in.boards)
				if err != nil {
					t.Fatalf("input %d: the correct solution: %v", i, err)
				}
				got, err := g.ParseAnswers(slow, in.boards)
				if err != nil {
					t.Fatalf("input %d: %s: %v", i, tt.slip, err)
				}
				for k := range want {
					if a, b := want[k].Float64(), got[k].Float64(); math.Abs(a-b) > 1e-9*math.Max(1, math.Abs(a)) {
						t.Errorf("input %d, board %d: %s answered %v, the correct solution %v\n%s", i, k+1, tt.slip, b, a, in.text)
					}
				}
			}
		})
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
	bin := solverBin(t, "patience")
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
