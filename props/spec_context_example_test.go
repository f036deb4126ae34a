package props_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// An analyst that can stop (one that searches, or runs a process) takes
// the context of the board's judging through Spec.WithContext: it ends with
// the run (--time, Ctrl-C) and with the board's budget (--board-time). Here
// the analyst of the die game looks at its context between steps, so an
// ended context stops it at once; Solve, which takes none, runs to its end.
func ExampleSpec_WithContext() {
	spec := props.Spec[int]{
		Name: "die",
		Parse: func(r io.Reader, file string) ([]int, error) {
			var s int
			if _, err := fmt.Fscan(r, &s); err != nil || s < 2 || s > 20 {
				return nil, fmt.Errorf("%s:1: want the number of sides, 2..20", file)
			}
			return []int{s}, nil
		},
		Write:     func(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err },
		Generator: rapid.IntRange(2, 20),
		Play: func(s int, rng *rand.Rand) (int, error) {
			if rng.IntN(s) == 0 {
				return 1, nil
			}
			return 0, nil
		},
	}
	game := props.Define(spec.WithContext(func(ctx context.Context, s int) (props.Solution, error) {
		p := 0.0
		for i := 0; i < s; i++ { // one face a step, stopping when asked
			if err := ctx.Err(); err != nil {
				return props.Solution{}, err
			}
			if i == 0 {
				p += 1 / float64(s)
			}
		}
		return props.Solution{Value: p}, nil
	}, nil))
	sol, _ := game.Solve(8)
	fmt.Println(sol.Value)
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	_, err := game.SolveContext(ctx, 8)
	fmt.Println(errors.Is(err, context.DeadlineExceeded))
	// Output:
	// 0.125
	// true
}
