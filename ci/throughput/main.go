// Command throughput measures what `chancecheck check` costs on top of the
// solver it checks: for each game, the solver alone run on the very inputs
// check feeds it (the same batches, one process an input, one at a time)
// against `check` with that solver at --jobs 1, in paired runs (the two
// alternate, first one then the other, and the ratio is taken pair by
// pair). It prints boards judged a second both ways and the overhead ratio:
// check's wall time over the solver's own. Run from the module root; it is
// no part of `go test`:
//
//	go run ./ci/throughput                          # every built-in, with `chancecheck solve GAME`
//	go run ./ci/throughput -pairs 9 snakes='/tmp/b/snakes' patience jenga='/tmp/b/jenga' traps
//	go run ./ci/throughput -cases snakes=5000 snakes=./mysolver
//
// An argument is GAME or GAME=CMD (CMD split like check's --solver); the
// default solver is `chancecheck solve GAME` of the binary it builds
// (or -chancecheck). First it runs check once with a recording solver that
// writes each input it is given to a file and runs CMD on it: those files
// are the batches check feeds the solver, samples included. Each pair then
// runs CMD once on every recorded input (wall time from the first start to
// the last exit) and check once (wall time of the whole process).
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/internal/solverproc"
)

// defaultCases is each game's --cases: a few seconds of check with a fast solver.
var defaultCases = map[string]int{"snakes": 4000, "patience": 1000, "traps": 60, "jenga": 10}

// recordArg is the first argument that makes this program the recording
// solver: throughput -record DIR CMD ARGS...
const recordArg = "-record"

func main() {
	if len(os.Args) > 2 && os.Args[1] == recordArg {
		os.Exit(record(os.Args[2], os.Args[3:]))
	}
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "throughput:", err)
		os.Exit(2)
	}
}

// target is one game and the solver to check it with.
type target struct {
	game   string
	solver string // the command line, as check's --solver
	cases  int
}

// pair is one paired measurement.
type pair struct {
	alone, check       time.Duration
	aloneCPU, checkCPU time.Duration // user and system time; check's includes the solver runs it waited for
}

func run() error {
	pairs := flag.Int("pairs", 5, "paired runs per game (solver alone, then check; the order alternates)")
	seed := flag.Uint64("seed", 1, "check's --seed")
	batch := flag.Int("batch", 0, "check's --batch (0: its default)")
	ccBin := flag.String("chancecheck", "", "the chancecheck binary (default: built from ./cmd/chancecheck)")
	var cases casesFlag = map[string]int{}
	flag.Var(cases, "cases", "GAME=N: check's --cases for a game (repeatable)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run ./ci/throughput [flags] [GAME[=CMD]...]\n")
		flag.PrintDefaults()
	}
	flag.Parse()

	work, err := os.MkdirTemp("", "throughput-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	self, err := os.Executable()
	if err != nil {
		return err
	}
	if *ccBin == "" {
		*ccBin = filepath.Join(work, "chancecheck")
		build := exec.Command("go", "build", "-o", *ccBin, "./cmd/chancecheck")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("building chancecheck: %w", err)
		}
	}
	targets, err := parseTargets(flag.Args(), *ccBin, cases)
	if err != nil {
		return err
	}

	fmt.Printf("# %d CPUs, %s, %s; %d pairs a game, check --seed %d --jobs 1\n", runtime.NumCPU(), cpuModel(), runtime.Version(), *pairs, *seed)
	fmt.Printf("%-9s %7s %6s %10s %10s %10s %10s %7s %13s %7s  %s\n",
		"game", "boards", "inputs", "alone_s", "alone_b/s", "check_s", "check_b/s", "ratio", "ratio_min-max", "cpu_rat", "solver")
	for _, t := range targets {
		dir := filepath.Join(work, t.game)
		if err := os.Mkdir(dir, 0o755); err != nil {
			return err
		}
		checkArgs := []string{"check", t.game, "--cases", strconv.Itoa(t.cases), "--seed", strconv.FormatUint(*seed, 10),
			"--jobs", "1", "--time", "0", "--timeout", "60s", "--json"}
		if *batch > 0 {
			checkArgs = append(checkArgs, "--batch", strconv.Itoa(*batch))
		}
		argv, err := solverproc.Split(t.solver)
		if err != nil {
			return fmt.Errorf("%s: %w", t.game, err)
		}
		// The recording run: check with a solver that keeps its inputs.
		recorder := shellJoin(append([]string{self, recordArg, dir}, argv...))
		if _, _, _, err := runCheck(*ccBin, append(checkArgs, "--solver", recorder)); err != nil {
			return fmt.Errorf("%s: the recording run: %w", t.game, err)
		}
		inputs, err := readInputs(dir)
		if err != nil {
			return err
		}
		var ps []pair
		boards := 0
		for i := range *pairs {
			var p pair
			aloneFirst := i%2 == 0
			for k := range 2 {
				if (k == 0) == aloneFirst {
					if p.alone, p.aloneCPU, err = runAlone(argv, inputs); err != nil {
						return fmt.Errorf("%s: the solver alone: %w", t.game, err)
					}
					continue
				}
				if p.check, p.checkCPU, boards, err = runCheck(*ccBin, append(checkArgs, "--solver", t.solver)); err != nil {
					return fmt.Errorf("%s: %w", t.game, err)
				}
			}
			ps = append(ps, p)
		}
		printRow(t, boards, len(inputs), ps)
	}
	return nil
}

