package programs

import (
	"fmt"
	"math"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/props"
)

// answerJudge is a game's judge, picked from its kind of answer
// (GameSpec.answerJudge) as props picks one for a game it defines
// (props/answer_judge.go): how the brute force's answer is read, how the
// solver's is compared with it and scored, and how a brute force's answer
// agrees with the mean of the distribution printed after it. Stress and
// Game ask it and never the kind, so a new kind of answer stays in the
// answer package and here.
type answerJudge interface {
	// readBrute reads the brute force's one answer (without a
	// distribution) as the game's solution.
	readBrute(g GameSpec, out []byte) (props.Solution, error)
	// score is the solver's error score against the brute force's answer
	// of f.
	score(f *Failure) float64
	// text says how the solver's answer is compared with the brute force's.
	text() string
	// meanRule is how a brute force's answer agrees with the mean of its
	// distribution (agrees), and the rule in words for the error.
	meanRule() (agrees func(mean, answer float64) bool, text string)
	// residueHint says, for an answer x that may be a residue printed
	// where a float is asked (an integer far outside the outcomes' range
	// [lo, hi]), that it may be; "" otherwise.
	residueHint(x, lo, hi float64) string
	// exact reports whether an answer is right or wrong with nothing
	// between (an error score of 0 or +Inf).
	exact() bool
}

// answerJudge is g's judge: the answer package's exact comparison for an
// exact kind, else g's Tolerance.
func (g *GameSpec) answerJudge() answerJudge {
	if r := g.rule(); r.Kind.Exact() {
		return exactJudge{r}
	}
	return floatJudge{g.Tolerance}
}

// exactJudge judges an answer of an exact kind: the brute force prints the
// exact answer (p/q or an integer), and the solver's is compared with it
// exactly.
type exactJudge struct{ r answer.Rule }

func (exactJudge) readBrute(g GameSpec, out []byte) (props.Solution, error) {
	return exactSolution(g, out)
}

func (j exactJudge) score(f *Failure) float64 {
	if j.r.Accepts(f.BruteValue, f.AnswerValue, answer.Tolerance{}) {
		return 0
	}
	return math.Inf(1)
}

func (j exactJudge) text() string { return "compared exactly, as " + j.r.String() }

// meanRule: the probabilities are printed as decimals, so the mean is
// near the exact answer, within 1e-9 relative.
func (exactJudge) meanRule() (func(mean, answer float64) bool, string) {
	return func(mean, answer float64) bool { return math.Abs(mean-answer) <= 1e-9*math.Max(1, math.Abs(answer)) }, "1e-9 relative"
}

func (exactJudge) residueHint(float64, float64, float64) string { return "" }

func (exactJudge) exact() bool { return true }

// floatJudge judges a float answer: one decimal number, within the
// tolerance.
type floatJudge struct{ tol answer.Tolerance }

func (floatJudge) readBrute(g GameSpec, out []byte) (props.Solution, error) {
	v, err := props.ParseAnswerLines(out, 1, props.OneNumber)
	if err != nil {
		return props.Solution{}, fmt.Errorf("the brute force %s: %w", g.Brute, err)
	}
	return props.Solution{Value: v[0]}, nil
}

func (j floatJudge) score(f *Failure) float64 { return props.ToleranceScore(j.tol, f.Brute, f.Answer) }

func (j floatJudge) text() string { return j.tol.String() }

func (j floatJudge) meanRule() (func(mean, answer float64) bool, string) {
	return j.tol.Accepts, j.tol.String()
}

func (floatJudge) residueHint(x, lo, hi float64) string {
	if x != math.Trunc(x) || math.Abs(x) < 1e4 || math.Abs(x) <= 10*math.Max(math.Abs(lo), math.Abs(hi)) {
		return ""
	}
	return fmt.Sprintf("hint: the solver's answer %.0f is an integer far outside the outcomes' range [%g, %g]: if the problem asks for the answer modulo a prime, say so with --modulus P (for example 998244353)", x, lo, hi)
}

func (floatJudge) exact() bool { return false }
