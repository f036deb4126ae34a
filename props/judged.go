package props

import (
	"fmt"
	"maps"
	"slices"
)

// Nothing passes that was not judged (issues 29 and 30): a run in which
// fewer than a share of the generated cases were judged — by the analyst, a
// brute force or a referee — ends with a verdict of its own, never a pass,
// on every route (check, stress, programs, report), by one rule and one
// flag, --min-judged.
//
// Why half by default: a case nobody could judge (out of everyone's time, a
// residue that reads back as no small fraction, an input outside what the
// oracle judges) is not a random one: it is the big, the slow, the one of
// a shape. A slip that shows only there passes every case judged; with
// fewer than half judged, "every case judged agreed" speaks for a minority
// of what was drawn, and a run that looks like a pass (26 judged, 74 not:
// the 26 were exactly those where the slip happens to be right) is not one.
// From half up, the judged cases are at least as many as the others, and
// the run says how many were not judged and, where the game has classes,
// which class was never judged. 0 keeps the one rule that holds whatever
// the flag: a run that judged no generated case never passes.

// DefaultMinJudged is --min-judged's default: the least share of the
// generated cases a run must judge to pass.
const DefaultMinJudged = 0.5

// JudgedShare is how many of a run's generated cases were judged, of how
// many, against the least share a pass needs.
type JudgedShare struct {
	Judged, Of int
	Min        float64 // the least share, --min-judged
}

// TooFew reports whether the run judged too few cases to pass: none at all,
// or fewer than Min of Of.
func (j JudgedShare) TooFew() bool {
	return j.Judged <= 0 || float64(j.Judged) < j.Min*float64(j.Of)
}

// String says the share and why it does not pass, for a verdict line:
// "judged 26 of 100: too few to pass (--min-judged 0.5)".
func (j JudgedShare) String() string {
	switch {
	case j.Of <= 0:
		return "judged no generated case: nothing judged is no pass"
	case j.Judged <= 0:
		return fmt.Sprintf("judged 0 of %d: nothing judged is no pass", j.Of)
	}
	return fmt.Sprintf("judged %d of %d: too few to pass (--min-judged %g)", j.Judged, j.Of, j.Min)
}

// CheckMinJudged refuses a --min-judged outside [0, 1].
func CheckMinJudged(min float64) error {
	if !(min >= 0 && min <= 1) {
		return fmt.Errorf("--min-judged %v: want a share between 0 and 1 (%g by default)", min, DefaultMinJudged)
	}
	return nil
}

// NeverJudged names the classes of which no case was judged while some
// were not, with how many were not, in name order: "no board of class
// limits was judged (7 not judged)". judged and notJudged count cases per
// class. A game without classes (every case in one class) has none to
// name: its share says it all.
func NeverJudged(judged, notJudged map[string]int) []string {
	if len(judged)+len(notJudged) < 2 {
		return nil
	}
	var out []string
	for _, c := range slices.Sorted(maps.Keys(notJudged)) {
		if notJudged[c] > 0 && judged[c] == 0 {
			out = append(out, fmt.Sprintf("no board of class %s was judged (%d not judged)", c, notJudged[c]))
		}
	}
	return out
}
