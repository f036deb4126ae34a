package engine

import (
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/rules"
)

// Small games whose answers are derived by hand, one or more per solve
// method. States are small ints; negative states end the game.
const (
	win  = -1
	lose = -2
	done = -3 // ends a count game, value 0
)

func endOf(s int) (int, bool) {
	switch s {
	case win:
		return 1, true
	case lose, done:
		return 0, true
	}
	return 0, false
}

func chance(outs map[int][]rules.Branch[int]) rules.Rules[int] {
	return rules.Rules[int]{End: endOf, Chance: func(s int) []rules.Branch[int] { return outs[s] }}
}

func startAt(s int, r rules.Rules[int]) rules.Rules[int] {
	r.Start = s
	return r
}

func choices(goal rules.Goal, moves map[int][]rules.Move[int]) rules.Rules[int] {
	return rules.Rules[int]{End: endOf, Goal: goal, Moves: func(s int) []rules.Move[int] { return moves[s] }}
}

func w(weight int64, next, reward int) rules.Branch[int] {
	return rules.Branch[int]{Weight: weight, Next: next, Reward: reward}
}

func pr(prob float64, next int) rules.Branch[int] {
	return rules.Branch[int]{Prob: prob, Next: next}
}

type solveCase struct {
	name   string
	method string // the solve method the case exercises
	rules  rules.Rules[int]
	want   string            // the exact value, as a fraction
	policy rules.Policy[int] // the optimal policy, where there is a choice
}

func solveCases() []solveCase {
	return []solveCase{
		// One fair coin: 1/2.
		{"coin", "induction", chance(map[int][]rules.Branch[int]{0: {w(1, win, 0), w(1, lose, 0)}}), "1/2", nil},
		// Two coins, win if either is heads: 1 − 1/4 = 3/4 (Storm's 0.7499992).
		{"two coins", "induction", chance(map[int][]rules.Branch[int]{0: {w(1, win, 0), w(1, 1, 0)}, 1: {w(1, win, 0), w(1, lose, 0)}}), "3/4", nil},
		// Throw a die until a six, counting throws: a geometric law of mean 6.
		{"until a six", "linear system", chance(map[int][]rules.Branch[int]{0: {w(1, done, 1), w(5, 0, 1)}}), "6", nil},
		// Gambler's ruin from 1 of 0..3 with a fair coin: p1 = p2/2,
		// p2 = 1/2 + p1/2, so p1 = 1/3.
		{"gambler's ruin", "linear system", startAt(1, chance(map[int][]rules.Branch[int]{1: {w(1, 2, 0), w(1, lose, 0)}, 2: {w(1, win, 0), w(1, 1, 0)}})), "1/3", nil},
		// A two-state loop with rewards: from 0, reward 1 and to 1; from 1,
		// half the time end, else reward 2 and back to 0. x0 = 1 + x1,
		// x1 = (x0 + 2)/2, so x0 = 1 + x0/2 + 1, x0 = 4.
		{"loop with rewards", "linear system", chance(map[int][]rules.Branch[int]{0: {w(1, 1, 1)}, 1: {w(1, done, 0), w(1, 0, 2)}}), "4", nil},
		// Floats read exactly: win 0.5, lose 0.25, again 0.25: p = 0.5/0.75.
		{"float probabilities", "linear system", chance(map[int][]rules.Branch[int]{0: {pr(0.5, win), pr(0.25, lose), pr(0.25, 0)}}), "2/3", nil},
		// Maximise: a sure coin (1/2) or two of three faces (2/3): 2/3 by move 1.
		{"best of two bets", "induction", choices(rules.Maximise, map[int][]rules.Move[int]{0: {
			{Name: "coin", Branches: []rules.Branch[int]{w(1, win, 0), w(1, lose, 0)}},
			{Name: "die", Branches: []rules.Branch[int]{w(2, win, 0), w(1, lose, 0)}},
		}}), "2/3", rules.Policy[int]{0: 1}},
		// Minimise the same: 1/2 by move 0.
		{"worst of two bets", "induction", choices(rules.Minimise, map[int][]rules.Move[int]{0: {
			{Name: "coin", Branches: []rules.Branch[int]{w(1, win, 0), w(1, lose, 0)}},
			{Name: "die", Branches: []rules.Branch[int]{w(2, win, 0), w(1, lose, 0)}},
		}}), "1/2", rules.Policy[int]{0: 0}},
		// Maximise around a cycle: at 0 quit with 1/2 or walk to 1; at 1
		// quit with 3/4 or walk to 0. Best: walk to 1 and quit, 3/4.
		{"walk to the better bet", "policy iteration", choices(rules.Maximise, map[int][]rules.Move[int]{
			0: {{Name: "quit", Branches: []rules.Branch[int]{w(1, win, 0), w(1, lose, 0)}}, {Name: "walk", Branches: []rules.Branch[int]{w(1, 1, 0)}}},
			1: {{Name: "quit", Branches: []rules.Branch[int]{w(3, win, 0), w(1, lose, 0)}}, {Name: "walk", Branches: []rules.Branch[int]{w(1, 0, 0)}}},
		}), "3/4", rules.Policy[int]{0: 1, 1: 0}},
		// Minimise throws: throw until a six (6 expected) or pay 4 to stop.
		{"pay to stop", "policy iteration", choices(rules.Minimise, map[int][]rules.Move[int]{
			0: {{Name: "throw", Branches: []rules.Branch[int]{w(1, done, 1), w(5, 0, 1)}}, {Name: "pay", Branches: []rules.Branch[int]{w(1, done, 4)}}},
		}), "4", rules.Policy[int]{0: 1}},
		// Minimise with a cheaper throw route: pay 7 or throw (6): 6 by move 0.
		{"throw rather than pay", "policy iteration", choices(rules.Minimise, map[int][]rules.Move[int]{
			0: {{Name: "throw", Branches: []rules.Branch[int]{w(1, done, 1), w(5, 0, 1)}}, {Name: "pay", Branches: []rules.Branch[int]{w(1, done, 7)}}},
		}), "6", rules.Policy[int]{0: 0}},
	}
}

