package rules_test

import (
	"fmt"
	"testing"

	"github.com/chancecheck/chancecheck/rules"
)

// threeStates has states 0, 1 and 2, each with moves "a" and "b" (to the
// end -1, with rewards 1 and 2), and 0 and 1 owned by the maximiser.
func threeStates() rules.Rules[int] {
	return rules.Rules[int]{
		End: func(s int) (int, bool) { return 0, s < 0 },
		Moves: func(s int) []rules.Move[int] {
			return []rules.Move[int]{
				{Name: "a", Branches: []rules.Branch[int]{{Weight: 1, Next: -1, Reward: 1}}},
				{Name: "b", Branches: []rules.Branch[int]{{Weight: 1, Next: -1, Reward: 2}}},
			}
		},
		Mover: func(s int) rules.Goal {
			if s < 2 {
				return rules.Maximise
			}
			return rules.Minimise
		},
	}
}

// TestFix: the states fixed and named by the policy keep its one move; the
// others, and a fixed state the policy does not name or names out of
// range, keep all their moves.
func TestFix(t *testing.T) {
	r := threeStates()
	pol := rules.Policy[int]{0: 1, 1: 5, 2: 0}
	maxer := func(s int) bool { return r.Mover(s) == rules.Maximise }
	fixed := rules.Fix(r, pol, maxer)
	for _, tc := range []struct {
		state int
		want  string
	}{
		{0, "[b]"},   // fixed to move 1
		{1, "[a b]"}, // move 5 is out of range: a hole, kept whole
		{2, "[a b]"}, // the minimiser's: not fixed
		{3, "[a b]"}, // not in the policy
	} {
		var names []string
		for _, m := range fixed.Moves(tc.state) {
			names = append(names, m.Name)
		}
		if got := fmt.Sprint(names); got != tc.want {
			t.Errorf("state %d: moves %s, want %s", tc.state, got, tc.want)
		}
	}
	if got := fixed.GoalAt(2); got != rules.Minimise {
		t.Errorf("GoalAt(2) = %v", got)
	}
}

// TestCheckTwoPlayers: a game of two players must give Moves.
func TestCheckTwoPlayers(t *testing.T) {
	r := threeStates()
	r.Chance, r.Moves = func(int) []rules.Branch[int] { return nil }, nil
	if err := r.Check(); err == nil {
		t.Error("a game of two players with Chance passed Check")
	}
}

// The best response of the minimiser to the maximiser's strategy: fix his
// moves and leave hers.
func ExampleFix() {
	r := threeStates()
	his := rules.Policy[int]{0: 1, 1: 0}
	reply := rules.Fix(r, his, func(s int) bool { return r.Mover(s) == rules.Maximise })
	for s := range 3 {
		fmt.Println(s, len(reply.Moves(s)), "move(s)")
	}
	// Output:
	// 0 1 move(s)
	// 1 1 move(s)
	// 2 2 move(s)
}
