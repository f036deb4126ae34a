package props_test

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
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
	t := &firstLineTB{} // in a test: func TestMySolver(t *testing.T) { props.CheckSolver(t, specs.Traps(specs.TrapsConfig{}), mySolver) }
	props.CheckSolver(t, specs.Traps(specs.TrapsConfig{}), func(z *traps.Maze) (float64, error) {
		return 0.5, nil
	})
	// Output:
	// sample1, case 1: wrong answer: the solver says 0.5, the analyst 0.6 = 3/5
}

// A CrossCheck runs a solver as a process on the samples and on generated
// boards. This solver prints 0.600 whatever the maze: right on the first
// trap-maze sample, wrong on the second.
func ExampleCrossCheck() {
	solver, err := props.NewProcessSolver(`sh -c 'cat >/dev/null; echo 0.600'`, 2*time.Second)
	if err != nil {
		fmt.Println(err)
		return
	}
	cc := &props.CrossCheck{Game: specs.Traps(specs.TrapsConfig{}), Solver: solver, Cases: 3, Seed: 1, ShrinkTime: time.Second}
	out, err := cc.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	f := out.SampleFailure
	fmt.Printf("%s on %s: the solver printed %s", f.Verdict, f.Source, f.Stdout)
	fmt.Printf("the answer is %s", f.OursText)
	// Output:
	// wrong answer on sample2: the solver printed 0.600
	// the answer is 0.800
}

// Every Game is a Judge: it reads a solver's output under the game's rule.
// Snakes wants "Case i: x" lines, and a NaN is an output-format error, never
// a pass.
func ExampleJudge() {
	var judge props.Judge = specs.Snakes()
	v, err := judge.ParseAnswers([]byte("Case 1: 33.04761905\n"), 1)
	fmt.Println(v, err)
	_, err = judge.ParseAnswers([]byte("Case 1: -nan\n"), 1)
	fmt.Println(err)
	fmt.Println(judge.Agrees(props.Solution{Value: 694.0 / 21}, v[0], false))
	// Output:
	// [33.04761905] <nil>
	// output line 1: "-nan" is not a decimal number
	// true
}
