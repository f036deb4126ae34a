package props

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/montecarlo"
)

// What an analyst or a referee says is checked where the harness receives
// it: a win/loss answer is a probability, its distribution [1−p, p]; no
// answer is NaN; a win/loss referee returns 0 or 1.
func TestDefineChecksWhatPartsSay(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Spec[int])
		want   string // a fragment of the error; "" for none
	}{
		{"a probability", func(*Spec[int]) {}, ""},
		{"above one", func(s *Spec[int]) {
			s.Solve = func(int) (Solution, error) { return Solution{Value: 1.5}, nil }
		}, "a win/loss game's answer is a probability, not 1.5"},
		{"NaN", func(s *Spec[int]) {
			s.Solve = func(int) (Solution, error) { return Solution{Value: math.NaN()}, nil }
		}, "the analyst's answer is NaN"},
		{"not [1-p, p]", func(s *Spec[int]) {
			s.Solve = func(int) (Solution, error) { return Solution{Value: 0.25, PMF: []float64{0.5, 0.5}}, nil }
		}, "is [1−p, p] = [0.75, 0.25], not 2 entries [0.5 0.5]"},
		{"a count's distribution", func(s *Spec[int]) {
			s.Solve = func(int) (Solution, error) { return Solution{Value: 1.5, PMF: []float64{0, 0.5, 0.5}}, nil }
		}, "sets Outcome: props.Count"},
		{"a count without one", func(s *Spec[int]) {
			s.Outcome = Count
		}, "gave no outcome distribution (PMF), which a count game needs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := sidesSpec()
			tt.change(&s)
			_, err := Define(s).Solve(6)
			if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
				t.Errorf("Solve: %v, want %q", err, tt.want)
			}
		})
	}
	s := sidesSpec()
	s.Play = func(int, *rand.Rand) (int, error) { return 2, nil }
	g := Define(s)
	sol, _ := g.Solve(6)
	_, err := g.Simulate(context.Background(), 6, sol, montecarlo.Config{Runs: 10, Seed: 1})
	if err == nil || !strings.Contains(err.Error(), "returned 2, not 1 (a win) or 0 (a loss)") {
		t.Errorf("a win/loss referee returning 2: %v", err)
	}
}

// A Spec's zero Outcome is WinLoss: the Game says so, and the agreement
// test is the binomial one. Any other kind but WinLoss and Count is refused.
func TestDefineOutcomeKind(t *testing.T) {
	tests := []struct {
		name    string
		outcome OutcomeKind
		want    OutcomeKind // 0: Define panics
	}{
		{"zero value", 0, WinLoss},
		{"win/loss", WinLoss, WinLoss},
		{"count", Count, Count},
		{"unknown", Count + 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := sidesSpec()
			s.Outcome = tt.outcome
			var g Game
			func() {
				defer func() {
					if r := recover(); r != nil && tt.want != 0 {
						t.Fatalf("Define panicked: %v", r)
					}
				}()
				g = Define(s)
			}()
			switch {
			case tt.want == 0 && g != nil:
				t.Fatalf("Define took outcome %d", tt.outcome)
			case tt.want == 0:
				return
			case g.Outcome() != tt.want:
				t.Errorf("Outcome() = %v, want %v", g.Outcome(), tt.want)
			}
		})
	}
}
