package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// The generator options' tests run on small games defined here, as a
// user's are: "dice" (a die of least..most sides, rolled until it shows 1;
// presets big and official; a coverage goal for small dice), "coin" (a
// coin's flips until heads, up to flips; preset official) and "plain"
// (no parameters at all).

const diceMaxSides = 30

// parseSides reads one number of sides in lo..hi.
func parseSides(lo, hi int) func(r io.Reader, file string) ([]int, error) {
	return func(r io.Reader, file string) ([]int, error) {
		var s int
		if _, err := fmt.Fscan(r, &s); err != nil {
			return nil, fmt.Errorf("%s:1: %w", file, err)
		}
		if s < lo || s > hi {
			return nil, fmt.Errorf("%s:1: %d, want %d to %d", file, s, lo, hi)
		}
		return []int{s}, nil
	}
}

func writeSides(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err }

// geometric is the count game of waiting for a 1 on a die of s sides.
func geometric(s int) (props.Solution, error) {
	q := 1 - 1/float64(s)
	pmf := []float64{0}
	tail := 1.0
	for k := 1; tail > 1e-13; k++ {
		pmf = append(pmf, math.Pow(q, float64(k-1))/float64(s))
		tail = math.Pow(q, float64(k))
	}
	return props.Solution{Value: float64(s), PMF: pmf, PMFTail: tail}, nil
}

func playGeometric(s int, rng *rand.Rand) (int, error) {
	n := 1
	for rng.IntN(s) != 0 {
		n++
	}
	return n, nil
}

func diceGame() props.Game {
	return props.Define(props.Spec[int]{
		Name: "dice", Parse: parseSides(2, diceMaxSides), Write: writeSides,
		Params: []props.Param{
			{Name: "least", Doc: "the fewest sides", Default: 2, Min: 2, Max: diceMaxSides},
			{Name: "most", Doc: "the most sides", Default: 12, Min: 2, Max: diceMaxSides},
		},
		Presets: []props.Preset{
			{Name: "big", Doc: "dice of 20 to 30 sides", Values: map[string]int{"least": 20, "most": 30}},
			{Name: "official", Doc: "the official tests' dice", Values: map[string]int{"most": 30}},
		},
		GeneratorWith: func(v map[string]int) *rapid.Generator[int] {
			return rapid.IntRange(min(v["least"], v["most"]), v["most"])
		},
		Classify: func(s int) string {
			if s <= 6 {
				return "small"
			}
			return "big"
		},
		Coverage: []props.ClassGoal{{Class: "small", MinShare: 0.35}},
		Outcome:  props.Count, Solve: geometric, Play: playGeometric,
	})
}

func coinGame() props.Game {
	return props.Define(props.Spec[int]{
		Name: "coin", Parse: parseSides(2, 2), Write: writeSides,
		Params:        []props.Param{{Name: "flips", Doc: "unused", Default: 5, Min: 1, Max: 9}},
		Presets:       []props.Preset{{Name: "official", Doc: "as the official tests", Values: map[string]int{"flips": 9}}},
		GeneratorWith: func(map[string]int) *rapid.Generator[int] { return rapid.Just(2) },
		Outcome:       props.Count, Solve: geometric, Play: playGeometric,
	})
}

func plainGame() props.Game {
	return props.Define(props.Spec[int]{
		Name: "plain", Parse: parseSides(2, 6), Write: writeSides, Generator: rapid.IntRange(2, 6),
		Outcome: props.Count, Solve: geometric, Play: playGeometric,
	})
}

// run runs a Program of games in-process.
func run(t *testing.T, games []props.Game, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut strings.Builder
	code = App{Games: games}.Run(t.Context(), args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func threeGames() []props.Game { return []props.Game{diceGame(), coinGame(), plainGame()} }

// reportParams runs report with args and returns report.json's plan
// parameters by game.
func reportParams(t *testing.T, args ...string) map[string]map[string]int {
	t.Helper()
	dir := t.TempDir()
	args = append([]string{"report", "--boards", "3", "--runs", "300", "--out", dir}, args...)
	if code, out, errOut := run(t, threeGames(), args...); code != 0 && code != 1 {
		t.Fatalf("%v: exit %d\n%s%s", args, code, out, errOut)
	}
	var rep struct {
		Plan struct {
			Games []struct {
				Name   string         `json:"name"`
				Params map[string]int `json:"params"`
			} `json:"games"`
		} `json:"plan"`
	}
	if err := json.Unmarshal([]byte(mustRead(t, filepath.Join(dir, "report.json"))), &rep); err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]int{}
	for _, g := range rep.Plan.Games {
		got[g.Name] = g.Params
	}
	return got
}

// report's --gen takes game.name=value (name=value alone when one game is
// checked) and --limits GAME=PRESET or PRESET for every game that has it;
// report.json records the values in force, and none for a game without
// parameters.
func TestReportGenOptions(t *testing.T) {
	tests := []struct {
		args []string
		want map[string]map[string]int
	}{
		{nil, map[string]map[string]int{"dice": {"least": 2, "most": 12}, "coin": {"flips": 5}, "plain": nil}},
		{[]string{"--gen", "dice.most=20,coin.flips=3", "--gen", "dice.least=4"},
			map[string]map[string]int{"dice": {"least": 4, "most": 20}, "coin": {"flips": 3}, "plain": nil}},
		{[]string{"--limits", "official"}, map[string]map[string]int{"dice": {"least": 2, "most": 30}, "coin": {"flips": 9}, "plain": nil}},
		{[]string{"--limits", "dice=big", "--gen", "dice.most=25"}, // the preset first, then --gen
			map[string]map[string]int{"dice": {"least": 20, "most": 25}, "coin": {"flips": 5}, "plain": nil}},
		{[]string{"--games", "dice", "--gen", "most=7"}, map[string]map[string]int{"dice": {"least": 2, "most": 7}}},
	}
	for _, tc := range tests {
		got := reportParams(t, tc.args...)
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%v: params %v, want %v", tc.args, got, tc.want)
		}
	}
}