// check solves tt under opts and says what differs from the hand-derived
// answer ("" when nothing does).
func check(tt solveCase, opts Options) string {
	res, err := Solve(tt.rules, opts)
	if err != nil {
		return "error: " + err.Error()
	}
	want, _ := new(big.Rat).SetString(tt.want)
	wantF, _ := want.Float64()
	var problems []string
	if res.Fraction != nil && res.Fraction.Cmp(want) != 0 {
		problems = append(problems, "fraction "+res.Fraction.RatString()+", want "+tt.want)
	}
	if math.Abs(res.Value-wantF) > res.ErrorBound {
		problems = append(problems, "value outside its error bound")
	}
	for s, m := range tt.policy {
		if res.Policy[s] != m {
			problems = append(problems, "a wrong move in the policy")
		}
	}
	return strings.Join(problems, "; ")
}

func TestSolveHandDerived(t *testing.T) {
	for _, tt := range solveCases() {
		t.Run(tt.name, func(t *testing.T) {
			if msg := check(tt, Options{}); msg != "" {
				t.Error(msg)
			}
			if msg := check(tt, Options{ExactStates: -1}); msg != "" {
				t.Errorf("float64: %s", msg)
			}
		})
	}
}

// Each solve method's bug, planted, is caught by at least one of its cases.
func TestSolvePlantedBugs(t *testing.T) {
	for _, tt := range []struct {
		method string
		fault  *faults
		opts   Options
	}{
		{"induction", faultInduction[int](), Options{}},
		{"linear system", faultLinearSystem[int](), Options{}},
		{"policy iteration", faultPolicy(), Options{}},
	} {
		caught := false
		for _, c := range solveCases() {
			if c.method != tt.method {
				continue
			}
			opts := tt.opts
			opts.faults = tt.fault
			if check(c, opts) != "" {
				caught = true
			}
		}
		if !caught {
			t.Errorf("the planted %s bug passed every case", tt.method)
		}
	}
}

