package programs

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
)

func TestParseDistribution(t *testing.T) {
	tests := []struct {
		name    string
		out     string
		pmf     []float64
		tail    float64
		wantErr string
	}{
		{"whole", "1.5\n1 0.5\n2 0.5\n", []float64{0, 0.5, 0.5}, 0, ""},
		{"any order, CRLF", "1.5\r\n2 0.5\r\n1 0.5\r\n", []float64{0, 0.5, 0.5}, 0, ""},
		{"cut short: the tail allowed for", "7\n1 0.25\n2 0.25\n", []float64{0, 0.25, 0.25}, 0.5, ""},
		{"no distribution", "1.5\n", nil, 0, "no distribution after the answer"},
		{"mean not the answer", "1.7\n1 0.5\n2 0.5\n", nil, 0, "not the mean 1.5"},
		{"over one", "1\n1 0.7\n2 0.7\n", nil, 0, "more than 1"},
		{"a negative outcome", "1\n-1 1\n", nil, 0, "not an integer in 0.."},
		{"a probability past 1", "1\n1 1.5\n", nil, 0, "not a decimal number in [0, 1]"},
		{"twice", "1\n1 0.5\n1 0.5\n", nil, 0, "listed twice"},
		{"one field", "1\n1\n", nil, 0, "1 fields"},
		{"a bad answer", "nan\n1 1\n", nil, 0, "not a decimal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := parseDistribution([]byte(tt.out), props.Tolerance{})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one saying %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || len(d.PMF) != len(tt.pmf) || math.Abs(d.Tail-tt.tail) > 1e-12 {
				t.Fatalf("got %+v, %v; want %v with tail %v", d, err, tt.pmf, tt.tail)
			}
			for k := range d.PMF {
				if d.PMF[k] != tt.pmf[k] {
					t.Fatalf("got %v, want %v", d.PMF, tt.pmf)
				}
			}
		})
	}
}

// diceDistributionSolver prints the mean and the exact distribution of
// the number of throws to reach t with a k-faced die: after j throws the
// sum is s < t with probability q[s]; the game ends at throw j+1 with
// probability Σ q[s]·P(face ≥ t − s). With bias, it moves that much mass
// from each outcome to the next (a solver off by a little).
func diceDistributionSolver(bias float64) Func {
	return Func{Name: "sol", Fn: func(_ []string, input []byte) ([]byte, error) {
		var t, k int
		fmt.Sscan(string(input), &t, &k)
		q := make([]float64, t)
		q[0] = 1
		pmf := []float64{0}
		for j := 1; j <= t; j++ {
			next := make([]float64, t)
			var end float64
			for s, p := range q {
				for f := 1; f <= k; f++ {
					if s+f >= t {
						end += p / float64(k)
					} else {
						next[s+f] += p / float64(k)
					}
				}
			}
			pmf = append(pmf, end)
			q = next
		}
		for i := len(pmf) - 2; i >= 1 && bias > 0; i-- {
			m := bias * pmf[i]
			pmf[i], pmf[i+1] = pmf[i]-m, pmf[i+1]+m
		}
		var mean float64
		for n, p := range pmf {
			mean += float64(n) * p
		}
		out := fmt.Appendf(nil, "%.12f\n", mean)
		for n, p := range pmf {
			if p > 0 {
				out = fmt.Appendf(out, "%d %.15g\n", n, p)
			}
		}
		return out, nil
	}}
}

// Against the solver's own distribution, the run's false-alarm rate is at
// most Alpha with no range of outcomes stated, and a distribution off by a
// little is caught and shrunk.
func TestStressSolverDistribution(t *testing.T) {
	setup := func(bias float64) *Stress {
		return &Stress{GameSpec: GameSpec{Generator: diceGenerator(), Referee: diceReferee(), Quantity: Expectation, Params: []Param{{"t", 1, 12}, {"k", 1, 6}}}, Solver: diceDistributionSolver(bias),
			SolverDistribution: true, Cases: 4, Runs: 300, Alpha: 0.01}
	}
	const runs = 600
	var failed int64
	for seed := range uint64(runs) {
		s := setup(0)
		s.Seed = seed + 1
		out, err := s.Run(context.Background())
		if err != nil || out.Fault != nil {
			t.Fatal(err, out.Fault)
		}
		if out.Failed() {
			failed++
		}
	}
	t.Logf("%d of %d runs of a right distribution reported a failure at α = 0.01", failed, runs)
	if bound := falseAlarmBound(runs, 0.01); failed > bound {
		t.Errorf("%d of %d runs reported a right distribution wrong at α = 0.01: more than the %d allowed", failed, runs, bound)
	}
	s := setup(0.3)
	s.Runs, s.Cases, s.Seed = 5000, 10, 1
	out, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !out.Failed() || out.First.Kind != RefereeDisagrees || out.First.Agreement.Test != estimate.TestDKW {
		t.Fatalf("a distribution off by 30%% of each outcome's mass passed: %+v", out.First)
	}
	if in := string(out.First.Input); in != "2 2\n" {
		t.Errorf("shrunk to %q, want 2 2: the smallest input with two outcomes (the slip moves mass between them)", in)
	}
}
