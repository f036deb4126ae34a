package props

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/engine"
	"github.com/chancecheck/chancecheck/rules/referee"
)

// Defaults of RulesOf's zero values.
const (
	// DefaultRulesMaxError is an error bound an answer of the engine
	// solved in float64 may always carry, relative to the value where it
	// is above 1 (as judges' tolerances are): far below any judge's. By
	// default a bound up to a tenth of what the game's judge accepts
	// (Spec.Tolerance) is allowed too; see RulesOf.MaxError.
	DefaultRulesMaxError = 1e-10
	// toleranceShare is the share of the judge's tolerance an engine's
	// float64 answer may be off by, by default: the judge's window then
	// moves by at most a tenth of itself.
	toleranceShare = 0.1
	// DefaultRulesCheckStates is how many states a board's graph may have
	// for the engine to check a hand-written analyst on it.
	DefaultRulesCheckStates = 1 << 12
	// DefaultRulesMaxSteps bounds one play of the generic referee.
	DefaultRulesMaxSteps = 1 << 24
	// rulesAgreement is how near a hand-written analyst's float answer
	// must be to the engine's (relative to max(1, |value|)), besides the
	// engine's own error bound, where there is no fraction to compare.
	rulesAgreement = 1e-12
	// rulesRounding is how far past rulesAgreement an analyst's float64
	// answer may be off the engine's and still be rounding, not a fault:
	// Gaussian elimination loses digits with the board's condition
	// (snakes, 21,251 expected throws on a board of 40 snakes: 1.4e-12
	// relative; the loss grows about as the expectation), while an
	// analyst off by 1e-9 is a fault (TestChoicesThreeWayGames). Past
	// rulesAgreement the engine's answer is taken; past rulesRounding the
	// oracle is inconsistent.
	rulesRounding = 1e-10
)

// RulesOf is a game's rules for FromRules: the rules of every board, from
// which the exact engine (rules/engine) solves a board and the generic
// referee (rules/referee) plays it.
type RulesOf[B any, S comparable] struct {
	// Rules are the rules of board b. Like every part of a Spec, it must
	// be deterministic and safe to call from several goroutines.
	Rules func(b B) rules.Rules[S]
	// Engine bounds the engine's work on one board; the zero value takes
	// the engine's defaults. A board past one of its limits (states, a
	// cycle it cannot solve) is an error of Solve that names the limit and
	// its --engine-* flag and wraps ErrCannotJudge: check and report skip
	// and count it. The CLI's flags change it (WithEngineLimits).
	Engine engine.Options
	// MaxError is the largest error bound a float64 answer of the engine
	// may carry, times max(1, |value|). 0 follows the game's tolerance:
	// the larger of DefaultRulesMaxError times max(1, |value|) and a tenth
	// of the error the judge accepts at the value (Spec.Tolerance), so
	// that a game judged to 1e-3 is not refused for a bound of 1e-5.
	MaxError float64
	// CheckStates: where the Spec has its own analyst (Solve), boards with
	// at most this many states are solved by the engine too (exactly where
	// they fit the engine's exact mode, else in float64 with its proved
	// bound), and the analyst's answer stands only if the two agree
	// (fractions equal where both have one, and values within 1e-12 of
	// max(1, |value|) plus the engine's error bound): on every board when
	// CheckEvery, else on demand (Confirm, Game.Fraction). 0 means
	// DefaultRulesCheckStates; negative, never. OptimalInvariant holds to
	// it each graph it solves rather than the board's own: the graph the
	// analyst's policy reaches with its moves fixed, and each best
	// response's (the board's whole graph in a game of one player; in a
	// game of two, the graph with one side's moves fixed), so that it may
	// check a board whose own graph is past CheckStates.
	CheckStates int
	// CheckEvery: the engine checks the analyst on every board Solve and
	// Answer answer (report's three-way property, `solve --exact`, the
	// test suite). False, the default and the fast path of solve and
	// check: the analyst answers alone, at its own speed, and the engine
	// solves a board only where it is asked to: to confirm the analyst
	// before a solver that disagrees with it is blamed (CrossCheck calls
	// Confirm; an analyst the engine contradicts stops the check with
	// ErrInconsistentOracle), and for the exact fraction of a board whose
	// analyst has none (Game.Fraction).
	CheckEvery bool
	// MaxSteps bounds one play of the generic referee; 0 means
	// DefaultRulesMaxSteps.
	MaxSteps int
	// PolicyOf, for FromRulesAndChoices where the analyst's policy is not
	// a rules.Policy, reads it in the rules' terms: the index in
	// Rules(b).Moves(s) of the move that policy (the analyst's, of the
	// Choices' type P) plays at state s, false where it plays none. With
	// it the game gets OptimalInvariant. Nil: the invariant is added only
	// when P is rules.Policy[S].
	PolicyOf func(b B, policy any, s S) (int, bool)

	// tolerance is the judge's rule of the game (Spec.Tolerance), which
	// the error allowed follows when MaxError is 0.
	tolerance Tolerance
}