func TestSolveRefusals(t *testing.T) {
	counter := rules.Rules[int]{End: func(int) (int, bool) { return 0, false }, Chance: func(s int) []rules.Branch[int] { return []rules.Branch[int]{w(1, s+1, 0)} }}
	tests := []struct {
		name  string
		rules rules.Rules[int]
		opts  Options
		want  string
	}{
		{"endless counter", counter, Options{MaxStates: 100}, "more than 100 states"},
		{"loop without end", chance(map[int][]rules.Branch[int]{0: {w(1, 1, 0)}, 1: {w(1, 0, 0)}}), Options{}, "the game cannot end from state"},
		{"no move leaves", choices(rules.Maximise, map[int][]rules.Move[int]{0: {{Name: "stay", Branches: []rules.Branch[int]{w(1, 0, 0)}}, {Name: "stay too", Branches: []rules.Branch[int]{w(1, 0, 0)}}}}), Options{}, "no move leads out"},
		{"negative reward", chance(map[int][]rules.Branch[int]{0: {w(1, done, -1)}}), Options{}, "reward -1 is negative"},
		{"mixed weights", chance(map[int][]rules.Branch[int]{0: {w(1, done, 0), pr(0.5, win)}}), Options{}, "give every branch a positive weight"},
		{"mixed probabilities", chance(map[int][]rules.Branch[int]{0: {pr(0.5, win), w(1, done, 0)}}), Options{}, "beside branches given by Prob"},
		{"no branches", chance(map[int][]rules.Branch[int]{}), Options{}, "has no branches"},
		{"cycle too large", chance(map[int][]rules.Branch[int]{0: {w(1, 1, 0)}, 1: {w(1, 0, 0), w(1, win, 0)}}), Options{MaxCycleStates: 1, MaxHubs: -1}, "too dear to solve exactly"},
		// Maximising a count around a loop that pays: never ending wins.
		{"paying loop", choices(rules.Maximise, map[int][]rules.Move[int]{0: {{Name: "stop", Branches: []rules.Branch[int]{w(1, done, 0)}}, {Name: "loop", Branches: []rules.Branch[int]{w(1, 0, 1)}}}}), Options{}, "by never ending the game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Solve(tt.rules, tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
	if _, err := Solve(counter, Options{MaxStates: 10}); !errors.Is(err, ErrTooManyStates) {
		t.Errorf("the state limit's error %v does not wrap ErrTooManyStates", err)
	}
}

// The distribution of the throws until a six is geometric:
// P(k) = (5/6)^(k−1)/6, and the mass cut off is at most the tail asked.
func TestDistributionGeometric(t *testing.T) {
	r := chance(map[int][]rules.Branch[int]{0: {w(1, done, 1), w(5, 0, 1)}})
	res, err := Solve(r, Options{PMF: true, PMFTail: 1e-10})
	if err != nil {
		t.Fatal(err)
	}
	if res.PMFTail > 1e-10 || res.PMFTail <= 0 {
		t.Errorf("tail %g, want in (0, 1e-10]", res.PMFTail)
	}
	mass := res.PMFTail
	for k, p := range res.PMF {
		want := 0.0
		if k > 0 {
			want = math.Pow(5.0/6, float64(k-1)) / 6
		}
		if math.Abs(p-want) > 1e-15 {
			t.Errorf("P(%d) = %g, want %g", k, p, want)
		}
		mass += p
	}
	if math.Abs(mass-1) > 1e-12 {
		t.Errorf("mass %v with the tail, want 1", mass)
	}
}

// Distributions through steps of reward 0 and around a loop, derived by
// hand: 0 → 1 (reward 0), then half the time reward 1 and the end, half
// the time 2 (reward 0) and reward 2 and the end: P(1) = P(2) = 1/2. The
// loop of "loop with rewards" pays 1, then ends with 1/2 or pays 2 and
// starts again: the total is 1 + 3j with chance 2^−(j+1).
func TestDistributionHandDerived(t *testing.T) {
	tests := []struct {
		name  string
		rules rules.Rules[int]
		want  map[int]float64
	}{
		{"steps of reward 0", chance(map[int][]rules.Branch[int]{0: {w(1, 1, 0)}, 1: {w(1, done, 1), w(1, 2, 0)}, 2: {w(1, done, 2)}}), map[int]float64{1: 0.5, 2: 0.5}},
		{"loop with rewards", chance(map[int][]rules.Branch[int]{0: {w(1, 1, 1)}, 1: {w(1, done, 0), w(1, 0, 2)}}), map[int]float64{1: 0.5, 4: 0.25, 7: 0.125, 10: 0.0625}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Solve(tt.rules, Options{PMF: true})
			if err != nil {
				t.Fatal(err)
			}
			for k := range max(len(res.PMF), 11) {
				got := 0.0
				if k < len(res.PMF) {
					got = res.PMF[k]
				}
				if want, ok := tt.want[k]; (ok || k < 8) && math.Abs(got-want) > 1e-15 {
					t.Errorf("P(%d) = %g, want %g", k, got, want)
				}
			}
		})
	}
}
