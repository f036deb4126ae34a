package estimate

import (
	"math"
	"testing"
)

func TestBonferroniPerCheck(t *testing.T) {
	tests := []struct {
		b    Bonferroni
		want float64
	}{
		{Bonferroni{Alpha: 1e-6, Checks: 100}, 1e-8},
		{Bonferroni{Alpha: 0.05, Checks: 1}, 0.05},
		{Bonferroni{Alpha: 0.05, Checks: 0}, 0.05},
	}
	for _, tc := range tests {
		if got := tc.b.PerCheck(); math.Abs(got-tc.want) > 1e-20 {
			t.Errorf("%+v.PerCheck() = %g, want %g", tc.b, got, tc.want)
		}
	}
}
