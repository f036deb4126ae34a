package referee_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/referee"
)

const (
	win  = -1
	lose = -2
)

func endOf(s int) (int, bool) {
	switch s {
	case win:
		return 1, true
	case lose:
		return 0, true
	}
	return 0, false
}

// untilSix counts the throws of a die until a six (mean 6); bet is a
// choice between a coin (1/2) and two faces of three (2/3).
var (
	untilSix = rules.Rules[int]{End: func(s int) (int, bool) { return 0, s == 1 }, Chance: func(int) []rules.Branch[int] {
		return []rules.Branch[int]{{Weight: 1, Next: 1, Reward: 1}, {Weight: 5, Next: 0, Reward: 1}}
	}}
	bet = rules.Rules[int]{End: endOf, Moves: func(int) []rules.Move[int] {
		return []rules.Move[int]{
			{Name: "coin", Branches: []rules.Branch[int]{{Weight: 1, Next: win}, {Weight: 1, Next: lose}}},
			{Name: "die", Branches: []rules.Branch[int]{{Prob: 2.0 / 3, Next: win}, {Prob: 1.0 / 3, Next: lose}}},
		}
	}}
)

// The mean of many plays is within 6 standard errors of the hand-derived
// mean (a fixed seed: the test is deterministic), and the same seed gives
// the same plays.
func TestPlayMeans(t *testing.T) {
	tests := []struct {
		name   string
		rules  rules.Rules[int]
		policy rules.Policy[int]
		mean   float64 // derived by hand
		sd     float64 // of one play
	}{
		{"until a six", untilSix, nil, 6, math.Sqrt(30)}, // geometric: variance (1−p)/p² = 30
		{"bet on the coin", bet, rules.Policy[int]{0: 0}, 0.5, 0.5},
		{"bet on the die", bet, rules.Policy[int]{0: 1}, 2.0 / 3, math.Sqrt(2.0 / 9)},
	}
	const plays = 40000
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			sum := 0
			var first []int
			for i := range plays {
				out, err := referee.Play(tt.rules, tt.policy, rng, 1<<20)
				if err != nil {
					t.Fatal(err)
				}
				sum += out
				if i < 50 {
					first = append(first, out)
				}
			}
			mean := float64(sum) / plays
			if se := tt.sd / math.Sqrt(plays); math.Abs(mean-tt.mean) > 6*se {
				t.Errorf("mean %v, want %v ± %v", mean, tt.mean, 6*se)
			}
			again := rand.New(rand.NewPCG(1, 2))
			for i, want := range first {
				if out, _ := referee.Play(tt.rules, tt.policy, again, 1<<20); out != want {
					t.Fatalf("play %d: %d on the same stream, before %d", i, out, want)
				}
			}
		})
	}
}

func TestPlayRefusals(t *testing.T) {
	loop := rules.Rules[int]{End: func(int) (int, bool) { return 0, false }, Chance: func(int) []rules.Branch[int] { return []rules.Branch[int]{{Weight: 1}} }}
	tests := []struct {
		name   string
		rules  rules.Rules[int]
		policy rules.Policy[int]
		want   string
	}{
		{"no policy", bet, nil, "the policy chooses none of its 2 moves"},
		{"move out of range", bet, rules.Policy[int]{0: 2}, "the policy chooses move 2 of 2"},
		{"endless", loop, nil, "did not end"},
		{"no End", rules.Rules[int]{Chance: loop.Chance}, nil, "End is missing"},
		// The engine refuses an end value past rules.MaxOutcome: so does the
		// referee, rather than play a board nobody can judge.
		{"end value past MaxOutcome", rules.Rules[int]{End: func(int) (int, bool) { return rules.MaxOutcome + 1, true }, Chance: loop.Chance}, nil, "outside 0..1048576"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := referee.Play(tt.rules, tt.policy, rand.New(rand.NewPCG(1, 2)), 100)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
	if _, err := referee.Play(loop, nil, rand.New(rand.NewPCG(1, 2)), 100); !errors.Is(err, referee.ErrTooLong) {
		t.Errorf("%v does not wrap ErrTooLong", err)
	}
}
