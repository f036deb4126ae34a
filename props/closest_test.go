package props

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestKeepRanks checks the ranking of closest calls: the highest first, at
// most ClosestShown, and a tie keeps the call offered first ahead.
func TestKeepRanks(t *testing.T) {
	tests := []struct {
		scores []float64
		want   string // the kept calls' offer numbers, worst first
	}{
		{[]float64{0.1}, "0"},
		{[]float64{0.1, 0.5, 0.3}, "1 2 0"},
		{[]float64{0.4, 0.4, 0.4, 0.4}, "0 1 2"},
		{[]float64{0.1, 0.2, 0.3, 0.9, 0.05}, "3 2 1"},
		{[]float64{0.3, 0.9, 0.3, 0.9}, "1 3 0"},
		{[]float64{math.Inf(1), 0.99, math.Inf(1)}, "0 2 1"},
	}
	for _, tt := range tests {
		var list []CloseCall
		for i, s := range tt.scores {
			if wouldKeep(list, s, byScore) {
				list = keep(list, CloseCall{Board: i, Score: s}, func(a, b CloseCall) bool { return a.Score > b.Score })
			}
		}
		var got []string
		for _, c := range list {
			got = append(got, fmt.Sprint(c.Board))
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("scores %v: kept %q, want %q", tt.scores, g, tt.want)
		}
	}
}

// TestStatisticalScore checks the referee's score against hand-derived
// cases: ln p / ln α, 1 where the test rejects.
func TestStatisticalScore(t *testing.T) {
	tests := []struct {
		name     string
		p, alpha float64
		want     float64 // NaN: no score; +Inf: p = 0
	}{
		{"nothing seen", 1, 1e-6, 0},
		{"p = √α is half way", 1e-3, 1e-6, 0.5},
		{"p = α is the edge", 1e-6, 1e-6, 1},
		{"rejected at α²", 1e-12, 1e-6, 2},
		{"p = 0.1 at α = 0.01", 0.1, 0.01, 0.5},
		{"p = 0", 0, 1e-6, math.Inf(1)},
		{"no p-value", math.NaN(), 1e-6, math.NaN()},
		{"no α", 0.5, 0, math.NaN()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := StatisticalScore(tt.p, tt.alpha)
			switch {
			case math.IsNaN(tt.want):
				if !math.IsNaN(got) {
					t.Errorf("score %v, want none (NaN)", got)
				}
			case math.IsInf(tt.want, 1):
				if !math.IsInf(got, 1) {
					t.Errorf("score %v, want +Inf", got)
				}
			case math.Abs(got-tt.want) > 1e-12:
				t.Errorf("score %v, want %v", got, tt.want)
			}
		})
	}
}

// TestToleranceScore checks the score under a Tolerance: hand-derived,
// |theirs − ours| over max(Abs, Rel·|ours|).
func TestToleranceScore(t *testing.T) {
	tests := []struct {
		tol          Tolerance
		ours, theirs float64
		want         float64
	}{
		{Tolerance{Abs: 1e-6, Rel: 1e-6}, 0.25, 0.25 + 0.9e-6, 0.9},
		{Tolerance{Abs: 1e-6, Rel: 1e-6}, 1000, 1000 - 0.5e-3, 0.5},
		{Tolerance{Abs: 1e-3}, 3, 3.002, 2},
	}
	for _, tt := range tests {
		if got := ToleranceScore(tt.tol, tt.ours, tt.theirs); math.Abs(got-tt.want) > 2e-4*tt.want {
			t.Errorf("%v at %v, %v: score %v, want %v", tt.tol, tt.ours, tt.theirs, got, tt.want)
		}
	}
}

// TestClosestOffer checks what a Closest keeps of the calls offered: every
// score counted, the positive ones ranked; runs by CPU time (wall time
// where none is known), and by peak only where one is known.
func TestClosestOffer(t *testing.T) {
	var c Closest
	for i, s := range []float64{0, math.NaN(), 0.3, 0.9, 0} {
		c.OfferScore(CloseCall{Board: i, Score: s})
	}
	runs := []CloseCall{
		{Board: 0, CPU: 100 * time.Millisecond, Wall: time.Second},
		{Board: 1, CPU: 1800 * time.Millisecond, Peak: 1 << 20},
		{Board: 2, Wall: 500 * time.Millisecond, Peak: 8 << 20},
		{Board: 3, CPU: 10 * time.Millisecond},
		{Board: 4, CPU: 20 * time.Millisecond},
	}
	for _, r := range runs {
		c.OfferRun(r)
	}
	boards := func(list []CloseCall) string {
		var s []string
		for _, x := range list {
			s = append(s, fmt.Sprint(x.Board))
		}
		return strings.Join(s, " ")
	}
	if c.Scored != 4 || boards(c.Error) != "3 2" {
		t.Errorf("scored %d, error list %q; want 4 scored (NaN left out), boards \"3 2\" (0 kept by none)", c.Scored, boards(c.Error))
	}
	if got := boards(c.Slowest); got != "1 2 0" {
		t.Errorf("slowest %q, want \"1 2 0\"", got)
	}
	if got := boards(c.Memory); got != "2 1" {
		t.Errorf("hungriest %q, want \"2 1\"", got)
	}
}

// TestClosestLargest checks the size list: the largest boards by their
// bytes, at most ClosestShown, a tie keeping the earlier board, an empty
// input (no board written) left out.
func TestClosestLargest(t *testing.T) {
	var c Closest
	for i, in := range []string{"ab", "abcd", "", "abc", "wxyz", "abcde", "a"} {
		c.OfferSize(CloseCall{Source: fmt.Sprint("board ", i), Input: []byte(in)})
	}
	var got []string
	for _, l := range c.Largest {
		got = append(got, l.Source)
	}
	if want := []string{"board 5", "board 1", "board 4"}; !slices.Equal(got, want) {
		t.Errorf("largest %v, want %v (5 bytes, then the two of 4 in their order)", got, want)
	}
}
