package engine_test

import (
	"fmt"

	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/engine"
)

// Throw a die until it shows a six, counting the throws: one state that
// loops on itself, solved exactly by a linear system.
func ExampleSolve() {
	untilSix := rules.Rules[string]{
		Start: "throwing",
		End:   func(s string) (int, bool) { return 0, s == "six" },
		Chance: func(string) []rules.Branch[string] {
			return []rules.Branch[string]{
				{Weight: 1, Next: "six", Reward: 1},
				{Weight: 5, Next: "throwing", Reward: 1},
			}
		},
	}
	res, err := engine.Solve(untilSix, engine.Options{PMF: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Fraction, res.Method, res.States, "states")
	fmt.Printf("P(1 throw) = %.4f, P(2 throws) = %.4f\n", res.PMF[1], res.PMF[2])
	// Output:
	// 6/1 exact 2 states
	// P(1 throw) = 0.1667, P(2 throws) = 0.1389
}

// The expected number of throws until a six, as a contest prints it
// "modulo 998244353": 6 is its own residue; the chance of a six within two
// throws, 11/36, is 11·36⁻¹ mod p.
func ExampleSolveModulo() {
	untilSix := rules.Rules[string]{
		Start: "throwing",
		End:   func(s string) (int, bool) { return 0, s == "six" },
		Chance: func(string) []rules.Branch[string] {
			return []rules.Branch[string]{
				{Weight: 1, Next: "six", Reward: 1},
				{Weight: 5, Next: "throwing", Reward: 1},
			}
		},
	}
	throws, err := engine.SolveModulo(untilSix, 998244353, engine.Options{})
	fmt.Println(throws, err)
	withinTwo := rules.Rules[int]{
		End: func(s int) (int, bool) {
			switch s {
			case -1:
				return 1, true
			case 2:
				return 0, true
			}
			return 0, false
		},
		Chance: func(s int) []rules.Branch[int] {
			return []rules.Branch[int]{{Weight: 1, Next: -1}, {Weight: 5, Next: s + 1}}
		},
	}
	p, err := engine.SolveModulo(withinTwo, 998244353, engine.Options{})
	fmt.Println(p, p*36%998244353, err)
	// Output:
	// 6 <nil>
	// 471393167 11 <nil>
}
