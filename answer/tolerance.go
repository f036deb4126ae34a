package answer

import (
	"fmt"
	"math"
)

// DefaultTolerance is the judge's rule of a float answer whose Tolerance is
// zero: 1e-6, absolute or relative.
const DefaultTolerance = 1e-6

// Tolerance is a checker's rule for a float answer: accepted when
// |got − want| ≤ Abs, or ≤ Rel·|want|. A zero field is a rule not used,
// and the zero Tolerance is DefaultTolerance absolute or relative. An
// exact kind of answer has no tolerance (Rule.Accepts ignores it).
type Tolerance struct {
	Abs float64 // absolute error allowed; 0: no absolute rule
	Rel float64 // relative error allowed; 0: no relative rule
}

// orDefault is t, or the default rule for the zero Tolerance.
func (t Tolerance) orDefault() Tolerance {
	if t == (Tolerance{}) {
		return Tolerance{Abs: DefaultTolerance, Rel: DefaultTolerance}
	}
	return t
}

// Accepts reports whether got is within the tolerance of want. NaN and
// infinities are never accepted.
func (t Tolerance) Accepts(want, got float64) bool {
	t = t.orDefault()
	if math.IsNaN(got) || math.IsInf(got, 0) {
		return false
	}
	d := math.Abs(got - want)
	return t.Abs > 0 && d <= t.Abs || t.Rel > 0 && d <= t.Rel*math.Abs(want)
}

// Slack is the largest |got − want| the tolerance accepts at want:
// max(Abs, Rel·|want|).
func (t Tolerance) Slack(want float64) float64 {
	t = t.orDefault()
	return math.Max(t.Abs, t.Rel*math.Abs(want))
}

// String says the rule as a checker's statement would.
func (t Tolerance) String() string {
	t = t.orDefault()
	switch {
	case t.Abs > 0 && t.Rel > 0 && t.Abs == t.Rel:
		return fmt.Sprintf("absolute or relative error ≤ %g", t.Abs)
	case t.Abs > 0 && t.Rel > 0:
		return fmt.Sprintf("absolute error ≤ %g or relative error ≤ %g", t.Abs, t.Rel)
	case t.Abs > 0:
		return fmt.Sprintf("absolute error ≤ %g", t.Abs)
	}
	return fmt.Sprintf("relative error ≤ %g", t.Rel)
}
