package estimate

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestAgreementJSONRoundTrip: agreements with NaN and +Inf fields encode
// (plain encoding/json would fail) and decode to the same values.
func TestAgreementJSONRoundTrip(t *testing.T) {
	cases := []Agreement{
		Agree([]float64{0.5, 0.5}, 0, []int64{3, 4}, 0.01),                 // Threshold NaN, MinDetectable +Inf
		Agree([]float64{0, 0.25, 0.5, 0.25}, 0, []int64{0, 2, 5, 3}, 0.01), // all finite
		Agree([]float64{0.2, 0.3, 0.5}, 0, nil, 0.01),                      // SimMean NaN
	}
	for i, a := range cases {
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if !strings.Contains(string(b), `"Test":"`) {
			t.Errorf("case %d: unexpected encoding %s", i, b)
		}
		var back Agreement
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if !sameAgreement(a, back) {
			t.Errorf("case %d: round trip\n%+v\n%+v\nvia %s", i, a, back, b)
		}
	}
}

func sameAgreement(a, b Agreement) bool {
	eq := func(x, y float64) bool { return x == y || (math.IsNaN(x) && math.IsNaN(y)) }
	return a.Test == b.Test && a.Runs == b.Runs && a.Pass == b.Pass &&
		eq(a.Alpha, b.Alpha) && eq(a.Statistic, b.Statistic) && eq(a.Threshold, b.Threshold) &&
		eq(a.PValue, b.PValue) && eq(a.ExactMean, b.ExactMean) && eq(a.SimMean, b.SimMean) &&
		eq(a.CILow, b.CILow) && eq(a.CIHigh, b.CIHigh) && eq(a.Z, b.Z) && eq(a.MinDetectable, b.MinDetectable)
}
