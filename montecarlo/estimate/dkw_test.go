package estimate

import (
	"math"
	"testing"
)

// TestDKWEpsilon: ε = sqrt(ln(2/α)/(2n)) and 2·exp(−2nε²) = α (Massart 1990).
func TestDKWEpsilon(t *testing.T) {
	tests := []struct {
		n     int64
		alpha float64
		want  float64
	}{
		// Hand-derived: ln(2/0.05) = ln 40 = 3.6888794541139363.
		{100, 0.05, math.Sqrt(3.6888794541139363 / 200)}, // 0.13581…
		{1, 2 * math.Exp(-2), 1},                         // ln(e²)/2 = 1
		{1_000_000, 1e-6, math.Sqrt(math.Log(2e6) / 2e6)},
	}
	for _, tc := range tests {
		got := DKWEpsilon(tc.n, tc.alpha)
		if math.Abs(got-tc.want) > 1e-15*tc.want {
			t.Errorf("DKWEpsilon(%d, %g) = %.17g, want %.17g", tc.n, tc.alpha, got, tc.want)
		}
		if p := DKWPValue(tc.n, got); math.Abs(p-tc.alpha) > 1e-12*tc.alpha {
			t.Errorf("DKWPValue(%d, ε) = %g, want alpha %g", tc.n, p, tc.alpha)
		}
	}
	if !math.IsInf(DKWEpsilon(0, 0.05), 1) {
		t.Error("DKWEpsilon(0, …) should be +Inf")
	}
}

func TestDKWPValue(t *testing.T) {
	tests := []struct {
		n    int64
		d    float64
		want float64
	}{
		{10, 0, 1},
		{10, 0.1, 1}, // 2·exp(−0.2) > 1: capped
		{100, 0.2, 2 * math.Exp(-8)},
		{0, 0.5, 1},
		{10, math.NaN(), 1},
	}
	for _, tc := range tests {
		if got := DKWPValue(tc.n, tc.d); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("DKWPValue(%d, %g) = %g, want %g", tc.n, tc.d, got, tc.want)
		}
	}
}

// TestSupDistance: hand-derived from the step CDFs.
func TestSupDistance(t *testing.T) {
	tests := []struct {
		name   string
		pmf    []float64
		counts []int64
		want   float64
	}{
		{"exact match", []float64{0.25, 0.5, 0.25}, []int64{1, 2, 1}, 0},
		// Fn = 0.5, 0.5, 1 vs F = 0.25, 0.75, 1: |0.25|, |−0.25|.
		{"shifted", []float64{0.25, 0.5, 0.25}, []int64{2, 0, 2}, 0.25},
		// counts beyond pmf: Fn(0) = 0.5 vs 1 → 0.5.
		{"outcome beyond support", []float64{1}, []int64{1, 0, 0, 1}, 0.5},
		// pmf longer than counts: Fn = 1 from k = 0; F(0) = 0.5.
		{"pmf longer", []float64{0.5, 0.5}, []int64{3}, 0.5},
		// Truncated pmf (Σ = 0.9): beyond the arrays Fn = 1, F = 0.9.
		{"truncated tail", []float64{0.5, 0.4}, []int64{5, 4}, 0.1},
		{"trailing zeros in counts", []float64{0.5, 0.5}, []int64{1, 1, 0, 0}, 0},
		{"no runs", []float64{0.5, 0.5}, nil, 0},
	}
	for _, tc := range tests {
		if got := SupDistance(tc.pmf, tc.counts); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("%s: SupDistance = %g, want %g", tc.name, got, tc.want)
		}
	}
}
