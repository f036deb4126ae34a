package estimate

import (
	"encoding/json"
	"math"
	"testing"
)

// The empirical Bernstein p-value is the δ at which the bound's half-width
// equals the distance: the two functions invert each other.
func TestEmpiricalBernsteinInverts(t *testing.T) {
	s := Sample{Runs: 400, Mean: 1, Variance: 4 * 300 * 100 / (400.0 * 399)} // 300 zeros and 100 fours
	for _, delta := range []float64{1e-9, 1e-4, 0.01, 0.3} {
		d := empiricalBernsteinWidth(s, 4, delta)
		if p := empiricalBernsteinP(s, 4, d); math.Abs(p-delta) > 1e-9*delta {
			t.Errorf("δ = %v: width %v, and back the p-value %v", delta, d, p)
		}
	}
}

// AgreeMean's verdicts, hand-derived: outcomes in [0, 1], 10000 runs of
// mean 0.5 and variance 0.25 (a fair coin); at α = 1e-3 Hoeffding's
// half-width at α/2 is √(ln(4000)/20000) ≈ 0.0203 and Bernstein's is
// wider, so a mean 0.1 away is rejected and one 0.01 away is not; a slack
// of 0.095 leaves d = 0.005, accepted.
func TestAgreeMean(t *testing.T) {
	coin := Sample{Runs: 10000, Mean: 0.5, Variance: 0.25}
	tests := []struct {
		name                      string
		s                         Sample
		answer, slack, lo, hi     float64
		pass                      bool
		wantPValue, wantThreshold float64 // NaN: not checked
	}{
		{"right answer", coin, 0.5, 0, 0, 1, true, 1, math.Sqrt(math.Log(4000) / 20000)},
		{"near answer", coin, 0.51, 0, 0, 1, true, math.NaN(), math.NaN()},
		{"wrong answer", coin, 0.6, 0, 0, 1, false, math.NaN(), math.NaN()},
		{"wrong answer within the slack", coin, 0.6, 0.095, 0, 1, true, math.NaN(), math.NaN()},
		{"no runs", Sample{}, 0.6, 0, 0, 1, true, 1, math.NaN()},
		{"a point mass off the answer", Sample{Runs: 10, Mean: 2}, 2.5, 0, 2, 2, false, 0, math.NaN()},
		{"a point mass on the answer", Sample{Runs: 10, Mean: 2}, 2, 0, 2, 2, true, 1, math.NaN()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := AgreeMean(tt.s, tt.answer, tt.slack, tt.lo, tt.hi, 1e-3)
			if a.Pass != tt.pass || a.Pass != (a.PValue > a.Alpha) {
				t.Errorf("pass %v with p-value %v, want %v", a.Pass, a.PValue, tt.pass)
			}
			if !math.IsNaN(tt.wantPValue) && a.PValue != tt.wantPValue {
				t.Errorf("p-value %v, want %v", a.PValue, tt.wantPValue)
			}
			if !math.IsNaN(tt.wantThreshold) && math.Abs(a.Threshold-tt.wantThreshold) > 1e-12 {
				t.Errorf("threshold %v, want %v", a.Threshold, tt.wantThreshold)
			}
			if a.Test != TestMeanBounds || a.Answer != tt.answer || a.Slack != tt.slack || a.Runs != tt.s.Runs {
				t.Errorf("got %+v, want the test, answer, slack and runs given", a)
			}
			if tt.s.Runs > 0 && !(a.CILow <= tt.s.Mean && tt.s.Mean <= a.CIHigh) {
				t.Errorf("interval [%v, %v] misses the mean %v", a.CILow, a.CIHigh, tt.s.Mean)
			}
		})
	}
}

// AgreeProbability is AgreeKind over the tolerance's interval, with the
// answer and slack kept: the interval's ends decide, not the answer alone.
func TestAgreeProbability(t *testing.T) {
	a := AgreeProbability(600, 1000, 0.5, 0.1, 1e-6) // 0.6 is the interval's top
	b := AgreeKind(WinLoss, []float64{0.6, 0.4}, 0.2, []int64{400, 600}, 1e-6)
	if a.PValue != b.PValue || a.CILow != b.CILow || !a.Pass || a.Answer != 0.5 || a.Slack != 0.1 || a.Test != TestExactBinomial {
		t.Errorf("AgreeProbability %+v, AgreeKind %+v", a, b)
	}
	if c := AgreeProbability(600, 1000, 0.5, 0, 1e-6); c.Pass { // planted: no slack, 0.6 against 0.5 is 6.3σ
		t.Errorf("600 wins of 1000 passed against 0.5: %+v", c)
	}
}

// Answer and Slack survive JSON, and Agree's zeros are left out.
func TestAgreementJSONAnswer(t *testing.T) {
	a := AgreeMean(Sample{Runs: 100, Mean: 3, Variance: 1}, 3.25, 0.5, 0, 6, 1e-3)
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var back Agreement
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Answer != 3.25 || back.Slack != 0.5 {
		t.Errorf("answer %v, slack %v back from %s", back.Answer, back.Slack, b)
	}
	plain, err := json.Marshal(Agree([]float64{0.5, 0.5}, 0, []int64{50, 50}, 1e-3))
	if err != nil {
		t.Fatal(err)
	}
	var keys map[string]any
	if err := json.Unmarshal(plain, &keys); err != nil {
		t.Fatal(err)
	}
	if _, ok := keys["Answer"]; ok {
		t.Errorf("Agree's JSON has an Answer: %s", plain)
	}
}
