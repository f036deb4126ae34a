package props

import (
	"math"
	"strings"
	"testing"
)

// The error a float64 answer of the engine may carry follows the judge's
// tolerance by default (issue 28: a game judged to 1e-3 was refused for a
// proved bound of 1.1e-5, against a fixed 1e-10), and RulesOf.MaxError
// (--engine-max-error) still overrides it. Each allowance is hand-derived:
// a tenth of max(Abs, Rel·|value|), never below 1e-10·max(1, |value|).
func TestRulesErrorAllowedFollowsTolerance(t *testing.T) {
	tests := []struct {
		name     string
		maxError float64
		tol      Tolerance
		value    float64
		want     float64
		rule     string
	}{
		{"an absolute 1e-3", 0, Tolerance{Abs: 1e-3}, 0.5, 1e-4, "tenth of the judge's tolerance"},
		{"an absolute 1e-3 at a large value", 0, Tolerance{Abs: 1e-3}, 5000, 1e-4, "tenth"},
		{"a relative 1e-3 at 5000", 0, Tolerance{Rel: 1e-3}, 5000, 0.5, "tenth"},
		{"the default tolerance 1e-6", 0, Tolerance{}, 0.5, 1e-7, "tenth"},
		{"a tolerance tighter than 1e-10", 0, Tolerance{Abs: 1e-12}, 0.5, 1e-10, "tenth"},
		{"--engine-max-error 1e-10 overrides 1e-3", 1e-10, Tolerance{Abs: 1e-3}, 0.5, 1e-10, "RulesOf.MaxError"},
		{"--engine-max-error, relative above 1", 1e-10, Tolerance{Abs: 1e-3}, 5000, 5e-7, "RulesOf.MaxError"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := RulesOf[int, int]{MaxError: tt.maxError, tolerance: tt.tol}
			got, rule := r.errorAllowed(tt.value)
			if math.Abs(got-tt.want) > 1e-12*tt.want || !strings.Contains(rule, tt.rule) {
				t.Errorf("allowed %g (%s); want %g by a rule naming %q", got, rule, tt.want, tt.rule)
			}
		})
	}
}
