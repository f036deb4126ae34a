package programs

import (
	"math"
	"strings"
	"testing"
)

func TestParseOutcomes(t *testing.T) {
	tests := []struct {
		name    string
		out     string
		runs    int64
		kind    Quantity
		lo, hi  float64
		mean    float64
		wins    int64
		wantErr string
	}{
		{"histogram", "1 3\n0 1\n", 4, Probability, 0, 1, 0.75, 3, ""},
		{"one a line", "1\n0\n1\n1\n", 4, Probability, 0, 1, 0.75, 3, ""},
		{"mixed, CRLF, blank lines", "2 2\r\n\r\n4\n", 3, Expectation, 0, 10, 8.0 / 3, 0, ""},
		{"zero count", "5 0\n1 2\n", 2, Expectation, 0, 5, 1, 2, ""},
		{"not 0 or 1", "1 3\n2 1\n", 4, Probability, 0, 1, 0, 0, "a probability's outcomes are 0"},
		{"outside the range", "11 1\n", 1, Expectation, 0, 10, 0, 0, "outside the stated range"},
		{"too few runs", "1 3\n", 4, Probability, 0, 1, 0, 0, "3 runs reported, 4 asked for"},
		{"too many runs", "1 3\n0 2\n", 4, Probability, 0, 1, 0, 0, "more than the 4 runs"},
		{"nan", "nan\n", 1, Expectation, 0, 1, 0, 0, "not a finite decimal"},
		{"garbage count", "1 x\n", 1, Probability, 0, 1, 0, 0, "not a non-negative integer"},
		{"negative count", "1 -1\n", 1, Probability, 0, 1, 0, 0, "not a non-negative integer"},
		{"three fields", "1 2 3\n", 1, Probability, 0, 1, 0, 0, "3 fields"},
		{"nul", "1\x00\n", 1, Probability, 0, 1, 0, 0, "NUL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := parseOutcomes([]byte(tt.out), tt.runs, tt.kind, tt.lo, tt.hi)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || s.N != tt.runs || math.Abs(s.Mean-tt.mean) > 1e-12 || s.Wins != tt.wins {
				t.Fatalf("got %+v, %v; want %d runs, mean %v, %d wins", s, err, tt.runs, tt.mean, tt.wins)
			}
		})
	}
}

// Tally's running variance is the unbiased sample variance, computed
// here by its definition.
func TestTallyVariance(t *testing.T) {
	xs := []struct {
		x float64
		c int64
	}{{3, 2}, {7, 1}, {1e6, 3}, {-2, 4}}
	var s Tally
	var all []float64
	for _, v := range xs {
		s.add(v.x, v.c)
		for range v.c {
			all = append(all, v.x)
		}
	}
	var mean, ss float64
	for _, x := range all {
		mean += x / float64(len(all))
	}
	for _, x := range all {
		ss += (x - mean) * (x - mean)
	}
	if want := ss / float64(len(all)-1); math.Abs(s.Variance()-want) > 1e-9*want || math.Abs(s.Mean-mean) > 1e-9 {
		t.Errorf("variance %v mean %v, want %v %v", s.Variance(), s.Mean, want, mean)
	}
	if s.Min != -2 || s.Max != 1e6 {
		t.Errorf("min %v max %v", s.Min, s.Max)
	}
}
