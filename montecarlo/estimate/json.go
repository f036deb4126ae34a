package estimate

import (
	"encoding/json"
	"math"
)

// agreementJSON mirrors Agreement with non-finite floats as JSON null.
type agreementJSON struct {
	Test          string
	Runs          int64
	Alpha         *float64
	Answer        *float64 `json:",omitempty"`
	Slack         *float64 `json:",omitempty"`
	Statistic     *float64
	Threshold     *float64
	PValue        *float64
	ExactMean     *float64
	SimMean       *float64
	CILow         *float64
	CIHigh        *float64
	Z             *float64
	MinDetectable *float64
	Pass          bool
}

// MarshalJSON writes an Agreement with its Go field names as keys. JSON has
// no NaN or ±Inf (encoding/json refuses them), so such values — Threshold of
// a binomial test, SimMean without runs, MinDetectable when nothing is
// detectable — are written as null. Answer and Slack are left out when
// zero (as Agree leaves them), so its JSON is what it was before they existed.
func (a Agreement) MarshalJSON() ([]byte, error) {
	return json.Marshal(agreementJSON{
		Test: a.Test, Runs: a.Runs, Pass: a.Pass,
		Alpha: finite(a.Alpha), Statistic: finite(a.Statistic), Threshold: finite(a.Threshold),
		PValue: finite(a.PValue), ExactMean: finite(a.ExactMean), SimMean: finite(a.SimMean),
		CILow: finite(a.CILow), CIHigh: finite(a.CIHigh), Z: finite(a.Z),
		MinDetectable: finite(a.MinDetectable),
		Answer:        nonZero(a.Answer), Slack: nonZero(a.Slack),
	})
}

// UnmarshalJSON reads what MarshalJSON writes; null becomes NaN, except
// where Agree's only non-finite value is +Inf: MinDetectable (nothing
// detectable) and a DKW Threshold (no runs).
func (a *Agreement) UnmarshalJSON(b []byte) error {
	var j agreementJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*a = Agreement{
		Test: j.Test, Runs: j.Runs, Pass: j.Pass,
		Alpha: orNaN(j.Alpha), Statistic: orNaN(j.Statistic), Threshold: orNaN(j.Threshold),
		PValue: orNaN(j.PValue), ExactMean: orNaN(j.ExactMean), SimMean: orNaN(j.SimMean),
		CILow: orNaN(j.CILow), CIHigh: orNaN(j.CIHigh), Z: orNaN(j.Z),
		MinDetectable: math.Inf(1),
		Answer:        orZero(j.Answer), Slack: orZero(j.Slack),
	}
	if j.MinDetectable != nil {
		a.MinDetectable = *j.MinDetectable
	}
	if j.Threshold == nil && j.Test == TestDKW {
		a.Threshold = math.Inf(1)
	}
	return nil
}

func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

func orNaN(p *float64) float64 {
	if p == nil {
		return math.NaN()
	}
	return *p
}

// nonZero is finite(x), and nil for 0 too.
func nonZero(x float64) *float64 {
	if x == 0 {
		return nil
	}
	return finite(x)
}

func orZero(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}
