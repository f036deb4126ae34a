package props

import (
	"bufio"
	"fmt"
	"io"

	"github.com/chancecheck/chancecheck/answer"
)

// answerJudge is one game's judge, picked once by Define from its kind of
// answer (pickJudge): how the game prints, reads and compares answers and
// what a wrong one's failure says. The harness asks it and never the kind,
// so a new kind of answer or rule of reading one stays in the answer
// package and here.
type answerJudge interface {
	Judge
	// write prints answers in the original output format, digits decimals
	// for a float.
	write(w io.Writer, sols []Solution, digits int) error
	// wrong says why theirs is not the answer ours of case i (from 0).
	wrong(i int, ours Solution, theirs answer.Value) string
	// show prints a solution's answer for a message: the exact value (and
	// a residue's fraction) or the float to 12 digits.
	show(s Solution) string
	// text says the judge's rule in a few words (Game.JudgeRule).
	text() string
	// exact reports whether an answer is right or wrong with nothing
	// between (ErrorScore's 0 or +Inf).
	exact() bool
}

// pickJudge is s's judge: the answer package's exact comparison for an
// exact kind, else the Spec's own hooks or its Tolerance.
func pickJudge[B any](s Spec[B]) answerJudge {
	if r := (answer.Rule{Kind: s.AnswerKind, Modulus: s.Modulus}); r.Kind.Exact() {
		return exactJudge{r}
	}
	return floatJudge{tol: s.Tolerance, parse: s.ParseAnswers, agrees: s.Agrees, print: s.WriteAnswers, rule: s.JudgeRule}
}

// exactJudge judges an answer of an exact kind: printed one a line, read
// by the answer package and compared exactly.
type exactJudge struct{ r answer.Rule }

func (j exactJudge) ParseAnswers(out []byte, n int) ([]answer.Value, error) {
	return parseExact(j.r, out, n)
}

func (j exactJudge) Agrees(ours Solution, theirs answer.Value, _ bool) bool {
	return ours.Exact.Exact != nil && j.r.Accepts(ours.Exact, theirs, Tolerance{})
}

func (j exactJudge) write(w io.Writer, sols []Solution, _ int) error {
	return writeExactAnswers(w, sols)
}

func (j exactJudge) wrong(i int, ours Solution, theirs answer.Value) string {
	return fmt.Sprintf("case %d: %s, want %s (%s, compared exactly)", i+1, theirs, j.r.Format(ours.Exact, ours.Fraction), j.r)
}

func (j exactJudge) show(s Solution) string { return j.r.Format(s.Exact, s.Fraction) }

func (j exactJudge) text() string { return j.r.String() + ", compared exactly" }

func (exactJudge) exact() bool { return true }

// floatJudge judges a float answer by the Spec's hooks where it sets them,
// else one number a line within its Tolerance.
type floatJudge struct {
	tol    Tolerance
	parse  func(out []byte, n int) ([]float64, error)
	agrees func(ours Solution, theirs float64, fullPrecision bool) bool
	print  func(w io.Writer, sols []Solution, digits int) error
	rule   string // Spec.JudgeRule
}

func (j floatJudge) ParseAnswers(out []byte, n int) ([]answer.Value, error) {
	var floats []float64
	var err error
	if j.parse != nil {
		floats, err = j.parse(out, n)
	} else {
		floats, err = ParseAnswerLines(out, n, OneNumber)
	}
	if err != nil {
		return nil, err
	}
	return floatValues(floats), nil
}

func (j floatJudge) Agrees(ours Solution, theirs answer.Value, fullPrecision bool) bool {
	if j.agrees != nil {
		return j.agrees(ours, theirs.Float64(), fullPrecision)
	}
	return j.tol.Accepts(ours.Value, theirs.Float64())
}

func (j floatJudge) write(w io.Writer, sols []Solution, digits int) error {
	if j.print != nil {
		return j.print(w, sols, digits)
	}
	bw := bufio.NewWriter(w)
	for _, s := range sols {
		fmt.Fprintf(bw, "%.*f\n", digits, s.Value)
	}
	return bw.Flush()
}

func (j floatJudge) wrong(i int, ours Solution, theirs answer.Value) string {
	detail := fmt.Sprintf("case %d: %v, want %v", i+1, theirs.Float64(), ours.Value)
	if hint := residueHint(ours.Value, theirs.Float64()); hint != "" {
		detail += "\n" + hint
	}
	return detail
}

func (floatJudge) show(s Solution) string { return fmt.Sprintf("%.12g", s.Value) }

func (j floatJudge) text() string {
	switch {
	case j.rule != "":
		return j.rule
	case j.agrees != nil:
		return "the game's own rule"
	}
	return j.tol.String()
}

func (floatJudge) exact() bool { return false }

// floatValues are floats as answers of the float kind, for a Judge whose
// reading of the output is a Spec's (Spec.ParseAnswers).
func floatValues(floats []float64) []answer.Value {
	values := make([]answer.Value, len(floats))
	for i, f := range floats {
		values[i] = answer.FloatValue(f)
	}
	return values
}

// float64s are answers as float64, as a Failure and the JSON output carry
// them (an exact value rounded to the nearest float64: exact below 2⁵³,
// every residue modulo a prime below it).
func float64s(values []answer.Value) []float64 {
	if values == nil {
		return nil
	}
	floats := make([]float64, len(values))
	for i, v := range values {
		floats[i] = v.Float64()
	}
	return floats
}

// value is s's answer as a solver would give it: its exact value for an
// exact kind (Exact), else the float Value.
func (s Solution) value() answer.Value {
	if s.Exact.Exact != nil {
		return s.Exact
	}
	return answer.FloatValue(s.Value)
}
