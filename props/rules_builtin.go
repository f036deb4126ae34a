package props

import (
	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/rules/builtin"
)

// SnakesThreeWay is Snakes with its rules (rules/builtin.Snakes) beside
// the hand-written analyst and referee: the engine solves every board
// exactly (100 cells) and Solve and Answer fail unless the analyst agrees,
// so that check and report compare analyst, engine and referee.
func SnakesThreeWay() Game {
	return FromRules(SnakesSpec(), RulesOf[snakes.Board, int]{Rules: builtin.Snakes})
}

// PatienceThreeWay is Double Patience with its rules
// (rules/builtin.Patience) beside the hand-written analyst and referee: the
// engine checks the analyst on every deal of at most
// DefaultRulesCheckStates states.
func PatienceThreeWay() Game {
	return FromRules(PatienceSpec(), RulesOf[patience.Deal, builtin.PatienceState]{Rules: builtin.Patience})
}
