package props

import (
	"context"
	"fmt"
	"math"
	"math/big"

	"github.com/chancecheck/chancecheck/rules/engine"
)

// This file holds how the rules engine checks a hand-written analyst
// (FromRules and FromRulesAndChoices with an analyst): on every board
// (RulesOf.CheckEvery), or on demand, where the analyst answers alone and
// the engine confirms it before a solver is blamed (Confirm) and gives the
// exact fraction where the analyst has none (Game.Fraction).

// Names of the oracle (Solution.Oracle) of an analyst the engine checks.
const (
	// analystOnCall: the analyst alone, the engine on call.
	analystOnCall = "the analyst (the rules engine confirms it where a solver disagrees)"
	// analystTooLarge: the board is past RulesOf.CheckStates.
	analystTooLarge = "the analyst (too large for the rules engine to check)"
	// analystAgreeing, with the engine's method: the two agree.
	analystAgreeing = "the analyst, agreeing with the rules engine ("
	// engineOverRounding, with the engine's method: the analyst's float
	// was off by its rounding (analystRounding), and the engine's answer
	// is taken.
	engineOverRounding = "the rules engine, the analyst's float off by its rounding ("
)

// Confirmer is a Game that can confirm its analyst's answer to a board by
// another oracle before a solver that disagrees with it is blamed
// (CrossCheck asks it). Every Game Define makes is one: a game with its
// rules beside its analyst (FromRules, FromRulesAndChoices) solves the
// board again by the rules engine, exactly where the board fits; the
// others return the answer as it is.
type Confirmer interface {
	// Confirm returns sol, the analyst's answer to b, with Oracle naming
	// what confirmed it (and the engine's exact fraction where the analyst
	// has none); an error wrapping ErrInconsistentOracle that names the
	// analyst when the engine contradicts it. When ctx ends, the engine
	// stops and Confirm returns an error wrapping ctx's.
	Confirm(ctx context.Context, b Board, sol Solution) (Solution, error)
}

func (d defined[B, P]) Confirm(ctx context.Context, b Board, sol Solution) (Solution, error) {
	if d.rules == nil || d.rules.confirm == nil {
		return sol, nil
	}
	return d.rules.confirm(ctx, b, sol)
}

// withAnalystChecked is s, whose analyst (Solve, Answer, AnswerValid) the
// engine checks as r says (analystChecked). On demand, the game's Fraction
// is the analyst's own (Spec.Fraction) or else the engine's
// (fractionByRules).
func withAnalystChecked[B any, S comparable](r RulesOf[B, S], s Spec[B]) Spec[B] {
	analyst := s
	// The routes with a context (solveContext, answerContext) stop the
	// engine's check when it ends; the analyst's own part takes none.
	if s.Solve != nil {
		s.solveContext = analystChecked(r, analyst, withoutContext(s.Solve))
		s.Solve = s.solveContext.background()
	}
	if s.Answer != nil {
		s.answerContext = analystChecked(r, analyst, withoutContext(s.Answer))
		s.Answer = s.answerContext.background()
	}
	if s.AnswerValid != nil {
		s.AnswerValid = analystChecked(r, analyst, withoutContext(s.AnswerValid)).background()
	}
	if !r.CheckEvery {
		s.Fraction = fractionByRules(r, analyst.Fraction)
	}
	return s
}

// analystChecked is solve (an analyst of s), checked by the engine on every
// board of at most r.CheckStates states when r.CheckEvery; else the
// analyst's answer alone, named as the analyst with the engine on call.
func analystChecked[B any, S comparable](r RulesOf[B, S], s Spec[B], solve contextSolve[B]) contextSolve[B] {
	if !r.CheckEvery {
		return func(ctx context.Context, b B) (Solution, error) {
			sol, err := solve(ctx, b)
			if err == nil && r.CheckStates >= 0 {
				sol.Oracle = analystOnCall
			}
			return sol, err
		}
	}
	return func(ctx context.Context, b B) (Solution, error) {
		sol, err := solve(ctx, b)
		if err != nil || r.CheckStates < 0 {
			return sol, err
		}
		return checkAgainstRules(ctx, r, s, b, sol)
	}
}

// confirmByRules is the engine's Confirm of the analyst of s.
func confirmByRules[B any, S comparable](r RulesOf[B, S], s Spec[B]) func(context.Context, Board, Solution) (Solution, error) {
	return func(ctx context.Context, b Board, sol Solution) (Solution, error) {
		v, ok := b.(B)
		if !ok {
			return Solution{}, fmt.Errorf("%s: a board of type %T, want %T", s.Name, b, v)
		}
		return checkAgainstRules(ctx, r, s, v, sol)
	}
}

