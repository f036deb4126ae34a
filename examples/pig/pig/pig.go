// Package pig is the dice game Pig for two players, written as rules
// (package rules) alone: the rules engine solves it by interval iteration
// and the generic referee plays both players' strategies as data.
// examples/pig gives it every command.
//
// The rules (Neller & Presser, "Optimal Play of the Dice Game Pig", The
// UMAP Journal 25(1), 2004): the players take turns; on a turn, the player
// rolls a die again and again until they hold or roll a 1. A 1 ends the
// turn and loses the turn's points; holding banks them. The first to bank
// the goal G or more wins. The answer is the first player's winning
// probability when both play optimally (about 0.5306 for G = 100).
package pig

import (
	"fmt"
	"io"

	"github.com/chancecheck/chancecheck/games/textio"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules"
	"pgregory.net/rapid"
)

// MaxGoal is the largest goal read: a goal of G has about G³ states (two
// scores and the turn's points, for each player to move), a million at 100.
const MaxGoal = 100

// Board is a game of Pig to the goal Goal.
type Board struct{ Goal int }

// Player is who moves in a State, or who has won.
type Player uint8

const (
	First     Player = iota // the first player moves
	Second                  // the second player moves
	FirstWon                // the first player reached the goal
	SecondWon               // the second player reached the goal
)

// State is the whole situation: both banked scores, the points of the
// turn so far and who moves. Scores stay below the goal (a play that
// reaches it has ended), so a byte holds each.
type State struct {
	Score  [2]uint8
	Points uint8
	Player Player
}

// Moves of a State, in the order Rules lists them.
const (
	Roll = iota
	Hold
)

// Rules are Pig's rules to b.Goal. A roll of the die gives each face
// weight 1: a 1 passes the turn with nothing banked, any other face adds
// to the turn's points, and a player whose banked score and points reach
// the goal has won (they hold at once: nothing can beat a sure win). A
// turn starts with a roll: holding with no points would only pass the
// turn, and would let both players pass for ever. Hold banks the points
// and passes the turn.
func Rules(b Board) rules.Rules[State] {
	goal := b.Goal
	return rules.Rules[State]{
		Start: State{Player: First},
		End: func(s State) (int, bool) {
			switch s.Player {
			case FirstWon:
				return 1, true
			case SecondWon:
				return 0, true
			}
			return 0, false
		},
		Mover: func(s State) rules.Goal {
			if s.Player == First {
				return rules.Maximise
			}
			return rules.Minimise
		},
		Moves: func(s State) []rules.Move[State] {
			p := s.Player
			other := p ^ 1
			passed := State{Score: s.Score, Player: other}
			roll := rules.Move[State]{Name: "roll", Branches: make([]rules.Branch[State], 0, 6)}
			roll.Branches = append(roll.Branches, rules.Branch[State]{Weight: 1, Next: passed})
			for face := 2; face <= 6; face++ {
				next := s
				if int(s.Score[p])+int(s.Points)+face >= goal {
					next = State{Player: p + FirstWon}
				} else {
					next.Points += uint8(face)
				}
				roll.Branches = append(roll.Branches, rules.Branch[State]{Weight: 1, Next: next})
			}
			if s.Points == 0 {
				return []rules.Move[State]{roll}
			}
			banked := passed
			banked.Score[p] += s.Points
			return []rules.Move[State]{roll, {Name: "hold", Branches: []rules.Branch[State]{{Weight: 1, Next: banked}}}}
		},
	}
}

// Game is Pig as the harness sees it: the engine is the analyst, the
// generic referee plays its strategies for both players, and the
// conformance kit checks that neither player's best response beats them.
func Game() props.Game {
	return props.FromRulesWithChoices(Spec(), props.RulesOf[Board, State]{Rules: Rules})
}

// Spec is the definition of Game without its analyst and referee, which
// come from the rules.
func Spec() props.Spec[Board] {
	return props.Spec[Board]{
		Name:  "pig",
		Title: "Pig (Neller & Presser 2004): the first player's winning probability under optimal play",
		Parse: Parse,
		Write: func(w io.Writer, b []Board) error { _, err := fmt.Fprintln(w, b[0].Goal); return err },
		// Small goals: the conformance kit and report solve hundreds of
		// boards, and the referee plays each thousands of times.
		Generator: rapid.Custom(func(t *rapid.T) Board { return Board{rapid.IntRange(1, MaxGeneratedGoal).Draw(t, "goal")} }),
		// A goal of 1 or 2: every face but the 1 wins at once, so
		// p = 5/6 + (1/6)(1 − p), p = 6/7 (derived by hand).
		Samples:   []props.Sample{{Name: "1", Input: "1\n", Output: "0.857142857\n"}, {Name: "2", Input: "2\n", Output: "0.857142857\n"}},
		Digits:    9,
		Tolerance: props.Tolerance{Abs: 1e-9},
	}
}

// MaxGeneratedGoal is the largest goal the generator draws.
const MaxGeneratedGoal = 12

// Parse reads the original input, one line with the goal G, 1 ≤ G ≤
// MaxGoal. Its errors are *textio.Error values naming file and line.
func Parse(r io.Reader, file string) ([]Board, error) {
	toks, err := textio.Read(r, file)
	if err != nil {
		return nil, err
	}
	g, _, err := toks.Int("G (the goal)", 1, MaxGoal)
	if err != nil {
		return nil, err
	}
	if err := toks.End(`"G": the input is one number`); err != nil {
		return nil, err
	}
	return []Board{{g}}, nil
}
