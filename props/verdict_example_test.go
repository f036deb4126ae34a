package props_test

import (
	"fmt"

	"github.com/chancecheck/chancecheck/props"
)

// How a run ended, and what that means: a time limit is out of time and
// confirmed alone before it counts; a program's own exit says something
// by its status.
func ExampleRunResult_Ended() {
	for _, r := range []props.RunResult{
		{TimedOut: true, ExitCode: -1, Signal: "killed"},
		{ExitCode: 77},
		{ExitCode: -1, Signal: "segmentation fault"},
	} {
		v, _ := r.Ended()
		fmt.Printf("%s: out of time %v, confirmable %v, exited %v\n", v, r.OutOfTime(), v.Confirmable(), r.Exited())
	}
	// Output:
	// time limit: out of time true, confirmable true, exited false
	// crash: out of time false, confirmable true, exited true
	// crash: out of time false, confirmable true, exited false
}
