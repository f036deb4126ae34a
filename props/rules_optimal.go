package props

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/engine"
)

// OptimalInvariant is the name of the invariant "no best response beats
// the policy the analyst hands over", which FromRulesWithChoices and
// FromRulesAndChoices add to a game with choices whose policy is a
// rules.Policy. The agreement of the analyst and the referee checks the
// value of the policy handed over, not that it is optimal: an analyst that
// stops too early, and reports the true value of stopping early, agrees
// with a referee that plays its policy. This invariant is the check of
// optimality: the rules engine solves the best response against the fixed
// policy (in a game of one player, the player's own best policy; in a game
// of two players, each player's best reply to the other's fixed strategy)
// and the invariant fails when one beats the policy's own value by more
// than the engine's proved error bounds plus 1e-12 of max(1, |value|).
// Boards where one of the graphs it solves (the policy's own, each best
// response's) has more than RulesOf.CheckStates states, or that the engine
// refuses for its limits, are not checked by it.
const OptimalInvariant = "optimal"

// optimalInvariant is OptimalInvariant over r's rules.
func optimalInvariant[B any, S comparable](r RulesOf[B, S]) Invariant[B] {
	inv := Invariant[B]{
		Name: OptimalInvariant,
		Doc:  "no best response beats the policy the analyst hands over (the rules engine solves it against the fixed policy)",
		CheckContext: func(ctx context.Context, b B, sol Solution) error {
			pol, ok := sol.Policy.(rules.Policy[S])
			if !ok && r.PolicyOf != nil {
				var fits bool
				if pol, fits = policyOf(r, b, sol.Policy); !fits {
					return nil // too large for the engine
				}
				ok = true
			}
			if !ok {
				return fmt.Errorf("the solution's policy is a %T, not a rules.Policy of the game's states", sol.Policy)
			}
			return checkOptimal(ctx, r, b, pol)
		},
	}
	inv.Check = func(b B, sol Solution) error { return inv.CheckContext(context.Background(), b, sol) }
	return inv
}

// respondent is one side whose best response to the rest of a policy the
// engine solves: the states whose moves stay fixed, and its own goal.
type respondent[S comparable] struct {
	name  string
	fixed func(s S) bool
	goal  rules.Goal
}

// checkOptimal is OptimalInvariant on one board.
func checkOptimal[B any, S comparable](ctx context.Context, r RulesOf[B, S], b B, pol rules.Policy[S]) error {
	if r.CheckStates < 0 {
		return nil
	}
	rs := r.Rules(b)
	opts := r.Engine
	opts.PMF = false
	opts.MaxStates = r.CheckStates
	all := func(S) bool { return true }
	own, err := engine.SolveContext(ctx, rules.Fix(rs, pol, all), opts)
	if tooLargeForEngine(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("the rules engine, solving the policy's own value: %w", err)
	}
	for s := range own.Policy {
		return fmt.Errorf("the policy chooses no move at state %v, which it reaches", s)
	}
	sides := []respondent[S]{{"the player", func(S) bool { return false }, rs.Goal}}
	if rs.Mover != nil {
		sides = []respondent[S]{
			{"the minimiser", func(s S) bool { return rs.Mover(s) == rules.Maximise }, rules.Minimise},
			{"the maximiser", func(s S) bool { return rs.Mover(s) == rules.Minimise }, rules.Maximise},
		}
	}
	for _, side := range sides {
		best, err := engine.SolveContext(ctx, rules.Fix(rs, pol, side.fixed), opts)
		if tooLargeForEngine(err) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("the rules engine, solving %s's best response: %w", side.name, err)
		}
		for s := range best.Policy {
			if side.fixed(s) {
				return fmt.Errorf("the policy chooses no move at state %v, which %s's best response reaches", s, side.name)
			}
		}
		if msg := beats(side, best, own, rs, pol); msg != "" {
			return errors.New(msg)
		}
	}
	return nil
}

