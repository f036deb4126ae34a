package cli

import (
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props/specs"
)

// TestSolveExactBuiltins runs `solve GAME --exact` over the games the
// shipped command runs (specs.All): where a board fits the rules
// engine, the fraction printed must be the float printed (to the digits
// shown), and where a board has neither a fraction nor a proved bound (the
// analyst alone answered it), the command exits 1 with the reason, not 2
// with a usage hint. Under the games without their rules (the CLI
// before issue 23) the jenga tower of 2 levels has no fraction and the
// first row fails.
func TestSolveExactBuiltins(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	sample, err := os.ReadFile("../games/jenga/samples/sample.in")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, game, input string
		code              int
		want              string // a fragment of stdout (code 0) or stderr
	}{
		// 2 levels: the engine's tower of a few dozen states.
		{"jenga two levels", "jenga", "2\nRGB\nGRG\n", 0, "exact 1: "},
		{"jenga three levels", "jenga", "3\nRGB\nGRG\nBBB\n", 0, "exact 1: "},
		{"snakes", "snakes", "1\n0\n", 0, "exact 1: "},
		// The published tower of 6 levels is past the engine's 8192 states.
		{"jenga sample", "jenga", string(sample), 1, "has neither an exact fraction nor a proved bound for case 1: the answer is a float from the analyst (too large for the rules engine to check)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := write(strings.ReplaceAll(tc.name, " ", "-")+".in", tc.input)
			code, out, errOut := run(t, specs.All(), "solve", tc.game, "--exact", in)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errOut)
			}
			if tc.code != 0 {
				if !strings.Contains(errOut, tc.want) || strings.Contains(errOut, "--help") {
					t.Fatalf("stderr %q, want %q and no usage hint", errOut, tc.want)
				}
				return
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if len(lines) != 2 || !strings.HasPrefix(lines[1], tc.want) {
				t.Fatalf("stdout %q, want the answer and a line %q…", out, tc.want)
			}
			fields := strings.Fields(lines[0]) // snakes prints "Case 1: 33.0476190476"
			answer := fields[len(fields)-1]
			float, err := strconv.ParseFloat(answer, 64)
			if err != nil {
				t.Fatal(err)
			}
			frac, ok := new(big.Rat).SetString(strings.TrimPrefix(lines[1], tc.want))
			if !ok {
				t.Fatalf("%q is not a fraction", lines[1])
			}
			// The answer is printed to `digits` decimals: the fraction must
			// be within half a unit of the last one.
			digits := len(answer) - strings.IndexByte(answer, '.') - 1
			exact, _ := frac.Float64()
			if d := math.Abs(exact - float); !(d <= 0.5*math.Pow10(-digits)*(1+1e-9)) {
				t.Errorf("the fraction %s is %.17g, the answer printed %s", frac.RatString(), exact, answer)
			}
		})
	}
}

// TestCheckNamesOracles: check over the shipped games says which oracle
// judged the boards: the 2 samples and 10 generated boards are the
// analyst's answers, with the rules engine on call to confirm a
// disagreement (issue 28; every board checked by the engine before).
// Over the games without their rules (before issue 23) no such line is
// printed.
func TestCheckNamesOracles(t *testing.T) {
	var stdout, stderr strings.Builder
	code := Run(t.Context(), []string{"check", "snakes", "--solver", helperSolver(t, "snakes"), "--cases", "10", "--time", "0"},
		strings.NewReader(""), &stdout, &stderr, specs.All()...)
	want := "boards by oracle: the analyst (the rules engine confirms it where a solver disagrees) 12\n"
	if code != 0 || !strings.Contains(stdout.String(), want) {
		t.Fatalf("exit %d, want 0 and %q in\n%s%s", code, want, stdout.String(), stderr.String())
	}
}
