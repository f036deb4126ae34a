package props

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/chancecheck/chancecheck/answer"
)

// This file holds what a game whose answer is of an exact kind
// (Spec.AnswerKind: an integer, a fraction, a residue modulo a prime) does
// differently: the exact answer from the game's fraction, printed and read
// by the answer package, and compared exactly.

// AnswerRule is the kind of answer the game asks for.
func (d defined[B, P]) AnswerRule() answer.Rule {
	return answer.Rule{Kind: d.spec.AnswerKind, Modulus: d.spec.Modulus}
}

// checkAnswerKind says what is wrong with s's kind of answer, or "".
func checkAnswerKind[B any](s Spec[B]) string {
	r := answer.Rule{Kind: s.AnswerKind, Modulus: s.Modulus}
	if err := r.Validate(); err != nil {
		return err.Error()
	}
	if r.Kind.Exact() && (s.Tolerance != Tolerance{} || s.Agrees != nil || s.ParseAnswers != nil || s.WriteAnswers != nil) {
		return fmt.Sprintf("an answer of kind %s is compared exactly and printed one a line: leave Tolerance, Agrees, ParseAnswers and WriteAnswers unset", r.Kind)
	}
	return ""
}

// withExact fills in sol.Exact for an exact kind of answer, from the
// analyst's fraction or the game's Fraction. A fraction with no residue
// is a board nobody can judge (ErrCannotJudge).
func (d defined[B, P]) withExact(b B, sol Solution) (Solution, error) {
	r := d.AnswerRule()
	if !d.judge.exact() || sol.Exact.Exact != nil {
		return sol, nil
	}
	frac := sol.Fraction
	if frac == nil && d.spec.Fraction != nil {
		var err error
		if frac, err = d.spec.Fraction(b); err != nil {
			return Solution{}, fmt.Errorf("%s: the exact fraction: %w", d.spec.Name, err)
		}
	}
	if frac == nil {
		return Solution{}, fmt.Errorf("%s: %w: an answer of kind %s needs the exact fraction (Solution.Fraction or Spec.Fraction), and the analyst gave none on this board (too large for exact fractions? the rules engine solves in big.Rat up to RulesOf.Engine.ExactStates states)", d.spec.Name, ErrCannotJudge, r.Kind)
	}
	v, err := r.FromRat(frac)
	if errors.Is(err, answer.ErrNoResidue) {
		return Solution{}, fmt.Errorf("%s: %w: %w (the problem promises a denominator prime to the modulus)", d.spec.Name, ErrCannotJudge, err)
	}
	if err != nil {
		return Solution{}, fmt.Errorf("%s: %w", d.spec.Name, err)
	}
	sol.Fraction, sol.Exact = frac, v
	return sol, nil
}

// writeExactAnswers prints exact answers one a line, as a correct solver
// prints them.
func writeExactAnswers(w io.Writer, sols []Solution) error {
	bw := bufio.NewWriter(w)
	for i, s := range sols {
		if s.Exact.Exact == nil {
			return fmt.Errorf("answer %d: no exact answer", i+1)
		}
		fmt.Fprintln(bw, s.Exact.String())
	}
	return bw.Flush()
}

// parseExact reads n exact answers of kind r, one a line; every problem
// is a *FormatError.
func parseExact(r answer.Rule, out []byte, n int) ([]answer.Value, error) {
	values, err := r.ParseLines(out, n)
	var se *answer.SyntaxError
	if errors.As(err, &se) {
		return nil, &FormatError{Line: se.Line, Msg: se.Msg}
	}
	return values, err
}

// residueHint says, for a float answer that is an integer far from ours,
// that it may be a residue modulo a prime; "" otherwise.
func residueHint(ours, theirs float64) string {
	if theirs != math.Trunc(theirs) || math.Abs(theirs) < 1e4 || math.Abs(theirs) <= 10*math.Max(1, math.Abs(ours)) {
		return ""
	}
	return fmt.Sprintf("hint: %.0f is an integer far from the answer %.6g: if the problem asks for the answer modulo a prime, the game says so (Spec.AnswerKind answer.Residue and Modulus; --modulus P for a game defined by programs)", theirs, ours)
}

// ExactText is the exact answer of the failing board as the output shows
// it, "389939233 (= 2087/64 mod 998244353)", or "" for a float answer.
func (f *Failure) ExactText(g Game) string {
	i := max(f.Index, 0)
	if i >= len(f.Ours) || f.Ours[i].Exact.Exact == nil { // a float answer has no exact value
		return ""
	}
	return g.AnswerRule().Format(f.Ours[i].Exact, f.Ours[i].Fraction)
}
