package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chancecheck/chancecheck/internal/testenv"
)

// helperRoute is how the tests' helper solver is reached: the program
// cli/internal/helpersolver, built once per test binary (from go run's
// executable cache where it has it: testenv.GoPrograms), which asks this
// process over a Unix socket for its answers (helperAnswer). It starts in
// about a fifth of the CPU time this 29 MB binary takes to start as the
// solver, for each of hundreds of solver runs; what the solver does in a
// process of its own (crash, be killed, sleep, spin, hold memory) it still
// does in its own.
var helperRoute struct {
	once        sync.Once
	dir         string // the temporary directory of the socket
	buildDir    string // the directory of a go build of the program, if any
	bin, socket string
	err         error
}

// startHelperRoute builds the helper solver and starts serving its
// questions; it runs once, on the first helperSolver.
func startHelperRoute() {
	r := &helperRoute
	var paths map[string]string
	paths, r.buildDir, r.err = testenv.GoPrograms("github.com/chancecheck/chancecheck/cli/internal/helpersolver")
	if r.err != nil {
		return
	}
	r.bin = paths["helpersolver"]
	if r.dir, r.err = os.MkdirTemp("", "cchelper"); r.err != nil {
		return
	}
	r.socket = filepath.Join(r.dir, "s")
	l, err := net.Listen("unix", r.socket)
	if err != nil {
		r.err = fmt.Errorf("the helper solver's socket: %w", err)
		return
	}
	go serveHelper(l)
}

// stopHelperRoute removes what startHelperRoute made, if it ran.
func stopHelperRoute() {
	for _, d := range []string{helperRoute.dir, helperRoute.buildDir} {
		if d != "" {
			os.RemoveAll(d)
		}
	}
}

// serveHelper answers the helper solvers that connect to l, each in a
// goroutine of its own, for the life of the test binary. A panic while
// answering is the helper's crash (exit 2, the panic on its stderr), as it
// was when the helper computed its answers in its own process, not the
// test binary's.
func serveHelper(l net.Listener) {
	for {
		conn, err := l.Accept()
		if err != nil {
			return
		}
		go func() {
			defer conn.Close()
			r := bufio.NewReader(conn)
			mode, err := r.ReadString('\n')
			if err != nil {
				return
			}
			in, err := io.ReadAll(r)
			if err != nil {
				return
			}
			code, stdout, stderr := func() (code int, stdout, stderr []byte) {
				defer func() {
					if p := recover(); p != nil {
						code, stdout, stderr = 2, nil, fmt.Appendf(nil, "panic: %v\n", p)
					}
				}()
				return helperAnswer(strings.TrimSuffix(mode, "\n"), in)
			}()
			fmt.Fprintf(conn, "%d %d\n", code, len(stderr))
			conn.Write(stderr)
			conn.Write(stdout)
		}()
	}
}

// helperAnswer is what the helper solver of mode (without the prefixes the
// helper itself acts on) prints for input in and the code it exits with:
// "GAME" solves with `chancecheck solve GAME` (correct), "GAME-wrong" adds
// 0.01 to every number, "GAME-wrong-long" only for an input of more than
// five lines, "GAME-wrong-one" only for an input whose last line is 1 (a
// "bit" board 1), "GAME-wrong-cols30" only for an input whose first line's
// second number is 30 (a traps maze of 30 columns). GAME may be "bit"
// (checkGames). "almost-SHARE" answers "bit" inputs off by SHARE of the
// judge's 1e-6: 0 for a board 0, 0.5 for a board 1, plus SHARE*1e-6.
func helperAnswer(mode string, in []byte) (code int, stdout, stderr []byte) {
	if share, ok := strings.CutPrefix(mode, "almost-"); ok {
		var s float64
		fmt.Sscan(share, &s)
		f := strings.Fields(string(in))
		if len(f) == 0 {
			return 4, nil, []byte("helper: no input\n")
		}
		var b bytes.Buffer
		for _, board := range f[1:] {
			v := 0.0
			if board == "1" {
				v = 0.5
			}
			fmt.Fprintf(&b, "%.12f\n", v+s*1e-6)
		}
		return 0, b.Bytes(), nil
	}
	mode, only30 := strings.CutSuffix(mode, "-cols30")
	mode, onlyOne := strings.CutSuffix(mode, "-one")
	mode, onlyLong := strings.CutSuffix(mode, "-long")
	game, wrong := strings.CutSuffix(mode, "-wrong")
	if first := strings.Fields(strings.SplitN(string(in), "\n", 2)[0]); only30 && (len(first) < 2 || first[1] != "30") {
		wrong = false
	}
	if onlyLong && strings.Count(string(in), "\n") <= 5 || onlyOne && !strings.HasSuffix(string(in), "\n1\n") {
		wrong = false
	}
	var out, errOut bytes.Buffer
	if code := Run(context.Background(), []string{"solve", game}, bytes.NewReader(in), &out, &errOut, checkGames()...); code != 0 {
		return code, out.Bytes(), errOut.Bytes()
	}
	text := out.String()
	if wrong {
		var b strings.Builder
		for _, line := range strings.SplitAfter(text, "\n") {
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			var v float64
			fmt.Sscan(f[len(f)-1], &v)
			f[len(f)-1] = fmt.Sprintf("%.10f", v+0.01)
			b.WriteString(strings.Join(f, " ") + "\n")
		}
		text = b.String()
	}
	return 0, []byte(text), errOut.Bytes()
}

// helperSolver returns the --solver command line of the helper solver
// (cli/internal/helpersolver) in mode, with a mark file of t's own for the
// "-once-" modes. The mode is given on the command line, not in this
// process's environment, so that tests using helpers of different modes
// can run in parallel; as arguments rather than variables set by env(1),
// so that each of the hundreds of runs starts one process, not two.
//
// Besides helperAnswer's modes: "crash" exits 3, "hang" sleeps a minute,
// "spin" computes until killed, "nan" prints -nan; "crash-once-MODE"
// crashes on its first run only, "killed-once-MODE" is killed by SIGKILL
// on its first run only. A "slow-" before the mode makes each run sleep
// 100 ms first, a "slower-" 400 ms; a "hog-" makes it allocate and touch
// 300 MB first (over the tests' --memory 256MB).
//
// Without a go command to build the helper, the test is skipped; where
// the build fails, it fails.
func helperSolver(t *testing.T, mode string) string {
	t.Helper()
	helperRoute.once.Do(startHelperRoute)
	if err := helperRoute.err; err != nil {
		if errors.Is(err, exec.ErrNotFound) {
			t.Skip(err)
		}
		t.Fatal(err)
	}
	mark := filepath.Join(t.TempDir(), "ran")
	return shellQuote(helperRoute.bin) + " " + shellQuote(helperRoute.socket) + " " + shellQuote(mode) + " " + shellQuote(mark)
}
