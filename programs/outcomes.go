package programs

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Tally is what a referee's runs came to: the count of runs and the
// running mean and variance of their outcomes (Chan, Golub and LeVeque's
// pairwise update, exact for counts of one outcome), with the smallest and
// largest outcome seen.
type Tally struct {
	N        int64
	Mean     float64
	m2       float64 // Σ (x − Mean)² over the runs
	Min, Max float64
	Wins     int64 // runs with outcome 1 (a probability's successes)
}

// add adds count runs of outcome x.
func (s *Tally) add(x float64, count int64) {
	if count <= 0 {
		return
	}
	if s.N == 0 {
		s.Min, s.Max = x, x
	}
	s.Min, s.Max = math.Min(s.Min, x), math.Max(s.Max, x)
	n := s.N + count
	d := x - s.Mean
	s.Mean += d * float64(count) / float64(n)
	s.m2 += d * d * float64(s.N) * float64(count) / float64(n)
	s.N = n
	if x == 1 {
		s.Wins += count
	}
}

// Variance is the unbiased sample variance, 0 below two runs.
func (s Tally) Variance() float64 {
	if s.N < 2 {
		return 0
	}
	return math.Max(0, s.m2/float64(s.N-1))
}

// decimal is a number as a contest checker reads one (props' rule):
// optional sign, digits with an optional point, optional exponent.
// Compiled on first use: most runs of the program read no outcome.
var decimal = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)
})

func parseDecimal(s string) (float64, bool) {
	if !decimal().MatchString(s) {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil && !math.IsInf(v, 0) && !math.IsNaN(v)
}

// parseOutcomes reads a referee's output: each non-blank line an outcome,
// or an outcome and how many runs ended with it. The runs must add up to
// runs, and every outcome lie in [lo, hi] (for a probability, be 0 or 1).
// The error says which line is wrong and why.
func parseOutcomes(out []byte, runs int64, kind Quantity, lo, hi float64) (Tally, error) {
	var s Tally
	if bytes.IndexByte(out, 0) >= 0 {
		return s, fmt.Errorf("the output holds a NUL byte")
	}
	text := strings.ReplaceAll(string(out), "\r\n", "\n")
	for i, line := range strings.Split(text, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if len(fields) > 2 {
			return s, fmt.Errorf("line %d: %d fields, want \"outcome\" or \"outcome count\"", i+1, len(fields))
		}
		x, ok := parseDecimal(fields[0])
		if !ok {
			return s, fmt.Errorf("line %d: outcome %q is not a finite decimal number", i+1, clip(fields[0]))
		}
		count := int64(1)
		if len(fields) == 2 {
			c, err := strconv.ParseInt(fields[1], 10, 64)
			if err != nil || c < 0 {
				return s, fmt.Errorf("line %d: count %q is not a non-negative integer", i+1, clip(fields[1]))
			}
			count = c
		}
		switch {
		case kind == Probability && x != 0 && x != 1:
			return s, fmt.Errorf("line %d: outcome %v: a probability's outcomes are 0 (no) and 1 (yes)", i+1, x)
		case x < lo || x > hi:
			return s, &rangeError{line: i + 1, outcome: x, lo: lo, hi: hi}
		case count > runs-s.N:
			return s, fmt.Errorf("line %d: more than the %d runs asked for", i+1, runs)
		}
		s.add(x, count)
	}
	if s.N != runs {
		return s, fmt.Errorf("%d runs reported, %d asked for", s.N, runs)
	}
	return s, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
