package cli

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules"
	"pgregory.net/rapid"
)

// rollsByRules counts the rolls of a three-faced die until the total
// reaches the board's target, defined by rules alone: target+1 states,
// 4/3 rolls for a target of 2.
func rollsByRules() props.Game {
	return props.FromRules(props.Spec[int]{
		Name: "rolls",
		Parse: func(r io.Reader, file string) ([]int, error) {
			var t int
			if _, err := fmt.Fscan(r, &t); err != nil || t < 1 {
				return nil, fmt.Errorf("%s:1: want a target", file)
			}
			return []int{t}, nil
		},
		Write:     func(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err },
		Generator: rapid.IntRange(1, 50),
		Outcome:   props.Count,
	}, props.RulesOf[int, int]{Rules: func(t int) rules.Rules[int] {
		return rules.Rules[int]{
			End: func(total int) (int, bool) { return 0, total >= t },
			Chance: func(total int) []rules.Branch[int] {
				return []rules.Branch[int]{{Weight: 1, Next: total + 1, Reward: 1}, {Weight: 1, Next: total + 2, Reward: 1}, {Weight: 1, Next: total + 3, Reward: 1}}
			},
		}
	}})
}

// The engine's limits are flags of solve for a game defined by rules: a
// board past --engine-states fails with the flag named, and raising it
// solves the board; a program without such a game has no such flag.
func TestEngineFlags(t *testing.T) {
	games := []props.Game{rollsByRules()}
	for _, tt := range []struct {
		args     []string
		code     int
		out, err string
	}{
		{[]string{"solve", "rolls", "--engine-states", "5"}, 1, "", "--engine-states"},
		{[]string{"solve", "rolls", "--engine-states", "50", "--exact"}, 0, "exact 1: ", ""},
		{[]string{"solve", "rolls", "--engine-states", "-1"}, 2, "", `"--engine-states" flag: must be positive`},
		// 0 was taken silently for the default though the error said
		// "must be positive": every --engine-* flag refuses it, by name.
		{[]string{"solve", "rolls", "--engine-states", "0"}, 2, "", `"--engine-states" flag: must be positive`},
		{[]string{"solve", "rolls", "--engine-cycle", "0"}, 2, "", `"--engine-cycle" flag: must be positive`},
		{[]string{"solve", "rolls", "--engine-hubs", "0"}, 2, "", `"--engine-hubs" flag: must be positive`},
		{[]string{"solve", "rolls", "--engine-pmf-steps", "0"}, 2, "", `"--engine-pmf-steps" flag: must be positive`},
		{[]string{"solve", "rolls", "--engine-max-error", "0"}, 2, "", `"--engine-max-error" flag: must be positive and finite`},
		{[]string{"solve", "rolls", "--engine-max-error", "inf"}, 2, "", `"--engine-max-error" flag: must be positive and finite`},
		{[]string{"solve", "rolls", "--engine-max-error", "nan"}, 2, "", `"--engine-max-error" flag: must be positive and finite`},
		{[]string{"solve", "rolls", "--engine-pmf-steps", "many"}, 2, "", `"--engine-pmf-steps" flag: not a whole number`},
		{[]string{"solve", "rolls", "--engine-pmf-steps", "1000", "--engine-max-error", "1e-6"}, 0, "", ""},
	} {
		var out, errOut strings.Builder
		code := App{Games: games}.Run(t.Context(), tt.args, strings.NewReader("20\n"), &out, &errOut)
		if code != tt.code || !strings.Contains(out.String(), tt.out) || !strings.Contains(errOut.String(), tt.err) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d, %q, %q", tt.args, code, out.String(), errOut.String(), tt.code, tt.out, tt.err)
		}
	}
	var out, errOut strings.Builder
	if code := (App{Games: builtins()}).Run(t.Context(), []string{"solve", "snakes", "--engine-states", "5"}, strings.NewReader(""), &out, &errOut); code != 2 {
		t.Errorf("the built-in games took --engine-states: exit %d, %s", code, errOut.String())
	}
}
