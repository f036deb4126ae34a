package engine

import (
	"math"
	"testing"

	"github.com/chancecheck/chancecheck/rules"
)

// backToStart is the one-player game of issue 28: squares 0..n, a die of
// m faces counted, a throw past n lost, ten traps spread over the first
// 99% of the board sending the token back to 0; reaching n ends it. All
// squares up to the last trap form one cycle through the start.
func backToStart(n, m int) rules.Rules[int] {
	trap := make([]bool, n+1)
	for j := 1; j <= 10; j++ {
		trap[n*99/100*j/10] = true
	}
	return rules.Rules[int]{
		End: func(s int) (int, bool) { return 0, s == n },
		Chance: func(s int) []rules.Branch[int] {
			out := make([]rules.Branch[int], 0, m)
			for face := 1; face <= m; face++ {
				next := s + face
				switch {
				case next > n:
					next = s
				case trap[next]:
					next = 0
				}
				out = append(out, rules.Branch[int]{Weight: 1, Next: next, Reward: 1})
			}
			return out
		},
	}
}

// The method of each cycle follows its predicted cost (issue 28: a cycle
// of 4,968 states under the old 5,000-state threshold took over 150 s
// exactly, 0.12 s in float64): a cheap cycle is exact, a dear one float64
// with a proved bound that holds the exact value (solved with exactness
// asked, ExactCost −1), and MaxCycleStates still caps the exact cycles.
// The cases are chosen from the measurements of DefaultExactCost: 288
// states, 0.14 s exactly; 1,179 states, 3.1 s.
func TestCostModelChoosesTheMethod(t *testing.T) {
	tests := []struct {
		name       string
		n, m       int
		opts       Options
		wantMethod string
	}{
		{"a cycle of 288 states, exact", 300, 6, Options{}, "exact"},
		{"a cycle of 1,179 states, float64", 1200, 6, Options{}, "float64"},
		{"a cycle of 4,968 states, float64", 5028, 6, Options{}, "float64"},
		{"288 states under a small budget, float64", 300, 6, Options{ExactCost: 1000}, "float64"},
		{"288 states past MaxCycleStates 100, float64", 300, 6, Options{MaxCycleStates: 100}, "float64"},
		{"288 states, exactness asked", 300, 6, Options{ExactCost: -1}, "exact"},
	}
	exact := map[[2]int]float64{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Solve(backToStart(tt.n, tt.m), tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Method != tt.wantMethod {
				t.Errorf("method %s (a cycle of %d states): want %s", res.Method, res.LargestCycle, tt.wantMethod)
			}
			key := [2]int{tt.n, tt.m}
			if res.Fraction != nil {
				exact[key] = res.Value
			} else if x, ok := exact[key]; ok && !(math.Abs(res.Value-x) <= res.ErrorBound+0x1p-52*x) {
				t.Errorf("float64 %.17g ± %g, exact %.17g", res.Value, res.ErrorBound, x)
			}
		})
	}
}

// Planted: a cost model that forgets how the numbers grow with the cycle
// predicts the cycle of 1,179 states cheap, and would start a solve of
// seconds (minutes at 5,000 states); the plan alone is checked, nothing
// is solved.
func TestCostModelPlanted(t *testing.T) {
	g, err := Explore(backToStart(1200, 6), 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	comps := g.components()
	for _, planted := range []bool{false, true} {
		opts := Options{}
		if planted {
			opts.faults = faultCost()
		}
		p := g.planCycles(comps, opts.withDefaults())
		exactCycles := 0
		for c := range comps.len() {
			if p.exact[c] && len(comps.states(c)) > 1 {
				exactCycles++
			}
		}
		if (exactCycles > 0) != planted {
			t.Errorf("planted %v: %d large cycles planned exact", planted, exactCycles)
		}
	}
}
