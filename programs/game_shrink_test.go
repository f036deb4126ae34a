package programs

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/props"
)

// boundedUrnGenerator prints an urn "a b" with a and b drawn from SEED in
// 0..n: n bounds the size, as gen.py's does, and a lower n at the same
// SEED draws another urn.
func boundedUrnGenerator() Func {
	return Func{Name: "gen", Fn: func(args []string, _ []byte) ([]byte, error) {
		seed, _ := strconv.ParseUint(args[0], 10, 64)
		n := 30
		for _, a := range args[1:] {
			if v, ok := strings.CutPrefix(a, "n="); ok {
				n, _ = strconv.Atoi(v)
			}
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		return fmt.Appendf(nil, "%d %d\n", rng.IntN(n+1), rng.IntN(n+1)), nil
	}}
}

// programs check shrinks as far as stress does (issue 21 part 7): with a
// generator whose parameter bounds the size, rapid alone, keeping SEED
// while it lowers n, stopped at urns such as "6 2" where stress reached
// "1 2"; the game's simplifier tries other seeds as stress does.
func TestGameShrinksAsFarAsStress(t *testing.T) {
	g, err := Game(GameSpec{Name: "urn", Quantity: Probability, Generator: boundedUrnGenerator(), Referee: urnReferee(0), Brute: urnSolver(0),
		Params: []Param{{"n", 0, 30}}})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 5; seed++ {
		cc := &props.CrossCheck{Game: g, Solver: runner{urnSolver(2)}, Cases: 100, Seed: seed, ShrinkTime: 20 * time.Second}
		out, err := cc.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		s := &Stress{GameSpec: GameSpec{Generator: boundedUrnGenerator(), Referee: urnReferee(0), Brute: urnSolver(0), Quantity: Probability, Params: []Param{{"n", 0, 30}}}, Solver: urnSolver(2),
			Cases: 100, Runs: 2000, Seed: seed, Alpha: 0.01}
		so, err := s.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		c, st := out.First.Input, so.First.Input
		if len(c) > len(st) || len(c) == len(st) && string(c) > string(st) {
			t.Errorf("seed %d: check shrank %q to %q, stress to %q (%+v)", seed, out.Found.Input, c, st, out.Shrink)
		}
	}
}
