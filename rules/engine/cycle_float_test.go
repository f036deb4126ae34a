package engine

import (
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/chancecheck/chancecheck/rules"
)

// floatLarge forces every cycle of more than one state through the float
// method of cycle_float.go.
var floatLarge = Options{ExactStates: -1, MaxCycleStates: 1}

// The hand-derived cases give the same answers, within the bound, when
// every cycle is solved by the hub method.
func TestLargeCycleHandDerived(t *testing.T) {
	for _, tt := range solveCases() {
		t.Run(tt.name, func(t *testing.T) {
			if msg := check(tt, floatLarge); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// largeCycleGames are games whose cycles have several states, with a hub
// or many: restarts (one hub), a gambler's ruin with choices (bold or
// timid bets: many hubs), a chain of chance alone.
func largeCycleGames() []struct {
	name string
	r    rules.Rules[int]
} {
	ruin := func(goal rules.Goal, n int) rules.Rules[int] {
		return rules.Rules[int]{
			Start: n / 2,
			Goal:  goal,
			End: func(s int) (int, bool) {
				switch {
				case s <= 0:
					return 0, true
				case s >= n:
					return 1, true
				}
				return 0, false
			},
			Moves: func(s int) []rules.Move[int] {
				// Stake 1 or all you can, won with weight 2 against 3.
				bold := min(s, n-s)
				return []rules.Move[int]{
					{Name: "timid", Branches: []rules.Branch[int]{{Weight: 2, Next: s + 1}, {Weight: 3, Next: s - 1}}},
					{Name: "bold", Branches: []rules.Branch[int]{{Weight: 2, Next: s + bold}, {Weight: 3, Next: s - bold}}},
				}
			},
		}
	}
	walk := rules.Rules[int]{
		End: func(s int) (int, bool) { return 0, s >= 12 },
		Chance: func(s int) []rules.Branch[int] {
			return []rules.Branch[int]{{Weight: 3, Next: s + 1, Reward: 1}, {Weight: 2, Next: max(s-1, 0), Reward: 2}, {Weight: 1, Next: 0, Reward: 1}}
		},
	}
	return []struct {
		name string
		r    rules.Rules[int]
	}{
		{"restarts", restartGame([]int{2, 3, 1}, []int{5, 8, 4}, []int{70, 60, 90}, 12)},
		{"restarts, 8 levels", bigRestartGame(8, 150)},
		{"bold or timid, maximise", ruin(rules.Maximise, 40)},
		{"bold or timid, minimise", ruin(rules.Minimise, 40)},
		{"walk with restarts", walk},
	}
}

// sparseLarge forces every cycle of more than one hub through the sparse
// method of cycle_sparse.go.
var sparseLarge = Options{ExactStates: -1, MaxCycleStates: 1, MaxHubs: 1}

// The float methods' values (hubs, and sparse elimination) lie within
// their proved bound of the exact fraction, and the bound is not vacuous.
func TestLargeCycleAgainstExact(t *testing.T) {
	for _, tt := range largeCycleGames() {
		exact, err := Solve(tt.r, Options{ExactStates: 1 << 20, ExactCost: -1})
		if err != nil {
			t.Fatal(err)
		}
		for _, method := range []struct {
			name string
			opts Options
		}{{"hubs", floatLarge}, {"sparse", sparseLarge}} {
			t.Run(tt.name+"/"+method.name, func(t *testing.T) {
				fl, err := Solve(tt.r, method.opts)
				if err != nil {
					t.Fatal(err)
				}
				if exact.LargestCycle < 3 || fl.Method != "float64" {
					t.Fatalf("largest cycle %d, method %s: not a test of the float methods", exact.LargestCycle, fl.Method)
				}
				d, _ := new(big.Rat).Sub(new(big.Rat).SetFloat64(fl.Value), exact.Fraction).Float64()
				if math.Abs(d) > fl.ErrorBound {
					t.Errorf("value %.17g, exact %s: off by %g, beyond the bound %g", fl.Value, exact.Fraction.RatString(), d, fl.ErrorBound)
				}
				// The proof loses about the expected visits to a hub (w in
				// cycle_float.go): the walk's are in the hundreds.
				if fl.ErrorBound > 1e-10*max(1, math.Abs(fl.Value)) {
					t.Errorf("bound %g on %g: vacuous", fl.ErrorBound, fl.Value)
				}
				t.Logf("%d states, cycle %d: error %.3g, bound %.3g", fl.States, fl.LargestCycle, d, fl.ErrorBound)
			})
		}
	}
}

// Planted: a policy iteration stopped after one round with its bound taken
// unchecked (faultHubCheck) reports a bound that does not hold on some game;
// stopped after one round but checked (faultPolicy), the engine either
// refuses the cycle or gives a bound that holds: never a wrong value.
func TestLargeCyclePlantedCheck(t *testing.T) {
	caught := false
	for _, tt := range largeCycleGames() {
		exact, err := Solve(tt.r, Options{ExactStates: 1 << 20, ExactCost: -1})
		if err != nil {
			t.Fatal(err)
		}
		ef, _ := exact.Fraction.Float64()
		for _, unchecked := range []bool{false, true} {
			opts := floatLarge
			opts.faults = faultPolicy()
			if unchecked {
				opts = sparseLarge // the check is the same for both methods
				opts.faults = faultHubCheck()
			}
			fl, err := Solve(tt.r, opts)
			if err != nil {
				if unchecked || !errors.Is(err, ErrCycleTooLarge) {
					t.Errorf("%s: %v", tt.name, err)
				}
				continue
			}
			off := math.Abs(fl.Value-ef) > fl.ErrorBound+1e-15*math.Abs(ef)
			if !unchecked && off {
				t.Errorf("%s: policy iteration stopped early, but checked: %v ± %g misses %v", tt.name, fl.Value, fl.ErrorBound, ef)
			}
			caught = caught || (unchecked && off)
		}
	}
	if !caught {
		t.Error("the unchecked bound held on every game: the check is not shown to matter")
	}
}
