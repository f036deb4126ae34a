package props

import (
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
