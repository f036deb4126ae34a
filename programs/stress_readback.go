package programs

import (
	"errors"
	"fmt"

	"github.com/chancecheck/chancecheck/answer"
)

// This file holds what a verdict that rests on reading a residue back
// assumes, and how much of the run's false-alarm budget that costs. A
// residue read back as the one small fraction within answer.Bounds stands
// for that fraction only when the exact answer is such a fraction; the
// residue of a right answer with a larger denominator lands on one by
// coincidence with chance Bounds.Coincidence() an input, and the referee
// then rejects a right answer. That chance is a false alarm like a
// statistical one, so it is counted in Alpha (Budget.ReadBack), and a
// larger --max-denominator is granted only as far as Alpha allows.

// ErrOutsideRange is wrapped by the error of a referee outcome outside the
// stated range of outcomes (--min-outcome, --max-outcome).
var ErrOutsideRange = errors.New("an outcome outside the stated range")

// rangeError is a referee outcome outside the stated range: the user's
// assumption failing (or the referee wrong), not the referee's output
// format.
type rangeError struct {
	line            int
	outcome, lo, hi float64
}

func (e *rangeError) Error() string {
	return fmt.Sprintf("line %d: outcome %v outside the stated range [%v, %v] (--min-outcome, --max-outcome): the test's assumption does not hold", e.line, e.outcome, e.lo, e.hi)
}

func (e *rangeError) Unwrap() error { return ErrOutsideRange }

// readsBack reports whether residues may be read back as fractions in the
// run: a residue answer with a stated range of outcomes.
func (s *Stress) readsBack() bool {
	return s.rule().ReadsBack() && s.hasRange()
}

// readBackInputs bounds the inputs whose residue may be read back in a
// run: every case of the search, the re-confirmation and every shrinking
// try.
func (s *Stress) readBackInputs() int { return s.Cases + s.shrinkTries() + 1 }

// readBackLimit is the largest chance of a coincidence an input that the
// budget grants: half of Alpha over the run's inputs.
func (s *Stress) readBackLimit() float64 { return s.Alpha / 2 / float64(s.readBackInputs()) }

// askedBounds are the bounds the options ask for, before the budget's
// limit: MaxDenominator, or answer.NewBounds's default.
func (s *Stress) askedBounds() (answer.Bounds, error) {
	lo, hi := s.outcomeRange()
	return answer.NewBounds(s.Answer.Modulus, lo, hi, s.MaxDenominator)
}

// bounds are the read-back bounds in force: those asked for, with the
// denominator lowered where their chance of a coincidence over the run's
// inputs would take more than half of Alpha.
func (s *Stress) bounds() (answer.Bounds, error) {
	b, err := s.askedBounds()
	if err != nil {
		return b, err
	}
	if limit := s.readBackLimit(); b.Coincidence() > limit {
		b = b.Within(limit)
	}
	return b, nil
}

// ReadBackCapped says, when the denominator asked for (MaxDenominator)
// was lowered to keep the chance of a coincidence within the budget, what
// was asked and what is in force; "" otherwise.
func (s *Stress) ReadBackCapped() string {
	if !s.readsBack() {
		return ""
	}
	asked, err1 := s.askedBounds()
	b, err2 := s.bounds()
	if err1 != nil || err2 != nil || asked.D == b.D {
		return ""
	}
	n := s.readBackInputs()
	return fmt.Sprintf("--max-denominator %d asks for a chance of coincidence of %.2g an input, %.2g summed over the run's %d inputs: more than half of α = %.3g allows; residues are read back with q ≤ %d only (a larger --alpha, or fewer --cases and --shrink-tries, widens it)",
		asked.D, asked.Coincidence(), asked.Coincidence()*float64(n), n, s.Alpha, b.D)
}

