package props

import (
	"context"
	"fmt"

	"github.com/chancecheck/chancecheck/rules/engine"
)

// EngineLimits are the limits of the rules engine behind a game defined by
// its rules (FromRules, FromRulesWithChoices, FromRulesAndChoices): the
// engine's Options and the largest error bound a float64 answer may carry.
// The CLI's --engine-* flags set them (solve, check and report).
type EngineLimits struct {
	Options  engine.Options
	MaxError float64
	// CheckEvery has the engine check a hand-written analyst on every
	// board (RulesOf.CheckEvery): report and `solve --exact` set it.
	CheckEvery bool
}

// RulesEngineGame is a Game that may be defined by rules: every Game
// Define makes is one, and reports with ok whether its answers come from
// (or are checked by) the rules engine.
type RulesEngineGame interface {
	// EngineLimits are the limits in force, with ok false for a game
	// without rules.
	EngineLimits() (l EngineLimits, ok bool)
	// WithEngineLimits is the same game under other limits (zero fields
	// take the defaults), with the digits and generator parameters in
	// force; an error wrapping ErrUnsupported for a game without rules.
	WithEngineLimits(l EngineLimits) (Game, error)
}

// rulesHook is what a game defined by rules keeps to be rebuilt under
// other engine limits.
type rulesHook struct {
	limits  EngineLimits
	rebuild func(EngineLimits) Game
	// confirm is the game's Confirm where the engine checks its analyst on
	// demand; nil otherwise.
	confirm func(context.Context, Board, Solution) (Solution, error)
}

func (d defined[B, P]) EngineLimits() (EngineLimits, bool) {
	if d.rules == nil {
		return EngineLimits{}, false
	}
	return d.rules.limits, true
}

func (d defined[B, P]) WithEngineLimits(l EngineLimits) (Game, error) {
	if d.rules == nil {
		return nil, fmt.Errorf("%s is not defined by rules, so it has no engine limits: %w", d.spec.Name, ErrUnsupported)
	}
	g := d.rules.rebuild(l).(defined[B, P])
	g.digits, g.values = d.digits, d.values
	g.gen = g.generator()
	return g, nil
}

// withRulesHook sets the hook of a Game that Define or DefineWithPolicy
// made over B and P.
func withRulesHook[B, P any](g Game, h *rulesHook) Game {
	d := g.(defined[B, P])
	d.rules = h
	return d
}
