package exact

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/traps"
)

// The optimal policy, evaluated exactly, achieves the optimum on every sample
// and hand case; its table covers only situations it reaches.
func TestOptimalPolicyAchievesOptimum(t *testing.T) {
	mazes := []string{
		"sample1.in", "sample2.in", "sample3.in", "sample4.in", "sixteenth.in",
		"1 7 2 2\n@AA$BB@\n1 1 1 1\n",
		"1 7 2 2\n@AA$BB@\n1 0 0 1\n",
		"1 2 0 1\n$.\n1\n",
		"3 5 2 3\n@A.B@\n.#$#.\nBB.AA\n5 1 1 9\n",
	}
	for _, text := range mazes {
		var z *traps.Maze
		if strings.HasSuffix(text, ".in") {
			z = readMaze(t, text)
		} else {
			z = mazeOf(t, text)
		}
		sol, err := SolveTraps(z)
		if err != nil {
			t.Fatal(err)
		}
		got, err := EvaluateTrapPolicyRat(z, sol.Policy)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if got.Cmp(sol.Exact) != 0 {
			t.Errorf("%q: policy achieves %v, optimum %v", text, got, sol.Exact)
		}
		f, err := EvaluateTrapPolicy(z, sol.Policy)
		if want, _ := sol.Exact.Float64(); err != nil || f < want-1e-12 || f > want+1e-12 {
			t.Errorf("%q: float evaluation %v (%v), want %v", text, f, err, want)
		}
	}
}

// policyFunc adapts a function to traps.Policy, for hand-written policies.
type policyFunc func(traps.Situation) (traps.Dir, error)

func (f policyFunc) Move(s traps.Situation) (traps.Dir, error) { return f(s) }

func TestEvaluateTrapPolicyRat(t *testing.T) {
	z := mazeOf(t, "1 4 1 2\n$A.@\n1 3\n")
	tests := []struct {
		name    string
		pol     policyFunc
		want    string // exact value, or "error"
		comment string
	}{
		{"always right", func(traps.Situation) (traps.Dir, error) { return traps.Right, nil }, "1", "two lives survive one harmful step"},
		{"stop", func(traps.Situation) (traps.Dir, error) { return traps.Stop, nil }, "0", ""},
		{"bounce", func(s traps.Situation) (traps.Dir, error) {
			if s.Col == 0 {
				return traps.Right, nil
			}
			return traps.Left, nil
		}, "0", "start→A→start→A… loses a life per harmful step and loops when A is harmless"},
		{"off the map", func(traps.Situation) (traps.Dir, error) { return traps.Up, nil }, "error", ""},
		{"not a move", func(traps.Situation) (traps.Dir, error) { return traps.Dir(9), nil }, "error", ""},
	}
	for _, tt := range tests {
		got, err := EvaluateTrapPolicyRat(z, tt.pol)
		switch {
		case tt.want == "error":
			if err == nil {
				t.Errorf("%s: no error, value %v", tt.name, got)
			}
		case err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case got.RatString() != tt.want:
			t.Errorf("%s: %v, want %s (%s)", tt.name, got, tt.want, tt.comment)
		}
	}
}

func ExampleSolveTraps() {
	z, _ := traps.Parse(strings.NewReader("4 3 3 2\n.$.\nA#B\nA#C\n@@@\n143 37 335 85 95 25 223 57\n"), "sample4.in")
	sol, _ := SolveTraps(z)
	first, _ := sol.Policy.Move(traps.Situation{Row: 0, Col: 1, Life: 2})
	fmt.Println(sol.Exact, traps.FormatProbability(sol.Exact, 3), first)
	// Output: 429/500 0.858 right
}

func ExampleEvaluateTrapPolicyRat() {
	z, _ := traps.Parse(strings.NewReader("1 4 1 2\n$A.@\n1 3\n"), "example")
	right := policyFunc(func(traps.Situation) (traps.Dir, error) { return traps.Right, nil })
	p, _ := EvaluateTrapPolicyRat(z, right) // two lives survive one harmful step
	fmt.Println(p)
	// Output: 1/1
}

func ExampleTrapSurvival() {
	z, _ := traps.Parse(strings.NewReader("1 3 1 1\n$A@\n1 15\n"), "sixteenth")
	p, stats, _ := TrapSurvival(z)
	exact, _, _ := TrapSurvivalRat(z)
	fmt.Println(p, exact, traps.FormatProbability(exact, 3), stats.Layers)
	// Output: 0.0625 1/16 0.063 2
}
