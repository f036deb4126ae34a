package programs

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/props"
)

// This file holds what a stress run does with answers of an exact kind
// (Stress.Answer): integers and fractions compared exactly, residues modulo
// a prime compared exactly with a brute force's and, with none, read back
// as the one small fraction they stand for, so that the referee can judge
// them.

// rule is the run's kind of answer (the zero Rule: a float).
func (g *GameSpec) rule() answer.Rule { return g.Answer }

// Bounds are the bounds under which a residue is read back as a fraction
// for the referee, from the range of the outcomes and MaxDenominator; an
// error for another kind of answer, or bounds that do not exist.
func (s *Stress) Bounds() (answer.Bounds, error) {
	switch {
	case !s.rule().ReadsBack():
		return answer.Bounds{}, fmt.Errorf("stress: %s is not read back as a fraction", s.rule())
	case !s.hasRange():
		return answer.Bounds{}, errors.New("stress: no range of outcomes is stated: a residue is not read back as a fraction")
	}
	return s.bounds()
}

// validateAnswer checks the answer's kind against the rest of the run.
func (s *Stress) validateAnswer() error {
	r := s.rule()
	if err := r.Validate(); err != nil {
		return fmt.Errorf("stress: %w", err)
	}
	switch {
	case r.Kind.Exact() && s.SolverDistribution:
		return fmt.Errorf("stress: a solver's distribution goes with a float answer, not %s", r)
	case s.MaxDenominator < 0:
		return errors.New("stress: the largest denominator must not be negative")
	case s.MaxDenominator > 0 && !r.ReadsBack():
		return fmt.Errorf("stress: a largest denominator goes with a residue, not %s", r)
	case r.ReadsBack():
		if _, err := s.bounds(); err != nil {
			return fmt.Errorf("stress: %w", err)
		}
	}
	return nil
}

// readSolverAnswer reads the solver's one answer of the run's kind.
func (s *Stress) readSolverAnswer(out []byte) (distribution, error) {
	values, err := s.rule().ParseLines(out, 1)
	if err != nil {
		var se *answer.SyntaxError
		if errors.As(err, &se) {
			return distribution{}, &props.FormatError{Line: se.Line, Msg: se.Msg}
		}
		return distribution{}, err
	}
	return distribution{Answer: values[0].Float64(), Value: values[0]}, nil
}

// bruteAnswer is the brute force's answer as read.
type bruteAnswer struct {
	value answer.Value // of the run's kind
	frac  *big.Rat     // the exact fraction, when the brute force printed one (or an integer or fraction kind)
}

// readBrute reads the brute force's answer (answer.Rule.ParseExact): for
// a float kind, one decimal number; for an exact kind, p/q or an integer,
// turned into the answer a correct solver prints. A fraction whose
// denominator the modulus divides is a fault of its own, of the input
// (the generator's): the problem promises it never happens.
func (g *GameSpec) readBrute(out []byte) (bruteAnswer, *Fault) {
	r := g.rule()
	bad := func(msg string) *Fault {
		return &Fault{Role: RoleBrute, Verdict: props.OutputFormat, Command: g.Brute.String(), Detail: msg}
	}
	v, x, err := r.ParseExact(out)
	switch {
	case errors.Is(err, answer.ErrNoResidue):
		return bruteAnswer{}, &Fault{Role: RoleGenerator, Verdict: props.OutputFormat, Command: g.Brute.String(),
			Detail: fmt.Sprintf("the brute force's answer %s has no residue modulo %d (%v): the problem promises a denominator prime to the modulus, so the generator made an input outside the problem (or the brute force is wrong)", x.RatString(), r.Modulus, err)}
	case err != nil:
		return bruteAnswer{}, bad(err.Error())
	}
	return bruteAnswer{value: v, frac: x}, nil
}

// target is the value the referee's runs are tested against, for f:
// the brute force's answer where it gave one (and the solver gave no
// distribution), else the solver's; for an exact kind, the exact value
// (a residue's fraction, as printed by the brute force or read back from
// the residue). ok is false when a residue reads back as no fraction
// within the bounds: then the referee cannot judge it, and why says so.
func (s *Stress) target(f *Failure) (value float64, ok bool, why string) {
	fromBrute := f.HasBrute && !s.SolverDistribution
	v, frac := f.AnswerValue, f.Fraction
	who := "the solver's"
	if fromBrute {
		v, frac, who = f.BruteValue, f.BruteFraction, "the brute force's"
	}
	if frac == nil && s.rule().ReadsBack() {
		if off := s.ReadBackOff(); off != "" {
			return 0, false, off
		}
		b, err := s.bounds()
		if err != nil { // validateAnswer checked them
			return 0, false, err.Error()
		}
		res := v.Exact.Num().Int64()
		x, found := b.Read(res)
		if !found {
			return 0, false, fmt.Sprintf("%s residue %d is the residue of no fraction %s, the bounds that make it unique: this input cannot be judged by simulation (give a brute force, or a larger --max-denominator at a larger risk of coincidence)", who, res, b)
		}
		frac = x
		f.ReadBack = true
		if fromBrute {
			f.BruteFraction = x
		} else {
			f.Fraction = x
		}
	}
	if frac != nil {
		x, _ := frac.Float64()
		return x, true, ""
	}
	return v.Float64(), true, ""
}