// checkAgainstRules checks sol, the analyst's answer to b, against the
// engine's, solved exactly where b fits the engine's exact mode (else in
// float64 with its proved bound) within r.CheckStates states. A board past
// the engine's limits keeps the analyst's answer, named as unchecked (the
// referee's agreement alone checks it); a disagreement is an error
// wrapping ErrInconsistentOracle.
func checkAgainstRules[B any, S comparable](ctx context.Context, r RulesOf[B, S], s Spec[B], b B, sol Solution) (Solution, error) {
	opts := r.Engine
	opts.MaxStates = r.CheckStates
	opts.PMF = false
	res, err := engine.SolveContext(ctx, r.Rules(b), opts)
	if tooLargeForEngine(err) {
		sol.Oracle = analystTooLarge
		return sol, nil
	}
	if err != nil {
		return Solution{}, fmt.Errorf("%s: the rules engine: %w", s.Name, err)
	}
	frac := sol.Fraction
	if frac == nil && s.Fraction != nil {
		if frac, err = s.Fraction(b); err != nil {
			return Solution{}, err
		}
	}
	msg := rulesDisagree(sol.Value, frac, res)
	if msg != "" && !analystRounding(sol.Value, frac, res) {
		how := "solving the board in float64 with a proved error bound"
		if res.Fraction != nil {
			how = "solving the board exactly"
		}
		return Solution{}, fmt.Errorf("%s: %w: the analyst and the rules engine disagree, the engine %s: the analyst is wrong, or the rules are: %s",
			s.Name, ErrInconsistentOracle, how, msg)
	}
	sol.Oracle = analystAgreeing + res.Method + ")"
	if msg != "" {
		// Within the analyst's rounding: the engine's answer (exact, or
		// within its proved bound) is the better one, and is taken.
		sol.Value, sol.Oracle = res.Value, engineOverRounding+res.Method+")"
	}
	sol.Endless = res.Endless // the answer declared for a board no play ends
	sol.Proof = proofOf(res, opts).withinBound(sol.Value, res.Value)
	if frac == nil && res.Fraction != nil {
		sol.Fraction = res.Fraction // the engine's, which the analyst's float agrees with
	}
	return sol, nil
}

// fractionByRules is the exact fraction of a board: own's (the analyst's
// exact route, Spec.Fraction) where it is set, else the engine's where the
// board fits its exact mode within r.CheckStates states; nil elsewhere.
func fractionByRules[B any, S comparable](r RulesOf[B, S], own func(B) (*big.Rat, error)) func(B) (*big.Rat, error) {
	if own != nil || r.CheckStates < 0 {
		return own
	}
	return func(b B) (*big.Rat, error) {
		opts := r.Engine
		opts.MaxStates = r.CheckStates
		opts.PMF = false
		res, err := engine.Solve(r.Rules(b), opts)
		if tooLargeForEngine(err) {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("the rules engine: %w", err)
		}
		return res.Fraction, nil
	}
}

// analystRounding reports whether an analyst's float value, which
// rulesDisagree found off the engine's, is off by no more than float64
// rounding can take it on an ill-conditioned board: within rulesRounding
// (relative) beside the engine's bound, its fraction, if any, the
// engine's.
func analystRounding[S comparable](value float64, frac *big.Rat, res engine.Result[S]) bool {
	if frac != nil && res.Fraction != nil && frac.Cmp(res.Fraction) != 0 {
		return false
	}
	d := math.Abs(value - res.Value)
	return d <= rulesRounding*max(1, math.Abs(res.Value))+res.ErrorBound
}

// rulesDisagree says how the analyst's answer differs from the engine's:
// fractions must be equal where both have one, and the analyst's float
// within 1e-12 of max(1, |value|) plus the engine's bound in any case (a
// right fraction beside a wrong float is still a wrong answer); "" when
// they agree.
func rulesDisagree[S comparable](value float64, frac *big.Rat, res engine.Result[S]) string {
	if frac != nil && res.Fraction != nil && frac.Cmp(res.Fraction) != 0 {
		return fmt.Sprintf("the analyst's fraction %s, the engine's %s", frac.RatString(), res.Fraction.RatString())
	}
	if d := math.Abs(value - res.Value); !(d <= rulesAgreement*max(1, math.Abs(res.Value))+res.ErrorBound) {
		return fmt.Sprintf("the analyst says %.17g, the engine %.17g (± %g)", value, res.Value, res.ErrorBound)
	}
	return ""
}
