package props

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/referee"
	"pgregory.net/rapid"
)

// pressOn is a game of one player's choices: holding k of n points (start
// 1), stop and win with chance k/n, or press on, which reaches k+1 with
// chance 4/5 and loses otherwise; n points win. By hand, V(n) = 1 and
// V(k) = max(k/n, (4/5) V(k+1)): for n = 4, V(3) = 4/5 (press on), V(2) =
// 16/25, V(1) = 64/125, against 1/4 for stopping at once.
func pressOn(n int) rules.Rules[int] {
	return rules.Rules[int]{
		Start: 1,
		End: func(k int) (int, bool) {
			switch k {
			case n:
				return 1, true
			case -1:
				return 0, true
			}
			return 0, false
		},
		Moves: func(k int) []rules.Move[int] {
			return []rules.Move[int]{
				{Name: "stop", Branches: []rules.Branch[int]{{Weight: int64(k), Next: n}, {Weight: int64(n - k), Next: -1}}},
				{Name: "press on", Branches: []rules.Branch[int]{{Weight: 4, Next: k + 1}, {Weight: 1, Next: -1}}},
			}
		},
	}
}

// pressOnSpec is pressOn as a game of boards n = 2..6.
func pressOnSpec() Spec[int] {
	return Spec[int]{
		Name: "presson",
		Parse: func(r io.Reader, file string) ([]int, error) {
			var n int
			if _, err := fmt.Fscan(r, &n); err != nil || n < 2 || n > 6 {
				return nil, fmt.Errorf("%s: want n in 2..6", file)
			}
			return []int{n}, nil
		},
		Write:     func(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err },
		Generator: rapid.IntRange(2, 6),
	}
}

// stopEarly is an analyst that always stops, and reports the true value of
// stopping at once, 1/n: the referee playing its policy agrees with it.
func stopEarly(n int) (Solution, rules.Policy[int], error) {
	pol := rules.Policy[int]{}
	for k := 1; k < n; k++ {
		pol[k] = 0
	}
	return Solution{Value: 1 / float64(n)}, pol, nil
}

func pressOnReferee(n int, pol rules.Policy[int]) (func() montecarlo.Player, error) {
	rs := pressOn(n)
	return func() montecarlo.Player {
		return func(rng *rand.Rand) (int, error) { return referee.Play(rs, pol, rng, 100) }
	}, nil
}

// TestOptimalInvariant: the engine's own policy passes the optimality
// invariant on every board. The analyst that always stops early, reporting
// the true value of its policy, passes the agreement with the referee (all
// that a game without rules can check), but its policy fails the
// invariant, which names a state where the best response differs.
func TestOptimalInvariant(t *testing.T) {
	r := RulesOf[int, int]{Rules: pressOn}
	engineGame := FromRulesWithChoices(pressOnSpec(), r)
	rapid.Check(t, InvariantHolds(engineGame, OptimalInvariant))

	choices := Choices[int, rules.Policy[int]]{Solve: stopEarly, Referee: pressOnReferee}
	rapid.Check(t, Agreement(DefineWithPolicy(pressOnSpec(), choices), 2000, TestAlpha))

	planted := FromRulesAndChoices(pressOnSpec(), choices, r)
	var inv *Invariant[Board]
	for _, i := range planted.Invariants() {
		if i.Name == OptimalInvariant {
			inv = &i
		}
	}
	if inv == nil {
		t.Fatal("FromRulesAndChoices with a rules.Policy added no optimality invariant")
	}
	sol, pol, _ := stopEarly(4)
	sol.Policy = pol
	err := inv.Check(4, sol)
	if err == nil || !strings.Contains(err.Error(), `at state 1 the policy plays "stop", the best response "press on"`) ||
		!strings.Contains(err.Error(), "gets 0.512, the policy 0.25") {
		t.Errorf("stopping early: %v", err)
	}
}

// stopEarlyAsInt is an analyst of pressOn whose policy is not a rules.Policy:
// the first k at which it presses on (n: it always stops), and the true
// value of that policy, by hand: stop at once below from, so 1/n there.
func stopEarlyAsInt(n int) (Solution, int, error) {
	return Solution{Value: 1 / float64(n)}, n, nil
}

// TestFromRulesAndChoicesGenericReferee: without Choices.Referee the game
// plays the analyst's policy by the generic referee (issue 28: it
// panicked), whether the policy is a rules.Policy or read by
// RulesOf.PolicyOf; the referee must play that policy, not the engine's
// (which would get 64/125 at n = 4 and disagree with the analyst's 1/4;
// the engine's own check of the analyst is off, CheckStates −1, to leave
// the referee alone to judge).
// Without either, building the game panics naming PolicyOf.
func TestFromRulesAndChoicesGenericReferee(t *testing.T) {
	tests := []struct {
		name string
		game func() Game
	}{
		{"rules.Policy", func() Game {
			return FromRulesAndChoices(pressOnSpec(), Choices[int, rules.Policy[int]]{Solve: stopEarly}, RulesOf[int, int]{Rules: pressOn, CheckStates: -1})
		}},
		{"PolicyOf", func() Game {
			return FromRulesAndChoices(pressOnSpec(), Choices[int, int]{Solve: stopEarlyAsInt}, RulesOf[int, int]{Rules: pressOn, CheckStates: -1, PolicyOf: func(n int, from any, k int) (int, bool) {
				if k < from.(int) {
					return 0, true
				}
				return 1, true
			}})
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rapid.Check(t, Agreement(tt.game(), 2000, TestAlpha))
		})
	}
	defer func() {
		if msg := fmt.Sprint(recover()); !strings.Contains(msg, "RulesOf.PolicyOf") {
			t.Errorf("no referee, no way to read the policy: panic %q, want one naming RulesOf.PolicyOf", msg)
		}
	}()
	FromRulesAndChoices(pressOnSpec(), Choices[int, int]{Solve: stopEarlyAsInt}, RulesOf[int, int]{Rules: pressOn})
}

// The optimality invariant's engine runs under the caller's context
// (CheckIn, issue 28 part 3): on a board of 100,000 points, past the
// engine's first look at its context, a context already cancelled stops
// the best-response solve with an error wrapping context.Canceled, where
// the same check run to its end fails the policy that stops early.
func TestOptimalInvariantStopsAtTheContext(t *testing.T) {
	choices := Choices[int, rules.Policy[int]]{Solve: stopEarly, Referee: pressOnReferee}
	g := FromRulesAndChoices(pressOnSpec(), choices, RulesOf[int, int]{Rules: pressOn, CheckStates: 1 << 20})
	var inv *Invariant[Board]
	for _, i := range g.Invariants() {
		if i.Name == OptimalInvariant {
			inv = &i
		}
	}
	if inv == nil {
		t.Fatal("no optimality invariant")
	}
	const n = 100_000
	sol, pol, _ := stopEarly(n)
	sol.Policy = pol
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		want func(error) bool
	}{
		{"cancelled", cancelled, func(err error) bool { return errors.Is(err, context.Canceled) }},
		{"to its end", context.Background(), func(err error) bool { return err != nil && strings.Contains(err.Error(), "the policy is not optimal") }},
	}
	for _, tt := range tests {
		if err := inv.CheckIn(tt.ctx, n, sol); !tt.want(err) {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}
