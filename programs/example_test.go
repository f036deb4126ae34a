package programs_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/chancecheck/chancecheck/programs"
)

// A probability problem defined by three in-process programs: a fair coin
// tossed n times, the chance of at least one head. The solver forgets the
// last toss; stress finds it, confirms it on fresh referee runs and shrinks
// it to one toss. Real programs are programs.NewCommand("python3 gen.py", …).
func ExampleStress() {
	gen := programs.Func{Name: "gen", Fn: func(args []string, _ []byte) ([]byte, error) {
		return []byte(strings.TrimPrefix(args[1], "n=") + "\n"), nil // SEED n=N: print N
	}}
	referee := programs.Func{Name: "ref", Fn: func(args []string, input []byte) ([]byte, error) {
		seed, _ := strconv.ParseUint(args[0], 10, 64)
		runs, _ := strconv.Atoi(args[1])
		var n int
		fmt.Sscan(string(input), &n)
		rng := rand.New(rand.NewPCG(seed, 0))
		heads := 0
		for range runs {
			for range n {
				if rng.IntN(2) == 1 {
					heads++
					break
				}
			}
		}
		return fmt.Appendf(nil, "1 %d\n0 %d\n", heads, runs-heads), nil
	}}
	solver := programs.Func{Name: "sol", Fn: func(_ []string, input []byte) ([]byte, error) {
		var n int
		fmt.Sscan(string(input), &n)
		p := 1.0
		for range n - 1 { // the slip: one toss too few
			p /= 2
		}
		return fmt.Appendf(nil, "%.9f\n", 1-p), nil
	}}
	s := &programs.Stress{
		GameSpec: programs.GameSpec{Generator: gen, Referee: referee,
			Quantity: programs.Probability, Params: []programs.Param{{Name: "n", Lo: 1, Hi: 20}}},
		Solver: solver,
		Cases:  20, Runs: 10000, Seed: 1, Alpha: 0.01,
	}
	out, err := s.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	f := out.First
	fmt.Printf("%s on input %q: the solver says %v, the referee %.2f\n", f.Kind, f.Input, f.Answer, f.RefereeTally.Mean)
	// Output:
	// the referee's runs reject the solver's answer on input "1\n": the solver says 0, the referee 0.49
}

// A game defined by programs, as props sees a game: the brute force is the
// analyst and the referee program plays the rules, for check, report and
// every other command (here in-process programs: an urn of w white and b
// black balls, one drawn).
func ExampleGame() {
	urn := func(input []byte) (w, b int) { fmt.Sscan(string(input), &w, &b); return w, b }
	g, err := programs.Game(programs.GameSpec{
		Name: "urn", Quantity: programs.Probability,
		Generator: programs.Func{Name: "gen", Fn: func(args []string, _ []byte) ([]byte, error) {
			return []byte(strings.TrimPrefix(args[1], "w=") + " 3\n"), nil
		}},
		Referee: programs.Func{Name: "ref", Fn: func(args []string, input []byte) ([]byte, error) {
			seed, _ := strconv.ParseUint(args[0], 10, 64)
			runs, _ := strconv.Atoi(args[1])
			w, b := urn(input)
			rng := rand.New(rand.NewPCG(seed, 1))
			wins := 0
			for range runs {
				if rng.IntN(w+b) < w {
					wins++
				}
			}
			return fmt.Appendf(nil, "1 %d\n0 %d\n", wins, runs-wins), nil
		}},
		Brute: programs.Func{Name: "brute", Fn: func(_ []string, input []byte) ([]byte, error) {
			w, b := urn(input)
			return fmt.Appendf(nil, "%.9f\n", float64(w)/float64(w+b)), nil
		}},
		Params: []programs.Param{{Name: "w", Lo: 1, Hi: 9}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	boards, _ := g.Parse(strings.NewReader("1 3\n"), "urn.in")
	sol, _ := g.Solve(boards[0])
	fmt.Printf("%s: %v, outcome %s\n", g.Name(), sol.Value, g.Outcome())
	// Output:
	// urn: 0.25, outcome win/loss
}