// beats says how the best response beats the policy's own value beyond
// the bounds, naming a state where they differ; "" when it does not.
func beats[S comparable](side respondent[S], best, own engine.Result[S], rs rules.Rules[S], pol rules.Policy[S]) string {
	gain := best.Value - own.Value
	if side.goal == rules.Minimise {
		gain = -gain
	}
	allowed := rulesAgreement*max(1, math.Abs(own.Value)) + best.ErrorBound + own.ErrorBound
	if best.Fraction != nil && own.Fraction != nil {
		d := best.Fraction.Cmp(own.Fraction)
		if side.goal == rules.Minimise {
			d = -d
		}
		if d <= 0 {
			return ""
		}
	}
	if !(gain > allowed) {
		return ""
	}
	where := ""
	first := ""
	for s, k := range best.Policy {
		if k == pol[s] {
			continue
		}
		if key := fmt.Sprint(s); first == "" || key < first {
			first = key
			moves := rs.MovesOf(s)
			where = fmt.Sprintf("; at state %v the policy plays %s, the best response %s", s, moveLabel(moves, pol[s]), moveLabel(moves, k))
		}
	}
	return fmt.Sprintf("the policy is not optimal: %s's best response to it gets %.12g, the policy %.12g (better by %.3g, beyond the engine's proved bounds and 1e-12 of the value)%s",
		side.name, best.Value, own.Value, gain, where)
}

// moveLabel names move k of moves for a message.
func moveLabel[S comparable](moves []rules.Move[S], k int) string {
	if k >= 0 && k < len(moves) && moves[k].Name != "" {
		return fmt.Sprintf("%q", moves[k].Name)
	}
	return fmt.Sprintf("move %d", k)
}

// tooLargeForEngine reports whether err is the engine refusing a board
// for its limits (or, in a game of two players, for bounds that do not
// meet), which no check counts against the analyst: a board nobody can
// judge (ErrCannotJudge).
func tooLargeForEngine(err error) bool {
	return errors.Is(err, engine.ErrTooManyStates) || errors.Is(err, engine.ErrCycleTooLarge) || errors.Is(err, engine.ErrNoBound)
}

// policyOf reads the analyst's policy as a rules.Policy (RulesOf.PolicyOf)
// at every state with several moves; false when the board has more than
// RulesOf.CheckStates states. A state where the analyst plays no move is
// left out, for checkOptimal to report if the policy reaches it.
func policyOf[B any, S comparable](r RulesOf[B, S], b B, pol any) (rules.Policy[S], bool) {
	if r.CheckStates < 0 {
		return nil, false
	}
	out, err := readPolicy(r, b, pol, r.CheckStates)
	if tooLargeForEngine(err) {
		return nil, false
	}
	if err != nil {
		return rules.Policy[S]{}, true // checkOptimal's engine says what is wrong
	}
	return out, true
}

// readPolicy reads pol through RulesOf.PolicyOf at every state with
// several moves of b's graph, explored within limit states.
func readPolicy[B any, S comparable](r RulesOf[B, S], b B, pol any, limit int) (rules.Policy[S], error) {
	rs := r.Rules(b)
	g, err := engine.Explore(rs, limit)
	if err != nil {
		return nil, err
	}
	out := rules.Policy[S]{}
	for _, s := range g.States {
		if _, ended := rs.End(s); ended || len(rs.MovesOf(s)) < 2 {
			continue
		}
		if k, ok := r.PolicyOf(b, pol, s); ok {
			out[s] = k
		}
	}
	return out, nil
}

// genericRefereeOf is the referee of FromRulesAndChoices without one of
// its own: the generic referee playing the rules under the analyst's
// policy, read as a rules.Policy directly or through RulesOf.PolicyOf (at
// every state the engine explores within RulesOf.Engine.MaxStates; a board
// past it cannot be judged). It panics when P is neither and PolicyOf is
// nil: a Spec is code, and the mistake shows the first time it runs.
func genericRefereeOf[B, P any, S comparable](r RulesOf[B, S], name string) func(B, P) (func() montecarlo.Player, error) {
	if _, ok := any(*new(P)).(rules.Policy[S]); ok {
		return func(b B, pol P) (func() montecarlo.Player, error) {
			return rulesReferee(r, b, any(pol).(rules.Policy[S])), nil
		}
	}
	if r.PolicyOf == nil {
		panic(specError(name, fmt.Sprintf("FromRulesAndChoices without Choices.Referee needs a policy the generic referee can play: a rules.Policy, or RulesOf.PolicyOf to read a %T as one", *new(P))))
	}
	return func(b B, pol P) (func() montecarlo.Player, error) {
		limit := r.Engine.MaxStates
		if limit == 0 {
			limit = engine.DefaultMaxStates
		}
		out, err := readPolicy(r, b, any(pol), limit)
		if tooLargeForEngine(err) {
			return nil, fmt.Errorf("%s: the generic referee reads the analyst's policy at every state: %w: %w", name, err, ErrCannotJudge)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: the generic referee: %w", name, err)
		}
		return rulesReferee(r, b, out), nil
	}
}