func (r RulesOf[B, S]) withDefaults() RulesOf[B, S] {
	if r.CheckStates == 0 {
		r.CheckStates = DefaultRulesCheckStates
	}
	if r.MaxSteps == 0 {
		r.MaxSteps = DefaultRulesMaxSteps
	}
	return r
}

// FromRules makes a Game of a game without choices from its rules: the
// parts of s left nil come from them. Without Solve, the engine is the
// analyst (Solution.Fraction where it solves exactly, the outcome
// distribution for a Count game). With Solve, the hand-written analyst
// stays and the engine checks it on boards small enough
// (RulesOf.CheckStates): on every board with RulesOf.CheckEvery, so that
// agreement of the analyst, the engine and the referee is three-way; by
// default only where asked, the analyst answering at its own speed (the
// engine confirms it before a solver is blamed, Confirmer, and gives the
// exact fraction where the analyst has none). Without Play and Referee, the generic referee
// plays the rules. The rules must have Chance, not Moves: a game with
// choices uses FromRulesWithChoices.
func FromRules[B any, S comparable](s Spec[B], r RulesOf[B, S]) Game {
	if r.Rules == nil {
		panic(specError(s.Name, "FromRules needs RulesOf.Rules"))
	}
	orig := s
	r = r.withDefaults()
	r.tolerance = s.Tolerance
	if s.Solve == nil {
		s.solveContext = func(ctx context.Context, b B) (Solution, error) {
			sol, _, err := solveByRules(ctx, r, b, s.Outcome, s.Name)
			return sol, err
		}
		if s.Answer == nil {
			// solve and check print the value alone: no distribution.
			s.answerContext = func(ctx context.Context, b B) (Solution, error) {
				sol, _, err := solveByRules(ctx, r, b, WinLoss, s.Name)
				return sol, err
			}
		} else {
			s.answerContext = withoutContext(s.Answer)
		}
		if s.AnswerKind == answer.Residue {
			s.answerContext = residueByRules(r, s.answerContext, s.Modulus, s.Name)
		}
	} else {
		s = withAnalystChecked(r, s)
	}
	s.Solve = s.solveContext.background()
	if s.answerContext != nil {
		s.Answer = s.answerContext.background()
	}
	if s.Play == nil && s.Referee == nil {
		s.Referee = func(b B) (func() montecarlo.Player, error) { return rulesReferee(r, b, nil), nil }
	}
	return withRulesHook[B, noPolicy](Define(s), r.hook(orig, orig.Solve != nil, func(r RulesOf[B, S]) Game { return FromRules(orig, r) }))
}

// hook is r's limits, the way to rebuild the game under others, and the
// engine's confirmation of the analyst's answer where s (as given, before
// the engine's checks were added) has an analyst that the engine checks on
// demand (confirmByRules).
func (r RulesOf[B, S]) hook(s Spec[B], analyst bool, build func(RulesOf[B, S]) Game) *rulesHook {
	h := &rulesHook{
		limits: EngineLimits{Options: r.Engine, MaxError: r.MaxError, CheckEvery: r.CheckEvery},
		rebuild: func(l EngineLimits) Game {
			r.Engine, r.MaxError, r.CheckEvery = l.Options, l.MaxError, l.CheckEvery
			return build(r)
		},
	}
	if analyst && !r.CheckEvery && r.CheckStates >= 0 {
		h.confirm = confirmByRules(r, s)
	}
	return h
}

