package programs

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/chancecheck/chancecheck/montecarlo/estimate"
)

// falseAlarmBound is the most rejections of reps checks at level alpha
// that the claim "the false-alarm rate is at most alpha" allows: the
// smallest k with P(Binomial(reps, alpha) ≥ k) ≤ 1e-6. The draws are
// seeded, so a test that uses it is not flaky: it passes or fails always.
func falseAlarmBound(reps int64, alpha float64) int64 {
	k := int64(math.Ceil(float64(reps) * alpha))
	for 1-estimate.BinomialCDF(k-1, reps, alpha) > 1e-6 {
		k++
	}
	return k
}

// drawTally draws n outcomes from values with probabilities probs.
func drawTally(rng *rand.Rand, n int, values, probs []float64) Tally {
	var s Tally
	for range n {
		u, i := rng.Float64(), 0
		for ; i < len(probs)-1 && u >= probs[i]; i++ {
			u -= probs[i]
		}
		s.add(values[i], 1)
	}
	return s
}

// The statistical judgements keep their false-alarm rate at most alpha
// when the referee plays a distribution whose mean is the answer (or
// within the tolerance of it): many checks at alpha = 0.01, counted.
func TestAgreementFalseAlarmRate(t *testing.T) {
	const (
		alpha = 0.01
		reps  = 4000
	)
	tests := []struct {
		name          string
		kind          Quantity
		values, probs []float64
		n             int
		offset, slack float64 // the answer is the true mean + offset, judged with slack
	}{
		{"probability 0.3", Probability, []float64{0, 1}, []float64{0.7, 0.3}, 500, 0, 0},
		{"probability 0.02", Probability, []float64{0, 1}, []float64{0.98, 0.02}, 300, 0, 0},
		{"probability 0.5, off within the tolerance", Probability, []float64{0, 1}, []float64{0.5, 0.5}, 400, 0.01, 0.01},
		{"skewed expectation", Expectation, []float64{0, 1, 10}, []float64{0.5, 0.45, 0.05}, 300, 0, 0},
		{"expectation, off within the tolerance", Expectation, []float64{2, 3}, []float64{0.5, 0.5}, 200, -0.05, 0.05},
		{"expectation of few runs", Expectation, []float64{0, 5}, []float64{0.5, 0.5}, 3, 0, 0},
	}
	bound := falseAlarmBound(reps, alpha)
	for ti, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(ti), 7))
			var mean float64
			for i, v := range tt.values {
				mean += v * tt.probs[i]
			}
			lo, hi := tt.values[0], tt.values[len(tt.values)-1]
			var rejected int64
			for range reps {
				s := drawTally(rng, tt.n, tt.values, tt.probs)
				var j estimate.Agreement
				if tt.kind == Probability {
					j = judgeProbability(s, mean+tt.offset, tt.slack, alpha)
				} else {
					j = judgeExpectation(s, mean+tt.offset, tt.slack, alpha, lo, hi)
				}
				if !j.Pass {
					rejected++
				}
			}
			t.Logf("%d of %d checks rejected at α = %v (at most %d allowed)", rejected, reps, alpha, bound)
			if rejected > bound {
				t.Errorf("%d of %d checks rejected a right answer at α = %v: more than the %d the rate allows", rejected, reps, alpha, bound)
			}
		})
	}
}

// The same judgements reject a wrong answer: an answer off by more than
// the smallest difference the check could see is rejected at least half
// the time (here, nearly always).
func TestAgreementCatchesWrongAnswers(t *testing.T) {
	const alpha = 0.01
	tests := []struct {
		name          string
		kind          Quantity
		values, probs []float64
		n             int
		offset        float64
	}{
		{"probability 0.3 said 0.36", Probability, []float64{0, 1}, []float64{0.7, 0.3}, 2000, 0.06},
		{"expectation 0.95 said 1.2", Expectation, []float64{0, 1, 10}, []float64{0.5, 0.45, 0.05}, 20000, 0.25},
		{"expectation 2.5 said 2.45", Expectation, []float64{2, 3}, []float64{0.5, 0.5}, 20000, -0.05},
	}
	for ti, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(ti), 8))
			var mean float64
			for i, v := range tt.values {
				mean += v * tt.probs[i]
			}
			lo, hi := tt.values[0], tt.values[len(tt.values)-1]
			rejected := 0
			for range 50 {
				s := drawTally(rng, tt.n, tt.values, tt.probs)
				var j estimate.Agreement
				if tt.kind == Probability {
					j = judgeProbability(s, mean+tt.offset, 0, alpha)
				} else {
					j = judgeExpectation(s, mean+tt.offset, 0, alpha, lo, hi)
				}
				if j.MinDetectable >= math.Abs(tt.offset) {
					t.Fatalf("the check could see only %v, the answer is off by %v: a test of nothing", j.MinDetectable, tt.offset)
				}
				if !j.Pass {
					rejected++
				}
			}
			if rejected < 45 {
				t.Errorf("a wrong answer rejected in %d of 50 checks", rejected)
			}
		})
	}
}

// The false-alarm count can fail: a planted invalid test, Hoeffding's bound
// with the range read off the sample instead of stated (the assumption the
// user must give), rejects a right answer far more often than alpha on a
// skewed distribution, whose rare large outcome most samples miss.
func TestFalseAlarmCountCatchesAnInvalidTest(t *testing.T) {
	const (
		alpha = 0.01
		reps  = 4000
	)
	rng := rand.New(rand.NewPCG(3, 9))
	values, probs := []float64{0, 1, 10}, []float64{0.5, 0.45, 0.05}
	var rejected int64
	for range reps {
		s := drawTally(rng, 30, values, probs)
		if j := judgeExpectation(s, 0.95, 0, alpha, s.Min, s.Max); !j.Pass {
			rejected++
		}
	}
	t.Logf("the planted test rejected %d of %d right answers at α = %v", rejected, reps, alpha)
	if bound := falseAlarmBound(reps, alpha); rejected <= bound {
		t.Errorf("the planted test rejected %d of %d right answers, within the %d allowed: the count cannot tell a broken test", rejected, reps, bound)
	}
}