// bruteAgrees reports whether the solver's answer is the brute force's by
// the run's rule: exactly for an exact kind, by Tolerance for a float.
func (s *Stress) bruteAgrees(f *Failure) bool {
	return s.rule().Accepts(f.BruteValue, f.AnswerValue, s.Tolerance)
}

// show prints an answer of the run's kind with its fraction where known:
// "389939233 (= 2087/64 mod 998244353)"; a float to 12 digits.
func (s *Stress) show(v answer.Value, frac *big.Rat) string { return s.rule().Show(v, frac, 12) }

// ShowAnswer is the solver's answer of f as the output shows it, with
// the fraction it stands for where known.
func (s *Stress) ShowAnswer(f *Failure) string { return s.show(f.AnswerValue, f.Fraction) }

// ShowBrute is the brute force's answer of f as the output shows it.
func (s *Stress) ShowBrute(f *Failure) string { return s.show(f.BruteValue, f.BruteFraction) }

// residueHint says, for a float answer that is an integer far outside the
// range of the outcomes, that it may be a residue; "" otherwise.
func (s *Stress) residueHint(x float64) string {
	lo, hi := s.outcomeRange()
	return s.answerJudge().residueHint(x, lo, hi)
}

// readBack is the fraction within the bounds a residue stands for, or nil
// (for another kind, too).
func (s *Stress) readBack(v answer.Value) *big.Rat {
	if !s.rule().ReadsBack() || v.Exact == nil {
		return nil
	}
	b, err := s.bounds()
	if err != nil {
		return nil
	}
	x, _ := b.Read(v.Exact.Num().Int64())
	return x
}

// judgeRule says how the solver's answer is compared with the brute
// force's.
func (s *Stress) judgeRule() string { return s.answerJudge().text() }

// ResidueHint is the hint for f's answer that it may be a residue (a float
// answer that is an integer far outside the outcomes' range), or "".
func (s *Stress) ResidueHint(f *Failure) string {
	if !f.HasAnswer {
		return ""
	}
	return s.residueHint(f.Answer)
}

// against is the distribution the referee's outcomes are tested against
// for f: the solver's (SolverDistribution), the brute force's where it
// gave one (BruteDistribution), else nil (the test of the mean within the
// stated range).
func (s *Stress) against(f *Failure) *distribution {
	switch {
	case s.SolverDistribution:
		return &f.dist
	case s.BruteDistribution && f.HasBrute && f.bruteDist != nil:
		return f.bruteDist
	}
	return nil
}

// hasRange reports whether a range of outcomes is stated (a probability's
// is [0, 1]).
func (s *Stress) hasRange() bool { return s.Quantity == Probability || s.MaxOutcome > s.MinOutcome }

// readBruteDistribution reads the brute force's answer (readBrute) and,
// after it, its distribution of outcomes, "outcome probability" lines. With
// nothing left out, the answer must be the distribution's mean: within
// the tolerance for a float, within 1e-9 relative for an exact answer (the
// probabilities are printed as decimals).
func (g *GameSpec) readBruteDistribution(out []byte) (bruteAnswer, *distribution, *Fault) {
	var b bruteAnswer
	var fault *Fault
	agrees, rule := g.answerJudge().meanRule()
	d, err := parseDistributionAfter(out, func(line []byte) (distribution, error) {
		if b, fault = g.readBrute(line); fault != nil {
			return distribution{}, errors.New(fault.Detail)
		}
		x := b.value.Float64()
		switch {
		case b.frac != nil:
			x, _ = b.frac.Float64()
		case g.rule().ReadsBack():
			return distribution{}, errors.New("a residue's brute force prints its answer as p/q before its distribution, whose mean it is")
		}
		return distribution{Answer: x, Value: b.value}, nil
	}, agrees, "--brute-distribution", rule)
	switch {
	case fault != nil:
		return b, nil, fault
	case err != nil:
		return b, nil, &Fault{Role: RoleBrute, Verdict: props.OutputFormat, Command: g.Brute.String(), Detail: err.Error()}
	}
	return b, &d, nil
}

// readAnswer reads the solver's output: one answer of the run's kind
// (readSolverAnswer), or with SolverDistribution (a float answer's) the
// answer and its distribution.
func (s *Stress) readAnswer(out []byte) (distribution, error) {
	if s.SolverDistribution {
		return parseDistribution(out, s.Tolerance)
	}
	return s.readSolverAnswer(out)
}