// printRow prints one game's medians and the overhead ratio.
func printRow(t target, boards, inputs int, ps []pair) {
	var alone, check, ratio, cpuRatio []float64
	for _, p := range ps {
		alone = append(alone, p.alone.Seconds())
		check = append(check, p.check.Seconds())
		ratio = append(ratio, p.check.Seconds()/p.alone.Seconds())
		cpuRatio = append(cpuRatio, p.checkCPU.Seconds()/p.aloneCPU.Seconds())
	}
	a, c, r := median(alone), median(check), median(ratio)
	fmt.Printf("%-9s %7d %6d %10.3f %10.1f %10.3f %10.1f %7.2f %6.2f-%-6.2f %7.2f  %s\n",
		t.game, boards, inputs, a, float64(boards)/a, c, float64(boards)/c, r, slices.Min(ratio), slices.Max(ratio), median(cpuRatio), t.solver)
}

// runCheck runs check and returns its wall time and the boards it judged;
// any exit but 0 (a pass) is an error: a throughput figure of a failing
// run means nothing.
func runCheck(bin string, args []string) (wall, cpu time.Duration, boards int, err error) {
	cmd := exec.Command(bin, args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	start := time.Now()
	err = cmd.Run()
	wall = time.Since(start)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("check %s: %w\n%s%s", strings.Join(args, " "), err, errOut.String(), clip(out.String()))
	}
	// wait4's usage of a process includes the children it waited for.
	cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	var res struct {
		Samples   int `json:"samples"`
		Generated int `json:"generated"`
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		return 0, 0, 0, fmt.Errorf("check's --json output: %w", err)
	}
	return wall, cpu, res.Samples + res.Generated, nil
}

// runAlone runs argv once on every input, one after another, as a plain
// harness would (stdin from memory, stdout kept), and returns the wall time
// from the first start to the last exit and the processes' CPU time.
func runAlone(argv []string, inputs [][]byte) (time.Duration, time.Duration, error) {
	var cpu time.Duration
	start := time.Now()
	for i, in := range inputs {
		cmd := exec.Command(argv[0], argv[1:]...)
		var out bytes.Buffer
		cmd.Stdin, cmd.Stdout = bytes.NewReader(in), &out
		if err := cmd.Run(); err != nil {
			return 0, 0, fmt.Errorf("input %d: %w", i+1, err)
		}
		cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	return time.Since(start), cpu, nil
}

// record is the recording solver: it keeps its stdin as the next file of
// dir (check runs one solver at a time with --jobs 1), then runs argv on
// it and passes on its output and exit status.
func record(dir string, argv []string) int {
	in, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "throughput -record:", err)
		return 3
	}
	for n := 0; ; n++ {
		f, err := os.OpenFile(filepath.Join(dir, fmt.Sprintf("%06d.in", n)), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err == nil {
			_, err = f.Write(in)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "throughput -record:", err)
			return 3
		}
		break
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(in), os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		fmt.Fprintln(os.Stderr, "throughput -record:", err)
		return 3
	}
	return 0
}

// readInputs reads the recorded inputs in the order check gave them.
func readInputs(dir string) ([][]byte, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.in"))
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	inputs := make([][]byte, 0, len(names))
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		inputs = append(inputs, b)
	}
	if len(inputs) == 0 {
		return nil, fmt.Errorf("%s: check ran no solver", dir)
	}
	return inputs, nil
}

// parseTargets reads the GAME[=CMD] arguments.
func parseTargets(args []string, ccBin string, cases map[string]int) ([]target, error) {
	if len(args) == 0 {
		args = []string{"snakes", "patience", "traps", "jenga"}
	}
	var ts []target
	for _, a := range args {
		game, cmd, ok := strings.Cut(a, "=")
		if !ok {
			cmd = shellJoin([]string{ccBin, "solve", game})
		}
		n := cases[game]
		if n == 0 {
			n = defaultCases[game]
		}
		if n == 0 {
			return nil, fmt.Errorf("%s: give -cases %s=N", game, game)
		}
		ts = append(ts, target{game: game, solver: cmd, cases: n})
	}
	return ts, nil
}

// casesFlag is -cases GAME=N, repeatable.
type casesFlag map[string]int

func (c casesFlag) String() string { return fmt.Sprint(map[string]int(c)) }

func (c casesFlag) Set(s string) error {
	game, n, ok := strings.Cut(s, "=")
	v, err := strconv.Atoi(n)
	if !ok || err != nil || v <= 0 {
		return fmt.Errorf("want GAME=N with N > 0, got %q", s)
	}
	c[game] = v
	return nil
}

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func cpuModel() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for line := range strings.Lines(string(b)) {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

// shellJoin quotes words for check's --solver, which splits like a shell.
func shellJoin(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

func clip(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "…"
	}
	return s
}
