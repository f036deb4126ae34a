package engine

import (
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/rules"
)

// endlessAnswer is the answer the rules below declare for a board on which
// no play ends, as judges' "print -1".
var endlessAnswer = -1.0

func declaring(r rules.Rules[int]) rules.Rules[int] {
	r.Endless = &endlessAnswer
	return r
}

// A board on which no play can end is answered with the rules' declared
// answer, once the engine has found no state that ends among all those
// reachable (issue 28: an engine error aborted check at the first such
// board); without a declared answer it stays an error; a board from whose
// start some play ends is solved as ever, and one where only some plays
// end is still refused. Values hand-derived: 0 → 1 → 0 … never ends; a
// coin between winning and looping on 0 wins with probability 1.
func TestEndless(t *testing.T) {
	loop := chance(map[int][]rules.Branch[int]{0: {w(1, 1, 1)}, 1: {w(1, 0, 1), w(1, 2, 1)}, 2: {w(1, 2, 1)}})
	twoPlayers := rules.Rules[int]{End: endOf, Mover: func(s int) rules.Goal { return rules.Goal(s % 2) },
		Moves: func(s int) []rules.Move[int] {
			return []rules.Move[int]{{Branches: []rules.Branch[int]{w(1, 1-s, 0)}}, {Branches: []rules.Branch[int]{w(1, s, 0)}}}
		}}
	tests := []struct {
		name    string
		rules   rules.Rules[int]
		endless bool
		value   float64
		err     string
	}{
		{"a loop of chance, declared", declaring(loop), true, -1, ""},
		{"a loop of chance, undeclared", loop, false, 0, "cannot end"},
		{"two players who can never end, declared", declaring(twoPlayers), true, -1, ""},
		{"a coin that wins or loops, declared", declaring(chance(map[int][]rules.Branch[int]{0: {w(1, win, 0), w(1, 0, 0)}})), false, 1, ""},
		{"some plays end, others loop, declared", declaring(chance(map[int][]rules.Branch[int]{0: {w(1, win, 0), w(1, 1, 0)}, 1: {w(1, 1, 0)}})), false, 0, "cannot end"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, opts := range []Options{{}, {ExactStates: -1}} {
				res, err := Solve(tt.rules, opts)
				if tt.err != "" {
					if err == nil || !strings.Contains(err.Error(), tt.err) {
						t.Errorf("%+v: %v, %v; want an error saying %q", opts, res.Value, err, tt.err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%+v: %v", opts, err)
				}
				if res.Endless != tt.endless || res.Value != tt.value {
					t.Errorf("%+v: endless %v, value %v; want %v, %v", opts, res.Endless, res.Value, tt.endless, tt.value)
				}
				if tt.endless && (res.Fraction == nil || res.Fraction.RatString() != "-1") {
					t.Errorf("fraction %v: want -1", res.Fraction)
				}
			}
			if tt.endless {
				if x, err := SolveModulo(tt.rules, judgePrime, Options{}); err != nil || x != judgePrime-1 {
					t.Errorf("modulo %d: %d, %v; want −1 ≡ %d", judgePrime, x, err, judgePrime-1)
				}
			}
		})
	}
}

// Planted: a proof of "no play ends" that looks at the start alone calls
// a board endless whose plays all end (a throw from 0 always wins).
func TestEndlessPlanted(t *testing.T) {
	r := declaring(chance(map[int][]rules.Branch[int]{0: {w(1, 1, 0)}, 1: {w(1, win, 0)}}))
	for _, planted := range []bool{false, true} {
		opts := Options{}
		if planted {
			opts.faults = faultEndless()
		}
		res, err := Solve(r, opts)
		if err != nil {
			t.Fatal(err)
		}
		if wrong := res.Endless || res.Value != 1; wrong != planted {
			t.Errorf("planted %v: endless %v, value %v", planted, res.Endless, res.Value)
		}
	}
}
