package specs

import (
	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/montecarlo/referees"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules/engine"
	"github.com/chancecheck/chancecheck/rules/gamerules"
)

// SnakesThreeWay is Snakes with its rules (rules/gamerules.Snakes) beside
// the hand-written analyst and referee: the engine solves any board
// exactly (100 cells), on call (props.RulesOf.CheckEvery): on every board
// in report and `solve --exact`, where Solve and Answer fail unless the
// analyst agrees; in check, to confirm the analyst before a solver that
// disagrees with it is blamed.
func SnakesThreeWay() props.Game {
	return props.FromRules(SnakesSpec(), props.RulesOf[snakes.Board, int]{Rules: gamerules.Snakes})
}

// PatienceThreeWay is Double Patience with its rules
// (rules/gamerules.Patience) beside the hand-written analyst and referee: the
// engine checks the analyst on every deal of at most
// DefaultRulesCheckStates states.
func PatienceThreeWay() props.Game {
	return props.FromRules(PatienceSpec(), props.RulesOf[patience.Deal, gamerules.PatienceState]{Rules: gamerules.Patience})
}

// JengaThreeWay is Colored Jenga under c with its rules
// (rules/gamerules.Jenga) beside the hand-written analyst and referee: the
// engine checks the analyst's value on every tower of at most 8192 states
// (towers of 3 levels have about 5000) and gives it the exact fraction
// there.
func JengaThreeWay(c JengaConfig) props.Game {
	spec, choices := JengaSpec(c)
	return props.FromRulesAndChoices(spec, choices, props.RulesOf[jenga.Tower, gamerules.JengaState]{
		Rules: gamerules.Jenga, CheckStates: 1 << 13, PolicyOf: jengaPolicyOf,
	})
}

// jengaPolicyOf reads the analyst's jenga policy in the rules' terms: at
// a state after a throw, the move of the analyst on a tower of that state,
// played out, is the rules' move to the state of the tower it leaves.
func jengaPolicyOf(b jenga.Tower, policy any, s gamerules.JengaState) (int, bool) {
	pol, ok := policy.(referees.JengaPolicyFunc)
	if !ok || s.Thrown == jenga.Empty {
		return 0, false
	}
	t := s.TowerOf()
	m, ok := pol(t.Clone(), s.Thrown)
	if !ok {
		return 0, false
	}
	next := gamerules.JengaStateOf(jengaPlay(t, m), jenga.Empty)
	for k, mv := range gamerules.Jenga(b).Moves(s) {
		if len(mv.Branches) == 1 && mv.Branches[0].Next == next {
			return k, true
		}
	}
	return 0, false
}

// jengaPlay plays move m on tower t (which it changes): the block at
// (m.Level, m.Pos) goes to place m.To of the top, or of a new level when
// the top is full.
func jengaPlay(t jenga.Tower, m jenga.Move) jenga.Tower {
	if m.Level < 0 || m.Level >= len(t.Levels) || m.Pos < 0 || m.Pos > 2 || m.To < 0 || m.To > 2 {
		return t // no move of the rules leads to t: the caller finds none
	}
	c := t.Levels[m.Level][m.Pos]
	t.Levels[m.Level][m.Pos] = jenga.Empty
	if t.Levels[t.Top()].Blocks() == 3 {
		t.Levels = append(t.Levels, jenga.Level{})
	}
	t.Levels[t.Top()][m.To] = c
	return t
}

// TrapsThreeWay is the trap maze under c with its rules
// (rules/gamerules.Traps) beside the hand-written analyst and referee: the
// engine checks the analyst on every maze of at most 2000 states whose
// regions have at most 200 (a region's cycle is solved by exact sparse
// elimination, whose fill-in grows fast with its size).
func TrapsThreeWay(c TrapsConfig) props.Game {
	spec, choices := TrapsSpec(c)
	return props.FromRulesAndChoices(spec, choices, props.RulesOf[*traps.Maze, gamerules.TrapsState]{
		Rules: gamerules.Traps, CheckStates: 2000, Engine: engine.Options{MaxCycleStates: 200},
		PolicyOf: trapsPolicyOf,
	})
}

// trapsPolicyOf reads the analyst's table in the rules' terms: the
// situation of a state (where the player stands, the lives left, what is
// known of each kind) is looked up, and its direction is the rules' move
// of that name.
func trapsPolicyOf(z *traps.Maze, policy any, s gamerules.TrapsState) (int, bool) {
	table, ok := policy.(traps.Table)
	if !ok {
		return 0, false
	}
	sit := traps.Situation{Row: int(s.Row), Col: int(s.Col), Life: int(s.Life)}
	for k, v := range s.Known {
		sit.Known[k] = traps.Reveal(v) // 0 unknown, 1 harmless, 2 harmful in both
	}
	d, ok := table[sit]
	if !ok {
		return 0, false
	}
	for k, m := range gamerules.Traps(z).Moves(s) {
		if m.Name == d.String() {
			return k, true
		}
	}
	return 0, false
}

// All are the four built-in games as cmd/chancecheck runs them, each
// three-way (SnakesThreeWay, ...): where a board fits the rules engine,
// the engine checks the analyst's answer where asked (report, `solve
// --exact`, and check before it blames a solver) and gives it the exact
// fraction (`solve jenga --exact` on a tower of up to 3 levels), and check
// names the oracle that judged each board.
func All() []props.Game {
	return []props.Game{SnakesThreeWay(), PatienceThreeWay(), TrapsThreeWay(TrapsConfig{}), JengaThreeWay(JengaConfig{})}
}
