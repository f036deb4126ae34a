package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/chancecheck/chancecheck/props"
	"github.com/spf13/pflag"
)

// minJudgedFlag registers --min-judged, one flag for every route (check,
// stress, programs' commands, report): the least share of the generated
// cases a run must judge to pass (props.JudgedShare says why half).
func minJudgedFlag(f *pflag.FlagSet, v *float64) {
	f.Float64Var(v, "min-judged", props.DefaultMinJudged,
		"the least share of the generated cases that must be judged for the run to pass (0 to 1); a run that judged none never passes")
}

// checkMinJudged is props.CheckMinJudged as a usage error.
func checkMinJudged(v float64) error {
	if err := props.CheckMinJudged(v); err != nil {
		return usageError{err}
	}
	return nil
}

// tooFewJudgedError is the exit of a run that judged too few cases to
// pass: exit 2, as nothing judged, with the share and the classes never
// judged.
func tooFewJudgedError(route string, share props.JudgedShare, never []string) error {
	msg := fmt.Sprintf("%s did not pass: %s", route, share)
	if len(never) > 0 {
		msg += "; " + strings.Join(never, "; ")
	}
	return programError{fmt.Errorf("%s", msg)}
}

// writeNeverJudged prints a line for each class of cases never judged.
func writeNeverJudged(w io.Writer, never []string) {
	for _, n := range never {
		fmt.Fprintf(w, "never judged: %s\n", n)
	}
}
