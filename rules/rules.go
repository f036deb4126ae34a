// Package rules is a game's rules written once, as a step function over
// states: the start state of a board, the value of a state that ends the
// game, and the random branches (or, in a game with choices, the moves and
// their branches) of every other state. Two packages read the same rules
// apart from each other: rules/engine explores the reachable states and
// solves them exactly, and rules/referee plays them by sampling. What an
// agreement of the two proves is in docs/own-game.md: a wrong rules
// function fools both, so the independent side of a check is the user's
// solver.
package rules

import (
	"fmt"
	"math"
)

// Rules are the rules of one board of a game over states S. S must be a
// value that names the whole situation (positions, cards, whose turn, what
// is known): two equal states have the same future. Every function must be
// deterministic and must not change what it is given; the engine and the
// referee call them from several goroutines.
//
// One play's outcome is the sum of the rewards of the branches taken plus
// the value of the end state reached: for a win/loss game the end values are
// 1 and 0 and the rewards 0; for a count of throws each throw's branch has
// reward 1 and the end value is 0.
//
// Every reachable state must be able to end the game under some choice of
// moves: the engine refuses a board with a state from which no play ends,
// even when the best player never goes there (give such a state a move
// that ends it, as the trap maze's "stop" does).
type Rules[S comparable] struct {
	// Start is the state the board starts in.
	Start S
	// End reports whether s ends the game, and if so the value it adds to
	// the outcome (non-negative).
	End func(s S) (value int, ended bool)
	// Chance lists the random branches of a state that does not end the
	// game, in a game without choices. Set Chance or Moves, not both.
	Chance func(s S) []Branch[S]
	// Moves lists the moves of a state that does not end the game, in a
	// game with choices; a state with one move is a state of chance.
	Moves func(s S) []Move[S]
	// Goal says whether the player of a game with Moves minimises or
	// maximises the expected outcome.
	Goal Goal
	// Mover, when set, makes a game of two players with opposed goals (a
	// zero-sum game): at each state with several Moves, the player to move
	// is the one whose goal Mover gives, Maximise (the outcome is what
	// this player wins: 1 for a win of the first player) or Minimise (the
	// opponent); Goal is then unused. The value of such a game is the
	// expected outcome when both play optimally. Nil: one player, whose
	// goal is Goal. A two-player game needs Moves, and its rewards must be
	// 0 on every move of a cycle (see rules/engine for why).
	Mover func(s S) Goal
}

// Goal is what the player of a game with choices aims for.
type Goal int

const (
	// Maximise the expected outcome (a win probability).
	Maximise Goal = iota
	// Minimise the expected outcome (a number of throws).
	Minimise
)

// String names the goal.
func (g Goal) String() string {
	if g == Minimise {
		return "minimise"
	}
	return "maximise"
}

// Branch is one random branch of a move (a chance of it): its chance, the state it leads
// to and the reward it adds to the play's outcome (non-negative).
//
// The chance is exact when the author can give it as a small integer
// weight: the probability is Weight over the sum of the weights of the
// move's branches. Otherwise every Weight of the move is 0 and Prob gives
// the chance as a float; the engine then reads each float as the exact
// rational it is, normalised by their sum.
type Branch[S comparable] struct {
	Weight int64
	Prob   float64
	Next   S
	Reward int
}

// MaxWeightSum bounds the sum of one move's weights, so that no sum
// overflows an int64.
const MaxWeightSum = 1 << 62

// MaxOutcome bounds a reward and an end value, and so what one game may
// count, as the Monte Carlo runner bounds one run's outcome
// (montecarlo.MaxOutcome): larger would not fit the engine's int32 tables
// nor the referee's runs.
const MaxOutcome = 1 << 20

// Move is one choice of the player and its random branches; a sure move has
// one branch (any positive Weight).
type Move[S comparable] struct {
	// Name says the move readably in a printed policy ("take the middle
	// block", "east").
	Name     string
	Branches []Branch[S]
}

// Policy is a choice of move for every state with several: the index in
// Moves(s). It is data, so that a referee can play the engine's optimal
// policy, or a user's, without sharing the engine's arithmetic. In a game
// of two players (Mover) one Policy holds both players' strategies, each
// state's entry being the move of the player to move there.
type Policy[S comparable] map[S]int

// GoalAt is the goal of the player to move at s: Mover's, or Goal in a
// game of one player.
func (r Rules[S]) GoalAt(s S) Goal {
	if r.Mover != nil {
		return r.Mover(s)
	}
	return r.Goal
}

// MovesOf returns the moves of a state that does not end the game: Moves,
// or the one move of Chance.
func (r Rules[S]) MovesOf(s S) []Move[S] {
	if r.Moves != nil {
		return r.Moves(s)
	}
	return []Move[S]{{Branches: r.Chance(s)}}
}

// Check reports what is wrong with the Rules themselves (a missing
// function), before any state is explored.
func (r Rules[S]) Check() error {
	switch {
	case r.End == nil:
		return fmt.Errorf("rules: End is missing")
	case (r.Chance == nil) == (r.Moves == nil):
		return fmt.Errorf("rules: give one of Chance and Moves")
	case r.Goal != Maximise && r.Goal != Minimise:
		return fmt.Errorf("rules: unknown Goal %d", r.Goal)
	case r.Mover != nil && r.Moves == nil:
		return fmt.Errorf("rules: a game of two players (Mover) gives its Moves, not Chance")
	}
	return nil
}

// CheckMove reports what is wrong with the branches of one move of state s:
// no branches, a negative reward or weight, weights mixed with floats, a
// float that is not a positive finite number.
func CheckMove[S comparable](s S, m Move[S]) error {
	if len(m.Branches) == 0 {
		return fmt.Errorf("state %v: move %q has no branches", s, m.Name)
	}
	weighted := m.Branches[0].Weight != 0
	var sum int64
	var sumF float64
	for i, b := range m.Branches {
		// Compared before adding, so that the sum cannot wrap round.
		if b.Weight > MaxWeightSum-sum {
			return fmt.Errorf("state %v: move %q: the weights sum past %d", s, m.Name, int64(MaxWeightSum))
		}
		sum += b.Weight
		sumF += b.Prob
		switch {
		case b.Reward < 0:
			return fmt.Errorf("state %v: move %q, branch %d: reward %d is negative", s, m.Name, i, b.Reward)
		case b.Reward > MaxOutcome:
			return fmt.Errorf("state %v: move %q, branch %d: reward %d is above %d, the most one game may count", s, m.Name, i, b.Reward, MaxOutcome)
		case weighted && b.Weight <= 0:
			return fmt.Errorf("state %v: move %q, branch %d: weight %d (give every branch a positive weight, or every one Weight 0 and a Prob)", s, m.Name, i, b.Weight)
		case !weighted && b.Weight != 0:
			return fmt.Errorf("state %v: move %q, branch %d: weight %d beside branches given by Prob", s, m.Name, i, b.Weight)
		case !weighted && !(b.Prob > 0 && !math.IsInf(b.Prob, 0)):
			return fmt.Errorf("state %v: move %q, branch %d: probability %v is not positive and finite", s, m.Name, i, b.Prob)
		}
	}
	// The probabilities are divided by their sum, and the referee draws a
	// point below it: a sum that overflows or lies among the subnormals
	// would lose the proportions.
	if !weighted && !(sumF >= 0x1p-1000 && sumF <= 0x1p1000) {
		return fmt.Errorf("state %v: move %q: the probabilities sum to %v; scale them into 2^-1000..2^1000", s, m.Name, sumF)
	}
	return nil
}
