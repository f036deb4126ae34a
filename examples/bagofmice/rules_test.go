package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/cli"
	"github.com/chancecheck/chancecheck/examples/bagofmice/mice"
	"github.com/chancecheck/chancecheck/internal/longtest"
	"github.com/chancecheck/chancecheck/props"
)

// runRulesGame runs the CLI over Bag of mice defined by its rules alone.
func runRulesGame(t *testing.T, stdin string, args ...string) (int, string) {
	t.Helper()
	return runGame(t, mice.RulesGame(), stdin, args...)
}

// runGame runs the CLI over g.
func runGame(t *testing.T, g props.Game, stdin string, args ...string) (int, string) {
	t.Helper()
	var out bytes.Buffer
	code := cli.Run(context.Background(), args, strings.NewReader(stdin), &out, &out, g)
	return code, out.String()
}

// With no hand-written analyst, solve prints the samples' published
// answers, the exact fraction of 1 2 (1/3: she draws white first with 1/3,
// or both draw black and the white jumps out) and the answer at the limits
// (0.666629617, the hand-written DP's).
func TestRulesGameSolve(t *testing.T) {
	tests := []struct{ input, want string }{
		{"1 3\n", "0.500000000\n"},
		{"5 5\n", "0.658730159\n"},
		{"1 2\n", "0.333333333\nexact 1: 1/3\n"},
		{"1000 1000\n", "0.666629617\n"},
	}
	for _, tt := range tests {
		args := []string{"solve", "bagofmice"}
		if strings.Contains(tt.want, "/") {
			args = append(args, "--exact")
		}
		code, out := runRulesGame(t, tt.input, args...)
		if code != 0 || !strings.Contains(out, tt.want) {
			t.Errorf("solve %q: exit %d, output %q, want %q", tt.input, code, out, tt.want)
		}
	}
}

// report finds the engine and the generic referee in agreement on every
// board.
func TestRulesGameReport(t *testing.T) {
	dir := t.TempDir()
	code, out := runRulesGame(t, "", "report", "--boards", "12", "--runs", "4000", "--out", dir)
	if code != 0 {
		t.Fatalf("report: exit %d\n%s", code, out)
	}
	for _, want := range []string{"bagofmice  14 boards, 0 failed", "verdict: pass"} {
		if !strings.Contains(out, want) {
			t.Errorf("report does not say %q:\n%s", want, out)
		}
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "their agreement shows the engine solved the rules as written"; !strings.Contains(string(md), want) {
		t.Errorf("report.md does not say what the agreement proves (%q):\n%s", want, md)
	}
}

// check catches the forgetful solver with the engine as the analyst, and
// passes the correct one; with the hand-written analyst beside the rules,
// it says the analyst judged and the engine agreed.
//
// The correct solver's pass costs a solver process a board (some 20 ms of
// CPU each): 60 boards in the full suite, 15 in the quick one. A false
// alarm there would be wiring (the board written, the answer read, the
// engine's fraction judged), which shows on any board; the engine's values
// themselves are checked in-process, against the hand-written counting on
// every bag of at most 15 a colour and against the analyst on generated
// bags (mice's TestRulesEngineMatchesCounting and TestThreeWayGame), and
// TestCheckSolvers passes the same solver on 50 boards through the same
// route. The forgetful solver stops the check at its first wrong answer, so
// its 60 cost nothing.
func TestRulesGameCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the two solvers")
	}
	correctCases := "60"
	if !longtest.Enabled() {
		correctCases = "15"
	}
	tests := []struct {
		name   string
		solver string
		game   props.Game
		cases  string
		code   int
		want   []string
	}{
		{"three-way", "forgetful", mice.ThreeWayGame(), "60", 1, []string{"WRONG ANSWER", "judged by: the analyst, agreeing with the rules engine (exact)"}},
		{"rules alone", "forgetful", mice.RulesGame(), "60", 1, []string{"WRONG ANSWER", "1 2\n", "exact: 1/3", "judged by: the rules engine (exact fraction)", "0.666666667"}},
		{"rules alone", "correct", mice.RulesGame(), correctCases, 0, []string{"every answer agreed: 2 sample board(s) and " + correctCases + " generated board(s)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name+"/"+tt.solver, func(t *testing.T) {
			bin := solverBin(t, tt.solver)
			code, out := runGame(t, tt.game, "", "check", "bagofmice", "--solver", bin, "--cases", tt.cases, "--out", t.TempDir())
			if code != tt.code {
				t.Errorf("exit status %d, want %d", code, tt.code)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("the output does not say %q:\n%s", w, out)
				}
			}
		})
	}
}