// Every mistake in --gen and --limits is a usage error naming the option
// and what exists.
func TestGenOptionErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"report", "--gen", "most=20"}, "--gen most=20: prefix the parameter with its game, as in dice.most=20 (this run checks dice, coin, plain; parameters: dice.least, dice.most, coin.flips)"},
		{[]string{"report", "--gen", "dice.most=31"}, "--gen dice.most=31: dice: most must be in 2..30, not 31 (the most sides)"},
		{[]string{"report", "--gen", "dice.faces=3"}, `--gen dice.faces=3: dice has no generator parameter "faces" (it has least, most)`},
		{[]string{"report", "--gen", "dice.most"}, `--gen dice.most: generator option "most": want name=value`},
		{[]string{"report", "--gen", "plain.x=1"}, `plain has no generator parameter "x" (it has none)`},
		{[]string{"report", "--games", "plain", "--gen", "dice.most=3"}, "--gen dice.most=3: dice is not checked in this run (it checks plain)"},
		{[]string{"report", "--limits", "huge"}, "--limits huge: no game in this run has a preset huge (presets: dice=big, dice=official, coin=official)"},
		{[]string{"report", "--limits", "plain=official"}, "--limits plain=official: plain has no presets of generator limits"},
		{[]string{"report", "--limits", "dice=tiny"}, `--limits dice=tiny: dice has no preset "tiny" (it has big, official)`},
		{[]string{"report", "--limits", "chess=big"}, `--limits chess=big: unknown game "chess"`},
		{[]string{"report", "--limits", "dice=big", "--limits", "official"}, "--limits official: dice already draws under preset big"},
		{[]string{"gen", "dice", "--gen", "most=31"}, "--gen most=31: dice: most must be in 2..30, not 31"},
		{[]string{"gen", "dice", "--gen", "coin.flips=3"}, "--gen coin.flips=3: a parameter of coin; this command draws dice boards (dice has least, most)"},
		{[]string{"gen", "dice", "--limits", "tiny"}, `--limits tiny: dice has no preset "tiny" (it has big, official)`},
		{[]string{"gen", "plain", "--limits", "official"}, "--limits official: plain has no presets of generator limits"},
		{[]string{"gen", "dice", "--answers"}, "--answers needs --out DIR"},
	}
	for _, tc := range tests {
		code, _, errOut := run(t, threeGames(), append(tc.args, "--out", t.TempDir())...)
		if tc.args[len(tc.args)-1] == "--answers" {
			code, _, errOut = run(t, threeGames(), tc.args...)
		}
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want a usage error saying %q", tc.args, code, errOut, tc.want)
		}
	}
}

// gen and report list every game's parameters and presets in --help.
func TestGenOptionsHelp(t *testing.T) {
	for _, cmd := range []string{"gen", "report"} {
		code, out, _ := run(t, threeGames(), cmd, "--help")
		for _, w := range []string{
			"Generator parameters (--gen NAME=VALUE; default, range, what it sets) and presets (--limits):",
			"  dice.least=2  (2..30) the fewest sides",
			"  dice.most=12  (2..30) the most sides",
			"  dice --limits big: dice of 20 to 30 sides",
			"  coin --limits official: as the official tests",
			"--limits ",
			"--gen ",
		} {
			if code != 0 || !strings.Contains(out, w) {
				t.Errorf("%s --help: exit %d, does not say %q:\n%s", cmd, code, w, out)
			}
		}
	}
	code, out, _ := run(t, []props.Game{plainGame()}, "gen", "--help")
	if code != 0 || !strings.Contains(out, "Generator parameters (--gen) and presets (--limits): none of the games has any.") {
		t.Errorf("gen --help of a game without parameters:\n%s", out)
	}
}

