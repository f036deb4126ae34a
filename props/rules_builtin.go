package props

import (
	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/rules/builtin"
	"github.com/chancecheck/chancecheck/rules/engine"
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

// JengaThreeWay is Colored Jenga under c with its rules
// (rules/builtin.Jenga) beside the hand-written analyst and referee: the
// engine checks the analyst's value on every tower of at most 8192 states
// (towers of 3 levels have about 5000) and gives it the exact fraction
// there.
func JengaThreeWay(c JengaConfig) Game {
	spec, choices := JengaSpec(c)
	return FromRulesAndChoices(spec, choices, RulesOf[jenga.Tower, builtin.JengaState]{Rules: builtin.Jenga, CheckStates: 1 << 13})
}

// TrapsThreeWay is the trap maze under c with its rules
// (rules/builtin.Traps) beside the hand-written analyst and referee: the
// engine checks the analyst on every maze of at most 2000 states whose
// regions have at most 200 (a region's cycle is solved by exact sparse
// elimination, whose fill-in grows fast with its size).
func TrapsThreeWay(c TrapsConfig) Game {
	spec, choices := TrapsSpec(c)
	return FromRulesAndChoices(spec, choices, RulesOf[*traps.Maze, builtin.TrapsState]{
		Rules: builtin.Traps, CheckStates: 2000, Engine: engine.Options{MaxCycleStates: 200},
	})
}

// Builtins are the four built-in games as cmd/chancecheck runs them, each
// three-way (SnakesThreeWay, ...): where a board fits the rules engine,
// the engine checks the analyst's answer and gives it the exact fraction
// (`solve jenga --exact` on a tower of up to 3 levels), and check names the
// oracle that judged each board.
func Builtins() []Game {
	return []Game{SnakesThreeWay(), PatienceThreeWay(), TrapsThreeWay(TrapsConfig{}), JengaThreeWay(JengaConfig{})}
}
