package mice

import (
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules"
	"pgregory.net/rapid"
)

// Turn is who acts next in a State, or how the play ended.
type Turn int8

const (
	Princess Turn = iota // she draws
	Dragon               // he draws
	Jumper               // a mouse jumps out after his draw
	Won                  // she drew a white mouse
	Lost                 // he drew a white mouse, or the bag is empty
)

// State is a bag of White white and Black black mice with Turn to act: the
// whole situation, since the mice of one colour are alike.
type State struct {
	White, Black int16
	Turn         Turn
}

// Rules are the rules of Bag of mice, read from the statement: whoever
// draws takes a mouse uniformly from the bag (a white with weight White, a
// black with weight Black); she wins on a white, he on a white; after each
// black of his a mouse of the bag, uniform, jumps out; an empty bag is his.
func Rules(b Board) rules.Rules[State] {
	return rules.Rules[State]{
		Start: State{int16(b.White), int16(b.Black), Princess},
		End: func(s State) (int, bool) {
			switch {
			case s.Turn == Won:
				return 1, true
			case s.Turn == Lost || s.White+s.Black == 0:
				return 0, true
			}
			return 0, false
		},
		Chance: func(s State) []rules.Branch[State] {
			var white, black State
			switch s.Turn {
			case Princess:
				white, black = State{Turn: Won}, State{s.White, s.Black - 1, Dragon}
			case Dragon:
				white, black = State{Turn: Lost}, State{s.White, s.Black - 1, Jumper}
			default:
				white, black = State{s.White - 1, s.Black, Princess}, State{s.White, s.Black - 1, Princess}
			}
			outs := make([]rules.Branch[State], 0, 2) // one allocation a state, not two
			if s.White > 0 {
				outs = append(outs, rules.Branch[State]{Weight: int64(s.White), Next: white})
			}
			if s.Black > 0 {
				outs = append(outs, rules.Branch[State]{Weight: int64(s.Black), Next: black})
			}
			return outs
		},
	}
}

// RulesGame is Bag of mice defined by its rules alone: no hand-written
// analyst, fraction, referee or invariant that uses them; the engine solves
// (exactly on small bags, in float64 with a proved error bound on large
// ones: a bag of 1000 and 1000 is 251 003 states) and the generic referee
// plays.
func RulesGame() props.Game {
	return props.FromRules(RulesSpec(), props.RulesOf[Board, State]{Rules: Rules})
}

// RulesSpec is Spec without the hand-written analyst, fraction and referee,
// and with a generator of bags of at most MaxRulesMice of each colour: the
// engine solves every bag up to the limits (TestRulesEngineFloatAtTheLimits)
// but takes a second on the largest, and the conformance kit and report
// solve hundreds.
func RulesSpec() props.Spec[Board] {
	s := Spec()
	s.Solve, s.Fraction, s.Play = nil, nil, nil
	s.Invariants = s.Invariants[:1] // closed-forms; monotone-in-w calls the hand-written DP
	s.Generator = rapid.Custom(func(t *rapid.T) Board {
		return Board{rapid.IntRange(0, MaxRulesMice).Draw(t, "white"), rapid.IntRange(0, MaxRulesMice).Draw(t, "black")}
	})
	s.Coverage = nil
	return s
}

// MaxRulesMice is the most mice of each colour RulesSpec's generator draws.
const MaxRulesMice = 60

// ThreeWayGame is Bag of mice with its hand-written analyst and referee
// and its rules: the engine checks the analyst on bags small enough, on
// every one in the conformance kit and the report, and where a solver
// disagrees with it in check.
func ThreeWayGame() props.Game {
	return props.FromRules(Spec(), props.RulesOf[Board, State]{Rules: Rules})
}
