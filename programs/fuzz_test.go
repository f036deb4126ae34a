package programs

import (
	"math"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/props"
)

// ParseParams never panics, and what it accepts reads back the same from
// its own String form.
func FuzzParseParams(f *testing.F) {
	for _, s := range []string{"n=1..30 k=0..5", "m=7", "x=-3..-1", "n=", "=1", "n=1..", "n=..2", "n=1..2..3", "a=1 a=2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		params, err := ParseParams(s)
		if err != nil {
			return
		}
		var parts []string
		for _, p := range params {
			if p.Lo > p.Hi {
				t.Fatalf("%q: accepted %v with lo above hi", s, p)
			}
			parts = append(parts, p.String())
		}
		again, err := ParseParams(strings.Join(parts, " "))
		if err != nil || len(again) != len(params) {
			t.Fatalf("%q: read back %q as %v, %v", s, parts, again, err)
		}
		for i := range again {
			if again[i] != params[i] {
				t.Fatalf("%q: %v read back as %v", s, params[i], again[i])
			}
		}
	})
}

// parseOutcomes never panics, and what it accepts is exactly the runs
// asked for, each outcome in the stated range.
func FuzzParseOutcomes(f *testing.F) {
	for _, s := range []string{"1 3\n0 1\n", "1\n0\n1\n1\n", "2.5 2\r\n4\n", "1 -1", "nan", "1e308 1\n", "1 9223372036854775807\n1 1\n"} {
		f.Add(s, int64(4), true)
	}
	f.Fuzz(func(t *testing.T, out string, runs int64, probability bool) {
		kind, lo, hi := Expectation, -10.0, 10.0
		if probability {
			kind, lo, hi = Probability, 0, 1
		}
		s, err := parseOutcomes([]byte(out), runs, kind, lo, hi)
		if err != nil {
			return
		}
		if s.N != runs {
			t.Fatalf("%q: accepted %d runs, asked for %d", out, s.N, runs)
		}
		if s.N > 0 && (s.Min < lo || s.Max > hi || s.Mean < lo-1e-9 || s.Mean > hi+1e-9 || math.IsNaN(s.Variance())) {
			t.Fatalf("%q: accepted %+v outside [%v, %v]", out, s, lo, hi)
		}
		if probability && (s.Wins < 0 || s.Wins > s.N) {
			t.Fatalf("%q: %d wins of %d runs", out, s.Wins, s.N)
		}
	})
}

// parseDistribution never panics, and what it accepts is a distribution:
// probabilities in [0, 1] adding up with the tail to 1.
func FuzzParseDistribution(f *testing.F) {
	for _, s := range []string{"1.5\n1 0.5\n2 0.5\n", "7\n1 0.25\n", "1\n-1 1\n", "1\n1048577 1\n", "\n", "1\n1 0.5\n1 0.5\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, out string) {
		d, err := parseDistribution([]byte(out), props.Tolerance{})
		if err != nil {
			return
		}
		sum := d.Tail
		for _, p := range d.PMF {
			if !(p >= 0 && p <= 1) {
				t.Fatalf("%q: accepted a probability %v", out, p)
			}
			sum += p
		}
		if math.Abs(sum-1) > 1e-6 || d.Tail < 0 || math.IsNaN(d.Answer) {
			t.Fatalf("%q: accepted %+v, mass %v", out, d, sum)
		}
	})
}

// A brute force's exact answer, alone or with its distribution, never
// panics the reader: it is an answer of the run's kind, or a fault of the
// brute force or of the input, never both.
func FuzzReadBrute(f *testing.F) {
	for _, s := range []string{"1/2\n", "499122177\n", "2087/64\n1 0.5\n2 0.5\n", "1/998244353\n", "0.5\n", "1/0\n", "-3/6\n0 1\n", "\n"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, out string, withDistribution bool) {
		s := &Stress{GameSpec: GameSpec{Brute: output(out), Quantity: Expectation, BruteDistribution: withDistribution, Answer: answer.Rule{Kind: answer.Residue, Modulus: 998244353}}}
		var b bruteAnswer
		var fault *Fault
		if withDistribution {
			b, _, fault = s.readBruteDistribution([]byte(out))
		} else {
			b, fault = s.readBrute([]byte(out))
		}
		if fault != nil {
			return
		}
		if b.value.Kind != answer.Residue || b.value.Exact == nil || b.value.Exact.Sign() < 0 || b.value.Exact.Num().Int64() >= 998244353 {
			t.Fatalf("%q: read as %+v, not a residue", out, b.value)
		}
	})
}