// FromRulesWithChoices makes a Game of a game with choices from its rules
// alone: the engine is the analyst and its optimal policy (a rules.Policy)
// the one the generic referee plays; `solve --policy` prints it. s must
// leave Solve, Play and Referee nil. The rules may be of one player or of
// two (rules.Rules.Mover): then the policy holds both players' strategies
// and the referee plays both. The game gets the invariant OptimalInvariant.
func FromRulesWithChoices[B any, S comparable](s Spec[B], r RulesOf[B, S]) Game {
	if r.Rules == nil {
		panic(specError(s.Name, "FromRulesWithChoices needs RulesOf.Rules"))
	}
	orig := s
	r = r.withDefaults()
	r.tolerance = s.Tolerance
	s.Invariants = append(slices.Clone(s.Invariants), optimalInvariant(r))
	if s.Answer == nil {
		// solve and check print the value alone: no distribution.
		s.answerContext = func(ctx context.Context, b B) (Solution, error) {
			sol, _, err := solveByRules(ctx, r, b, WinLoss, s.Name)
			return sol, err
		}
		s.Answer = s.answerContext.background()
	}
	solve := func(ctx context.Context, b B) (Solution, rules.Policy[S], error) {
		return solveByRules(ctx, r, b, s.Outcome, s.Name)
	}
	g := DefineWithPolicy(s, Choices[B, rules.Policy[S]]{
		Solve:        func(b B) (Solution, rules.Policy[S], error) { return solve(context.Background(), b) },
		solveContext: solve,
		Referee: func(b B, pol rules.Policy[S]) (func() montecarlo.Player, error) {
			return rulesReferee(r, b, pol), nil
		},
		WritePolicy: func(w io.Writer, b B) error { return writeRulesPolicy(w, r, b, s.Outcome, s.Name) },
	})
	// The engine is the analyst: nothing to confirm.
	return withRulesHook[B, rules.Policy[S]](g, r.hook(orig, false, func(r RulesOf[B, S]) Game { return FromRulesWithChoices(orig, r) }))
}

// FromRulesAndChoices makes a Game of a game with choices that has a
// hand-written analyst (c.Solve) and its rules too: the analyst's
// answers (c.Solve, and s.Answer when set) are checked by the engine on
// boards of at most RulesOf.CheckStates states, as FromRules does (on
// every board with RulesOf.CheckEvery, else on demand), and where the
// analyst has no fraction and the engine solves exactly, the engine's
// fraction is the answer's. The referee plays the analyst's policy,
// as in DefineWithPolicy: c.Referee, or when it is nil the generic referee
// playing the rules under the analyst's policy, read as a rules.Policy (P
// is rules.Policy[S], or RulesOf.PolicyOf reads it; without either a nil
// c.Referee panics, naming them). Where the policy type P is rules.Policy[S], the
// game gets the invariant OptimalInvariant: the engine checks that no best
// response beats the analyst's policy, which the referee cannot.
func FromRulesAndChoices[B, P any, S comparable](s Spec[B], c Choices[B, P], r RulesOf[B, S]) Game {
	if r.Rules == nil {
		panic(specError(s.Name, "FromRulesAndChoices needs RulesOf.Rules"))
	}
	orig, origC := s, c
	r = r.withDefaults()
	r.tolerance = s.Tolerance
	if _, ok := any(*new(P)).(rules.Policy[S]); ok || r.PolicyOf != nil {
		s.Invariants = append(slices.Clone(s.Invariants), optimalInvariant(r))
	}
	if c.Referee == nil {
		c.Referee = genericRefereeOf[B, P](r, s.Name)
	}
	solve := c.Solve
	if solve != nil {
		c.solveContext = func(ctx context.Context, b B) (Solution, P, error) {
			var pol P
			check := analystChecked(r, s, func(_ context.Context, b B) (Solution, error) {
				sol, p, err := solve(b)
				pol = p
				return sol, err
			})
			sol, err := check(ctx, b)
			return sol, pol, err
		}
		c.Solve = func(b B) (Solution, P, error) { return c.solveContext(context.Background(), b) }
	}
	analyst := s
	s = withAnalystChecked(r, s)
	return withRulesHook[B, P](DefineWithPolicy(s, c), r.hook(analyst, solve != nil, func(r RulesOf[B, S]) Game { return FromRulesAndChoices(orig, origC, r) }))
}

