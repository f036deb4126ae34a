package programs

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/answer"
)

// TestAnswerJudge: each kind's judge scores, describes and hints as its
// rule says. The cases are hand-derived: 1/3 is 332748118 modulo
// 998244353 (3·332748118 = 998244354 ≡ 1); a float within the default
// 1e-6 scores its error over the tolerance, below 1.
func TestAnswerJudge(t *testing.T) {
	third := big.NewRat(1, 3)
	residue := answer.Rule{Kind: answer.Residue, Modulus: 998244353}
	exact := func(r answer.Rule, x *big.Rat) answer.Value {
		v, err := r.FromRat(x)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct {
		name      string
		spec      GameSpec
		brute, by answer.Value // the brute force's answer, the solver's
		score     func(float64) bool
		text      string
		meanOK    [2]float64 // a mean and an answer its rule accepts
		meanBad   [2]float64 // and one it refuses
		hint      bool       // whether 12345678 far outside [0, 1] is hinted as a residue
	}{
		{"float right", GameSpec{}, answer.FloatValue(0.5), answer.FloatValue(0.5 + 5e-7),
			func(s float64) bool { return s > 0 && s < 1 }, "absolute or relative error ≤ 1e-06", [2]float64{0.5, 0.5 + 5e-7}, [2]float64{0.5, 0.5 + 1e-5}, true},
		{"float wrong", GameSpec{}, answer.FloatValue(0.5), answer.FloatValue(0.6),
			func(s float64) bool { return s > 1 && !math.IsInf(s, 1) }, "absolute or relative error ≤ 1e-06", [2]float64{1, 1}, [2]float64{1, 1.1}, true},
		{"residue right", GameSpec{Answer: residue}, exact(residue, third), exact(residue, third),
			func(s float64) bool { return s == 0 }, "compared exactly, as a residue modulo 998244353", [2]float64{1.0 / 3, 1.0/3 + 1e-10}, [2]float64{1.0 / 3, 1.0/3 + 1e-8}, false},
		{"fraction wrong", GameSpec{Answer: answer.Rule{Kind: answer.Fraction}}, exact(answer.Rule{Kind: answer.Fraction}, third), exact(answer.Rule{Kind: answer.Fraction}, big.NewRat(1, 2)),
			func(s float64) bool { return math.IsInf(s, 1) }, "compared exactly, as an exact fraction p/q", [2]float64{2, 2}, [2]float64{2, 2.001}, false},
	} {
		j := c.spec.answerJudge()
		f := &Failure{Brute: c.brute.Float64(), BruteValue: c.brute, Answer: c.by.Float64(), AnswerValue: c.by}
		if s := j.score(f); !c.score(s) {
			t.Errorf("%s: score %v", c.name, s)
		}
		if got := j.text(); got != c.text {
			t.Errorf("%s: text %q, want %q", c.name, got, c.text)
		}
		agrees, _ := j.meanRule()
		if !agrees(c.meanOK[0], c.meanOK[1]) || agrees(c.meanBad[0], c.meanBad[1]) {
			t.Errorf("%s: the mean rule accepts %v: %v, %v: %v", c.name, c.meanOK, agrees(c.meanOK[0], c.meanOK[1]), c.meanBad, agrees(c.meanBad[0], c.meanBad[1]))
		}
		if hint := j.residueHint(12345678, 0, 1); (hint != "") != c.hint || c.hint && !strings.Contains(hint, "--modulus") {
			t.Errorf("%s: residue hint %q, want one: %v", c.name, hint, c.hint)
		}
		if j.exact() != c.spec.Answer.Kind.Exact() {
			t.Errorf("%s: exact() = %v", c.name, j.exact())
		}
	}
}
