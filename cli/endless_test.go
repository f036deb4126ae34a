package cli

import (
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules"
	"pgregory.net/rapid"
)

// circleBoard is a board of the game "circle": a token on a circle of N
// squares starts on square 0; each throw (counted) moves it Step squares
// on, or (as likely) leaves it; the game ends on square 1. Where no
// number of steps reaches square 1 (gcd(Step, N) > 1) no play ends, and
// the answer is -1, the judges' convention. Otherwise, by hand: the token
// needs the least k ≥ 1 with k·Step ≡ 1 (mod N) steps, each taking 2
// throws on average, so 2k throws.
type circleBoard struct{ n, step int }

var minusOne = -1.0

func circleGame() props.Game {
	return props.FromRules(props.Spec[circleBoard]{
		Name: "circle",
		Parse: func(r io.Reader, file string) ([]circleBoard, error) {
			var b circleBoard
			if _, err := fmt.Fscan(r, &b.n, &b.step); err != nil || b.n < 2 || b.step < 1 {
				return nil, fmt.Errorf("%s:1: want N ≥ 2 and Step ≥ 1", file)
			}
			return []circleBoard{b}, nil
		},
		Write: func(w io.Writer, b []circleBoard) error { _, err := fmt.Fprintln(w, b[0].n, b[0].step); return err },
		Generator: rapid.Custom(func(t *rapid.T) circleBoard {
			return circleBoard{rapid.IntRange(2, 9).Draw(t, "n"), rapid.IntRange(1, 9).Draw(t, "step")}
		}),
		Outcome: props.Count,
	}, props.RulesOf[circleBoard, int]{Rules: func(b circleBoard) rules.Rules[int] {
		return rules.Rules[int]{
			End: func(s int) (int, bool) { return 0, s == 1 },
			Chance: func(s int) []rules.Branch[int] {
				return []rules.Branch[int]{{Weight: 1, Next: (s + b.step) % b.n, Reward: 1}, {Weight: 1, Next: s, Reward: 1}}
			},
			Endless: &minusOne,
		}
	}})
}

// check judges a solver's -1 on a board no play ends (issue 28 part 5:
// the engine's error stopped check at the first such board): the right
// solver passes, one that prints 0 there is caught; solve prints -1.
func TestCheckEndlessBoards(t *testing.T) {
	if _, err := exec.LookPath("awk"); err != nil {
		t.Skip("no awk for the solvers")
	}
	const solver = `awk '{n=$1; s=$2; a=%s; for (k=1; k<=n; k++) if ((k*s)%%n == 1) {a=2*k; break}; print a}'`
	games := []props.Game{circleGame()}
	for _, tt := range []struct {
		name, never string
		code        int
		want        string
	}{
		{"-1 where no play ends", "-1", 0, "the rules engine (no play ends: the rules' answer for it)"},
		{"0 where no play ends", "0", 1, "wrong answer: case 1: 0, want -1"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := run(t, games, "check", "circle", "--solver", fmt.Sprintf(solver, tt.never), "--cases", "60", "--seed", "1")
			if code != tt.code || !strings.Contains(out+errOut, tt.want) {
				t.Errorf("exit %d; want %d and %q\n%s%s", code, tt.code, tt.want, out, errOut)
			}
		})
	}
	var out, errOut strings.Builder
	if code := (App{Games: games}).Run(t.Context(), []string{"solve", "circle"}, strings.NewReader("4 2\n"), &out, &errOut); code != 0 || strings.TrimSpace(out.String()) != "-1.000000000" {
		t.Errorf("solve circle 4 2: exit %d, %q %q; want -1", code, out.String(), errOut.String())
	}
}