// solveByRules is the engine's answer for b as a Solution, with the
// outcome distribution for a Count game (WinLoss asks for the value
// alone). A board past the engine's limits, or whose float64 bound is
// wider than MaxError, is an error wrapping ErrCannotJudge that names the
// limit: nobody's fault, skipped and counted by check and report.
func solveByRules[B any, S comparable](ctx context.Context, r RulesOf[B, S], b B, outcome OutcomeKind, name string) (Solution, rules.Policy[S], error) {
	opts := r.Engine
	opts.PMF = outcome == Count
	res, err := engine.SolveContext(ctx, r.Rules(b), opts)
	if tooLargeForEngine(err) {
		return Solution{}, nil, fmt.Errorf("%s: the rules engine: %w: %w", name, err, ErrCannotJudge)
	}
	if err != nil {
		return Solution{}, nil, fmt.Errorf("%s: the rules engine: %w", name, err)
	}
	if res.Endless {
		return Solution{Value: res.Value, Fraction: res.Fraction, Endless: true, Oracle: "the rules engine (no play ends: the rules' answer for it)"}, res.Policy, nil
	}
	if allowed, rule := r.errorAllowed(res.Value); res.Fraction == nil && !(res.ErrorBound <= allowed) {
		return Solution{}, nil, fmt.Errorf("%s: the rules engine's float64 answer %v may be off by %g, more than the %g allowed (%s; --engine-max-error sets it): %w", name, res.Value, res.ErrorBound, allowed, rule, ErrCannotJudge)
	}
	sol := Solution{Value: res.Value, Fraction: res.Fraction, Oracle: "the rules engine (exact fraction)", Proof: proofOf(res, opts)}
	if res.Fraction == nil {
		// The bound allowed, not the bound of this board: the oracle's name
		// is counted over boards (check's "boards by oracle").
		sol.Oracle = fmt.Sprintf("the rules engine (float64, error at most %.0e)", r.MaxError)
		if r.MaxError == 0 {
			sol.Oracle = fmt.Sprintf("the rules engine (float64, error at most %.0e or a tenth of the tolerance)", DefaultRulesMaxError)
		}
	}
	if outcome == Count {
		if len(res.PMF) == 0 {
			// No play ended within the limit: there is nothing to test the
			// referee against, which is nobody's fault.
			return Solution{}, nil, fmt.Errorf("%s: the rules engine's outcome distribution is empty, %s, before any play ended: %w", name, res.PMFCut, ErrCannotJudge)
		}
		sol.PMF, sol.PMFTail = res.PMF, res.PMFTail
		if res.PMFCut != "" {
			sol.Oracle += fmt.Sprintf(", distribution %s with %.1e of its mass left out", res.PMFCut, res.PMFTail)
		}
	}
	return sol, res.Policy, nil
}

// errorAllowed is the largest error bound a float64 answer near value may
// carry, and the rule that gives it. Relative above 1: a count of 2 311
// seconds cannot carry an absolute 1e-10 in float64, and no judge asks for
// it.
func (r RulesOf[B, S]) errorAllowed(value float64) (float64, string) {
	scale := max(1, math.Abs(value))
	if r.MaxError > 0 {
		return r.MaxError * scale, fmt.Sprintf("RulesOf.MaxError %g times max(1, |value|)", r.MaxError)
	}
	t := r.tolerance
	if t == (Tolerance{}) {
		t = Tolerance{Abs: DefaultTolerance, Rel: DefaultTolerance}
	}
	window := max(t.Abs, t.Rel*math.Abs(value))
	return max(DefaultRulesMaxError*scale, toleranceShare*window), fmt.Sprintf("the larger of %g times max(1, |value|) and a tenth of the judge's tolerance, %s", DefaultRulesMaxError, t)
}

// rulesReferee makes the generic referee's players for b under pol.
func rulesReferee[B any, S comparable](r RulesOf[B, S], b B, pol rules.Policy[S]) func() montecarlo.Player {
	rs := r.Rules(b)
	return func() montecarlo.Player {
		return func(rng *rand.Rand) (int, error) { return referee.Play(rs, pol, rng, r.MaxSteps) }
	}
}

// writeRulesPolicy prints the engine's optimal move at every state with a
// choice, one "state: move" a line in the order of the states' printed
// forms.
func writeRulesPolicy[B any, S comparable](w io.Writer, r RulesOf[B, S], b B, outcome OutcomeKind, name string) error {
	_, pol, err := solveByRules(context.Background(), r, b, outcome, name)
	if err != nil {
		return err
	}
	rs := r.Rules(b)
	lines := make([]string, 0, len(pol))
	for s, m := range pol {
		move := rs.MovesOf(s)[m]
		label := move.Name
		if label == "" {
			label = fmt.Sprintf("move %d", m)
		}
		lines = append(lines, fmt.Sprintf("%v: %s\n", s, label))
	}
	slices.Sort(lines)
	for _, l := range lines {
		if _, err := io.WriteString(w, l); err != nil {
			return err
		}
	}
	return nil
}
