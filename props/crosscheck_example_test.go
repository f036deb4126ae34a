package props_test

import (
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// firstLineTB is a stand-in for the *testing.T of the user's own test: it
// prints the first line of the first error.
type firstLineTB struct {
	rapid.TB
	failed bool
}

func (f *firstLineTB) Helper() {}
func (f *firstLineTB) Errorf(format string, args ...any) {
	if !f.failed {
		fmt.Println(strings.SplitN(fmt.Sprintf(format, args...), "\n", 2)[0])
	}
	f.failed = true
}
func (f *firstLineTB) Fatalf(format string, args ...any) { f.Errorf(format, args...) }
func (f *firstLineTB) Failed() bool                      { return f.failed }

// CheckSolver in a test of your own checks a Go solver on the published
// samples and then on generated boards, shrinking what fails: pass your
// test's t. Here the solver under test answers one half whatever the maze,
// and the first published sample already catches it.
func ExampleCheckSolver() {
	t := &firstLineTB{} // in a test: func TestMySolver(t *testing.T) { props.CheckSolver(t, props.Traps{}, mySolver) }
	props.CheckSolver(t, props.Traps{}, func(b props.Board) (float64, error) {
		return 0.5, nil
	})
	// Output:
	// sample sample1, case 1: wrong answer: the solver says 0.5, the analyst 0.6 = 3/5
}
