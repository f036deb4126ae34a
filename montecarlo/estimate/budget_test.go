package estimate

import (
	"math"
	"slices"
	"testing"
)

func TestBudgetPerCheck(t *testing.T) {
	tests := []struct {
		b    Budget
		want float64
	}{
		{Budget{Alpha: 1e-6, Checks: 100}, 1e-8},
		{Budget{Alpha: 0.05, Checks: 1}, 0.05},
		{Budget{Alpha: 0.05, Checks: 0}, 0.05},
	}
	for _, tc := range tests {
		if got := tc.b.PerCheck(); math.Abs(got-tc.want) > 1e-20 {
			t.Errorf("%+v.PerCheck() = %g, want %g", tc.b, got, tc.want)
		}
	}
}

// TestHolm: hand-derived step-down decisions.
func TestHolm(t *testing.T) {
	tests := []struct {
		name  string
		p     []float64
		alpha float64
		want  []bool
	}{
		// Sorted .005 ≤ .05/4, .01 ≤ .05/3, .03 > .05/2: stop.
		{"stops at third", []float64{0.01, 0.04, 0.03, 0.005}, 0.05, []bool{true, false, false, true}},
		// .01 ≤ .0125, .02 ≤ .0167? no → only the first (Bonferroni gives the same).
		{"one", []float64{0.02, 0.01, 0.3, 0.04}, 0.05, []bool{false, true, false, false}},
		// Holm beats Bonferroni: .01 ≤ .05/3, .02 ≤ .05/2, .04 ≤ .05/1.
		{"all", []float64{0.04, 0.01, 0.02}, 0.05, []bool{true, true, true}},
		// Equal p-values at the edge: .025 ≤ .05/2 and .025 ≤ .05/1.
		{"ties", []float64{0.025, 0.025}, 0.05, []bool{true, true}},
		{"NaN never rejected", []float64{math.NaN(), 0.001}, 0.05, []bool{false, true}},
		{"empty", nil, 0.05, []bool{}},
	}
	for _, tc := range tests {
		if got := Holm(tc.p, tc.alpha); !slices.Equal(got, tc.want) {
			t.Errorf("%s: Holm(%v, %g) = %v, want %v", tc.name, tc.p, tc.alpha, got, tc.want)
		}
	}
}