// ReadBackOff is why residues are not read back at all, or "": even
// denominators of 1 (integers in the outcomes' range) would take more of
// α than the budget grants, with outcomes this large.
func (s *Stress) ReadBackOff() string {
	if !s.readsBack() {
		return ""
	}
	b, err := s.bounds()
	if err != nil || b.Coincidence() <= s.readBackLimit() {
		return ""
	}
	return fmt.Sprintf("residues are not read back in this run: with answers in [%g, %g], even integers alone would read back by coincidence with chance %.2g an input, above the %.2g that α grants (give a brute force, or a smaller --max-outcome)",
		b.Low, b.High, b.Coincidence(), s.readBackLimit())
}

// readBackShare is the part of Alpha that read-back coincidences take:
// the chance of one over the run's inputs; 0 when nothing is read back.
func (s *Stress) readBackShare() float64 {
	if !s.readsBack() || s.ReadBackOff() != "" {
		return 0
	}
	b, err := s.bounds()
	if err != nil {
		return 0
	}
	return b.Coincidence() * float64(s.readBackInputs())
}

// ReadBackAssumption says what f's verdict assumes when it rests on a
// residue read back as a fraction (Failure.ReadBack): the fraction, the
// bounds and the chance that a right answer reads back so by
// coincidence; "" for any other failure.
func (s *Stress) ReadBackAssumption(f *Failure) string {
	if !f.ReadBack {
		return ""
	}
	b, err := s.bounds()
	if err != nil {
		return ""
	}
	who, v, frac := "the solver's", f.AnswerValue, f.Fraction
	if f.HasBrute && !s.SolverDistribution {
		who, v, frac = "the brute force's", f.BruteValue, f.BruteFraction
	}
	if v.Exact == nil || frac == nil {
		return ""
	}
	return fmt.Sprintf("this verdict assumes that the exact answer is a small fraction: %s residue %s was read back as %s, the one fraction %s; "+
		"the residue of a right answer with a larger denominator reads back as such a fraction by coincidence with chance %.2g an input (counted in α); a brute force judges without this assumption",
		who, v.Exact.Num(), frac.RatString(), b, b.Coincidence())
}

// outsideObserved is why a read-back value x is no read-back for an
// expectation whose referee's outcomes all lay in [lo, hi]: a mean outside
// every outcome seen is not what the game produced, and the fraction is a
// coincidence far likelier than the referee's missing every outcome that
// would make it; "" when x is inside.
func outsideObserved(x, lo, hi float64, who string) string {
	if x >= lo && x <= hi {
		return ""
	}
	return fmt.Sprintf("%s residue reads back as %.9g, outside the outcomes [%g, %g] the referee's runs gave: no read-back (a coincidence of a larger denominator), so the referee cannot judge this input (give a brute force)", who, x, lo, hi)
}

// assumptionFlag names the flag whose stated bound the outcome of e
// broke.
func assumptionFlag(e *rangeError, lo float64) string {
	if e.outcome < lo {
		return "--min-outcome"
	}
	return "--max-outcome"
}

// AssumptionAdvice says what to do about a failed stated range of
// outcomes (Fault.Assumption).
func AssumptionAdvice(flag string) string {
	return fmt.Sprintf("the range of outcomes you stated (%s) is the assumption the expectation's test rests on, and an outcome broke it: "+
		"state a bound the rules guarantee; for outcomes with no bound, a brute force's distribution (--brute-distribution) needs none (docs/programs.md); "+
		"if the rules do bound the outcome there, the referee is wrong", flag)
}

// impossibleReadBack is why the residue read back as x for f is no
// read-back for an expectation tested against the mean: x lies outside
// every outcome the referee's runs gave (t); "" otherwise (and for every
// other test).
func (s *Stress) impossibleReadBack(f *Failure, x float64, t Tally) string {
	if !f.ReadBack || s.Quantity != Expectation || s.against(f) != nil {
		return ""
	}
	who := "the solver's"
	if f.HasBrute && !s.SolverDistribution {
		who = "the brute force's"
	}
	return outsideObserved(x, t.Min, t.Max, who)
}