// gen draws under --gen and --limits; a "GAME." prefix naming the game is
// allowed, as report takes it.
func TestGenUnderOptions(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		lo, hi int
	}{
		{[]string{"--gen", "most=3"}, 2, 3},
		{[]string{"--gen", "dice.least=5,dice.most=5"}, 5, 5},
		{[]string{"--limits", "big"}, 20, 30},
		{[]string{"--limits", "big", "--gen", "least=29"}, 29, 30},
	} {
		dir := t.TempDir()
		args := append([]string{"gen", "dice", "--count", "30", "--out", dir}, tc.args...)
		if code, _, errOut := run(t, threeGames(), args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "dice-*.in"))
		lo, hi := 1<<30, 0
		for _, f := range files {
			var s int
			fmt.Sscan(mustRead(t, f), &s)
			lo, hi = min(lo, s), max(hi, s)
		}
		if len(files) != 30 || lo < tc.lo || hi > tc.hi {
			t.Errorf("%v: %d files of %d..%d sides, want 30 within %d..%d", tc.args, len(files), lo, hi, tc.lo, tc.hi)
		}
	}
}

// gen --out DIR --answers writes each input's answers beside it, in the
// original output format: what solve prints for that input. Snakes holds
// several boards per input, dice one.
func TestGenAnswers(t *testing.T) {
	for _, tc := range []struct {
		games []props.Game
		game  string
		count string
		files int
	}{
		{threeGames(), "dice", "3", 3},
		{builtins(), "snakes", "110", 2}, // T ≤ 105 boards per input
	} {
		dir := t.TempDir()
		if code, _, errOut := run(t, tc.games, "gen", tc.game, "--count", tc.count, "--seed", "4", "--out", dir, "--answers"); code != 0 {
			t.Fatalf("gen %s --answers: exit %d: %s", tc.game, code, errOut)
		}
		ins, _ := filepath.Glob(filepath.Join(dir, "*.in"))
		anss, _ := filepath.Glob(filepath.Join(dir, "*.ans"))
		if len(ins) != tc.files || len(anss) != tc.files {
			t.Fatalf("%s: %d inputs and %d answer files, want %d of each", tc.game, len(ins), len(anss), tc.files)
		}
		for _, in := range ins {
			code, want, errOut := run(t, tc.games, "solve", tc.game, in)
			ans := strings.TrimSuffix(in, ".in") + ".ans"
			if got := mustRead(t, ans); code != 0 || got != want {
				t.Errorf("%s: %q, but solve prints %q (exit %d, %s)", ans, got, want, code, errOut)
			}
		}
	}
	if entries, _ := os.ReadDir(t.TempDir()); len(entries) != 0 {
		t.Error("a fresh directory is not empty")
	}
	// Fewer boards into a directory of more: the rest are named, not
	// mistaken for this run's.
	dir := t.TempDir()
	run(t, threeGames(), "gen", "dice", "--count", "5", "--out", dir)
	if code, _, errOut := run(t, threeGames(), "gen", "dice", "--count", "2", "--out", dir); code != 0 ||
		!strings.Contains(errOut, "holds 3 more dice-NNNN.in file(s) from an earlier run, numbered above 0002") {
		t.Errorf("exit %d, stderr %q; want a word on the 3 stale inputs", code, errOut)
	}
}

// report prints and records the coverage table, and fails when a class is
// under-covered: with every die drawn big (--gen dice.least=7), the small
// class never occurs, which the 2000 boards drawn for coverage show. Shards run under
// other --gen values are not merged.
func TestReportCoverageAndMerge(t *testing.T) {
	games := []props.Game{diceGame()}
	args := []string{"report", "--boards", "60", "--runs", "300"}
	code, out, errOut := run(t, games, append(args, "--out", t.TempDir())...)
	if code != 0 || !strings.Contains(out, "coverage of 2000 generated boards, α = 1.61e-08 per goal:") || !strings.Contains(out, "ok\n") {
		t.Errorf("default dice: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = run(t, games, append(args, "--gen", "least=7", "--out", t.TempDir())...)
	if code != 1 || !strings.Contains(out, "small     0    0.0%  goal ≥  35.0%  p = ") || !strings.Contains(out, "UNDER-COVERED\n") || !strings.Contains(out, "verdict: FAIL") {
		t.Errorf("--gen least=7: exit %d\n%s%s", code, out, errOut)
	}

	shard := func(i int, gen string) string {
		d := t.TempDir()
		if code, out, errOut := run(t, games, "report", "--boards", "4", "--runs", "300", "--shard", fmt.Sprint(i)+"/2", "--gen", gen, "--out", d); code != 0 {
			t.Fatalf("shard %d: exit %d\n%s%s", i, code, out, errOut)
		}
		return d
	}
	code, _, errOut = run(t, games, "report", "merge", "--out", t.TempDir(), shard(1, "most=12"), shard(2, "most=20"))
	if want := "report 2 was run with other generator parameters for dice (least=2 most=20, the first report least=2 most=12)"; code != 1 || !strings.Contains(errOut, want) {
		t.Errorf("merge of shards under other --gen: exit %d, stderr %q; want %q", code, errOut, want)
	}
}
