package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// halfRefused is a game whose boards are 0 and 1, each in a class of its
// own ("zero", "one"), whose analyst refuses every board 1 (past its
// limits): about half the boards are not judged.
func halfRefused() props.Game {
	return props.Define(props.Spec[int]{
		Name: "count",
		Parse: func(r io.Reader, _ string) ([]int, error) {
			var n int
			_, err := fmt.Fscan(r, &n)
			return []int{n}, err
		},
		Write:     func(w io.Writer, bs []int) error { _, err := fmt.Fprintln(w, bs[0]); return err },
		Generator: rapid.IntRange(0, 1),
		Classify:  func(b int) string { return map[int]string{0: "zero", 1: "one"}[b] },
		Solve: func(b int) (props.Solution, error) {
			if b == 1 {
				return props.Solution{}, fmt.Errorf("board %d is past this analyst's limits: %w", b, props.ErrCannotJudge)
			}
			return props.Solution{Value: 0}, nil
		},
		Play: func(b int, rng *rand.Rand) (int, error) { return b * rng.IntN(2), nil },
	})
}

// Nothing passes that was not judged (issues 29 and 30): a check that
// judged fewer than --min-judged of the generated boards asked for, or
// none at all, is TOO FEW JUDGED, exit 2, in text and JSON, and names the
// class never judged. Before, `check --time 1ns` said "every answer
// agreed: 0 sample and 0 generated boards", exit 0, and a check that
// judged half its boards passed whatever the share.
func TestCheckTooFewJudged(t *testing.T) {
	solver := `sh -c 'read n; if [ "$n" = 1 ]; then echo 0.9; else echo 0; fi'`
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"no time to judge any board", []string{"check", "snakes", "--solver", "cat", "--time", "1ns"}, 2,
			[]string{"TOO FEW JUDGED: judged no generated case"}},
		{"half judged, a share of 0.9 asked", []string{"check", "count", "--solver", solver, "--cases", "40", "--time", "0", "--min-judged", "0.9"}, 2,
			[]string{"TOO FEW JUDGED: judged ", " of 40: too few to pass (--min-judged 0.9)", "never judged: no board of class one was judged"}},
		{"half judged, no share asked", []string{"check", "count", "--solver", solver, "--cases", "40", "--time", "0", "--min-judged", "0"}, 0,
			[]string{"every answer agreed", "never judged: no board of class one was judged"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Run(context.Background(), tt.args, strings.NewReader(""), &stdout, &stderr, append(builtins(), halfRefused())...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr: %s", code, tt.code, stdout.String(), stderr.String())
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout.String())
				}
			}
			if tt.code != 0 && !strings.Contains(stderr.String(), "check did not pass: judged") {
				t.Errorf("stderr %q: want the share", stderr.String())
			}
			stdout.Reset()
			code = Run(context.Background(), append(tt.args, "--json"), strings.NewReader(""), &stdout, &stderr, append(builtins(), halfRefused())...)
			var j checkJSON
			if err := json.Unmarshal(stdout.Bytes(), &j); err != nil {
				t.Fatalf("--json: %v\n%s", err, stdout.String())
			}
			if code != tt.code || j.Passed != (tt.code == 0) || j.TooFewJudged != (tt.code != 0) {
				t.Errorf("--json: exit %d, passed %v, too_few_judged %v", code, j.Passed, j.TooFewJudged)
			}
		})
	}
}

// The same on stress: a referee that cannot judge n ≥ 3 (exit 77, the
// "cannot judge" protocol) leaves most cases not judged: TOO FEW JUDGED,
// exit 2, naming the values never judged; with --min-judged 0 the cases
// judged pass, and the values are still named.
func TestStressTooFewJudged(t *testing.T) {
	needSh(t)
	t.Parallel() // it waits on programs: see main_test.go
	declining := `sh -c 'read n; if [ "$n" -ge 3 ]; then exit 77; fi; printf "1 %s\n" "$2"' ref`
	base := []string{"stress", "--kind", "probability", "--generator", shGen, "--referee", declining, "--solver", shRight,
		"--params", "n=1..30", "--cases", "20", "--runs", "100", "--climb", "none"} // the counts are the uniform draws
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"the default share", nil, 2, []string{"TOO FEW JUDGED: judged ", "judged 3 of 20: too few to pass (--min-judged 0.5)",
			"never judged: no input with n ≥ 2 was judged (17 not judged)", "the referee cannot judge this input (exit status 77)"}},
		{"no share asked", []string{"--min-judged", "0"}, 0, []string{"every case judged agreed", "never judged: no input with n ≥ 2 was judged (17 not judged)"}},
		{"a share above 1", []string{"--min-judged", "2"}, 2, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := chancecheck(t, "", append(append([]string(nil), base...), tt.args...)...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr: %s", code, tt.code, out, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			if len(tt.want) == 0 {
				return
			}
			code, out, _ = chancecheck(t, "", append(append(append([]string(nil), base...), tt.args...), "--json")...)
			var j stressJSON
			if err := json.Unmarshal([]byte(out), &j); err != nil {
				t.Fatalf("--json: %v\n%s", err, out)
			}
			if code != tt.code || j.Passed != (tt.code == 0) || j.TooFewJudged != (tt.code != 0) || len(j.NeverJudged) != 1 {
				t.Errorf("--json: exit %d, passed %v, too_few_judged %v, never_judged %q", code, j.Passed, j.TooFewJudged, j.NeverJudged)
			}
		})
	}
}
