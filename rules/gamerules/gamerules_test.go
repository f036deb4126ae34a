package gamerules_test

import (
	"math/big"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/rules/engine"
	"github.com/chancecheck/chancecheck/rules/gamerules"
)

// The rules solved by the engine give the published answers and the
// hand-derived ones, with no analyst involved.

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic(s)
	}
	return r
}

func TestSnakesRules(t *testing.T) {
	ladders := snakes.Board{}
	for c := 2; c <= 7; c++ {
		ladders.Jumps = append(ladders.Jumps, snakes.Jump{From: c, To: 100})
	}
	sample, err := snakes.Parse(strings.NewReader(snakes.Samples()[0].Input), "sample")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		board snakes.Board
		value float64 // published to 8 decimals, or derived by hand
	}{
		{"sample 1 (published 31.54880806)", sample[0], 31.54880806},
		{"sample 2, no jumps (published 33.0476190476)", sample[1], 33.0476190476},
		// Every first throw lands on 2..7 and climbs to 100: one throw.
		{"ladders 2..7 to 100", ladders, 1},
	}
	for _, tt := range tests {
		res, err := engine.Solve(gamerules.Snakes(tt.board), engine.Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if d := res.Value - tt.value; d > 5e-9 || d < -5e-9 || res.Fraction == nil {
			t.Errorf("%s: %v (fraction %v), want %v", tt.name, res.Value, res.Fraction, tt.value)
		}
	}
	// Snakes from 2..7 to 1 make 100 unreachable (the statement's invalid
	// board): the engine says the game cannot end, naming a cell.
	trap := snakes.Board{}
	for c := 2; c <= 7; c++ {
		trap.Jumps = append(trap.Jumps, snakes.Jump{From: c, To: 1})
	}
	if _, err := engine.Solve(gamerules.Snakes(trap), engine.Options{}); err == nil || !strings.Contains(err.Error(), "the game cannot end from state 1") {
		t.Errorf("snakes 2..7 to 1: %v, want an error naming cell 1", err)
	}
	// The board without jumps is not 694/21 but 6.3e-15 below it (games'
	// statement notes).
	res, _ := engine.Solve(gamerules.Snakes(snakes.Board{}), engine.Options{})
	gap, _ := new(big.Rat).Sub(big.NewRat(694, 21), res.Fraction).Float64()
	if gap < 6.2e-15 || gap > 6.4e-15 {
		t.Errorf("694/21 − E = %g, want 6.3e-15", gap)
	}
}

func TestPatienceRules(t *testing.T) {
	deals, err := patience.Parse(strings.NewReader(patience.Samples()[0].Input), "sample")
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.Solve(gamerules.Patience(deals[0]), engine.Options{})
	if want := rat("14259369055191929/24196548096000000"); err != nil || res.Fraction == nil || res.Fraction.Cmp(want) != 0 {
		t.Errorf("the sample: %v, %v; want the published %s", res.Fraction, err, want.RatString())
	}
	// The sorted deck has one rank a pile: no two tops match, a loss at once.
	res, err = engine.Solve(gamerules.Patience(patience.SortedDeck()), engine.Options{})
	if err != nil || res.Fraction == nil || res.Fraction.Sign() != 0 {
		t.Errorf("the sorted deck: %v, %v; want 0", res.Fraction, err)
	}
}

func TestTrapsRules(t *testing.T) {
	// The samples' published answers, exact: 0.6 and 0.8 as the statement
	// derives them, 1, 429/500 and 1/16 (the rounding example).
	want := map[string]string{"sample1": "3/5", "sample2": "4/5", "sample3": "1", "sample4": "429/500", "sixteenth": "1/16"}
	for _, s := range traps.Samples() {
		z, err := traps.Parse(strings.NewReader(s.Input), s.Name)
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Solve(gamerules.Traps(z), engine.Options{})
		if w, ok := want[s.Name]; !ok || err != nil || res.Fraction == nil || res.Fraction.Cmp(rat(w)) != 0 {
			t.Errorf("%s: %v, %v; want %s", s.Name, res.Fraction, err, want[s.Name])
		}
	}
}

func TestJengaRules(t *testing.T) {
	// A one-colour tower of n levels makes m(n) = 2, 3, 5 moves for
	// n = 2..4, each waiting 6 throws on red and 3 on green (the
	// statement's closed forms): 6·m(n) and 3·m(n).
	if got := (gamerules.JengaState{Tower: "\x01\x02\x03\x01\x01\x00", Thrown: jenga.Green}).String(); got != "RGB/RR., G thrown" {
		t.Errorf("a state prints as %q", got)
	}
	moves := map[int]int64{2: 2, 3: 3, 4: 5}
	for n := 2; n <= 4; n++ {
		for _, c := range []struct {
			colour jenga.Colour
			wait   int64
		}{{jenga.Red, 6}, {jenga.Green, 3}, {jenga.Blue, 3}} {
			tower := jenga.Tower{}
			for range n {
				tower.Levels = append(tower.Levels, jenga.Level{c.colour, c.colour, c.colour})
			}
			res, err := engine.Solve(gamerules.Jenga(tower), engine.Options{ExactStates: 1 << 20})
			if want := big.NewRat(c.wait*moves[n], 1); err != nil || res.Fraction == nil || res.Fraction.Cmp(want) != 0 {
				t.Errorf("%d levels of %v: %v, %v; want %s", n, c.colour, res.Fraction, err, want.RatString())
			}
		}
	}
}
