package cli

import (
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/programs"
	"github.com/chancecheck/chancecheck/props"
)

// TestStressTextNamesClimbedCases checks that every line naming a case a
// run stopped on says when the climber drew it: a failure not reproduced,
// and one found before an interruption, as well as a confirmed one.
func TestStressTextNamesClimbedCases(t *testing.T) {
	climbed := &programs.Failure{Index: 43, Kind: programs.RefereeDisagrees, Detail: "p = 1e-9", Input: []byte("7\n"),
		Case:    programs.Case{Seed: 5, Values: []int64{7}},
		Climbed: &props.Climbed{Target: props.ClimbError, From: 27}}
	s := &programs.Stress{GameSpec: programs.GameSpec{Generator: &programs.Command{Argv: []string{"gen"}},
		Params: []programs.Param{{Name: "n", Lo: 1, Hi: 9}}}, Cases: 100, Climb: props.ClimbAll}
	tests := []struct {
		name string
		r    *programs.Result
		want string
	}{
		{"not reproduced", &programs.Result{NotReproduced: climbed, Judged: 44},
			"NOT REPRODUCED: case 44 (climbed from case 28 toward a higher error score) failed the referee's test"},
		{"interrupted", &programs.Result{Interrupted: true, Found: climbed, Judged: 44},
			"found so far, not confirmed before the interruption: case 44 (climbed from case 28 toward a higher error score), "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			writeStressText(&b, s, tt.r)
			if !strings.Contains(b.String(), tt.want) {
				t.Errorf("the text lacks %q:\n%s", tt.want, b.String())
			}
		})
	}
}
