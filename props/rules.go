package props

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/big"
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
	// DefaultRulesMaxError is the largest error bound an answer of the
	// engine solved in float64 may carry, relative to the value where it
	// is above 1 (as judges' tolerances are): far below any judge's.
	DefaultRulesMaxError = 1e-10
	// DefaultRulesCheckStates is how many states a board's graph may have
	// for the engine to check a hand-written analyst on it.
	DefaultRulesCheckStates = 1 << 12
	// DefaultRulesMaxSteps bounds one play of the generic referee.
	DefaultRulesMaxSteps = 1 << 24
	// rulesAgreement is how near a hand-written analyst's float answer
	// must be to the engine's (relative to max(1, |value|)), besides the
	// engine's own error bound, where there is no fraction to compare.
	rulesAgreement = 1e-12
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
	// may carry, times max(1, |value|); 0 means DefaultRulesMaxError.
	MaxError float64
	// CheckStates: where the Spec has its own analyst (Solve), boards with
	// at most this many states are solved by the engine too, and Solve
	// fails unless the two agree (fractions equal where both have one, and
	// values within 1e-12 of max(1, |value|) plus the engine's error bound).
	// 0 means DefaultRulesCheckStates; negative, never.
	CheckStates int
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
}

func (r RulesOf[B, S]) withDefaults() RulesOf[B, S] {
	if r.MaxError == 0 {
		r.MaxError = DefaultRulesMaxError
	}
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
// stays and the engine checks it on every board small enough
// (RulesOf.CheckStates): agreement of the analyst, the engine and the
// referee is then three-way. Without Play and Referee, the generic referee
// plays the rules. The rules must have Chance, not Moves: a game with
// choices uses FromRulesWithChoices.
func FromRules[B any, S comparable](s Spec[B], r RulesOf[B, S]) Game {
	if r.Rules == nil {
		panic(specError(s.Name, "FromRules needs RulesOf.Rules"))
	}
	orig := s
	r = r.withDefaults()
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
		s.solveContext = checkedByRules(r, s, withoutContext(s.Solve))
		if s.Answer != nil {
			s.answerContext = checkedByRules(r, s, withoutContext(s.Answer))
		}
	}
	s.Solve = s.solveContext.background()
	if s.answerContext != nil {
		s.Answer = s.answerContext.background()
	}
	if s.Play == nil && s.Referee == nil {
		s.Referee = func(b B) (func() montecarlo.Player, error) { return rulesReferee(r, b, nil), nil }
	}
	return withRulesHook[B, noPolicy](Define(s), r.hook(func(r RulesOf[B, S]) Game { return FromRules(orig, r) }))
}

// hook is r's limits and the way to rebuild the game under others.
func (r RulesOf[B, S]) hook(build func(RulesOf[B, S]) Game) *rulesHook {
	return &rulesHook{
		limits: EngineLimits{Options: r.Engine, MaxError: r.MaxError},
		rebuild: func(l EngineLimits) Game {
			r.Engine, r.MaxError = l.Options, l.MaxError
			return build(r)
		},
	}
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
	return withRulesHook[B, rules.Policy[S]](g, r.hook(func(r RulesOf[B, S]) Game { return FromRulesWithChoices(orig, r) }))
}

// FromRulesAndChoices makes a Game of a game with choices that has a
// hand-written analyst and referee (c) and its rules too: the analyst's
// answers (c.Solve, and s.Answer when set) are checked by the engine on
// every board of at most RulesOf.CheckStates states, as FromRules does, and
// where the analyst has no fraction and the engine solved exactly, the
// engine's fraction is the answer's. The referee plays the analyst's policy,
// as in DefineWithPolicy. Where the policy type P is rules.Policy[S], the
// game gets the invariant OptimalInvariant: the engine checks that no best
// response beats the analyst's policy, which the referee cannot.
func FromRulesAndChoices[B, P any, S comparable](s Spec[B], c Choices[B, P], r RulesOf[B, S]) Game {
	if r.Rules == nil {
		panic(specError(s.Name, "FromRulesAndChoices needs RulesOf.Rules"))
	}
	orig, origC := s, c
	r = r.withDefaults()
	if s.Answer != nil {
		s.answerContext = checkedByRules(r, s, withoutContext(s.Answer))
		s.Answer = s.answerContext.background()
	}
	if _, ok := any(*new(P)).(rules.Policy[S]); ok || r.PolicyOf != nil {
		s.Invariants = append(slices.Clone(s.Invariants), optimalInvariant(r))
	}
	solve := c.Solve
	if solve != nil {
		c.solveContext = func(ctx context.Context, b B) (Solution, P, error) {
			var pol P
			check := checkedByRules(r, s, func(_ context.Context, b B) (Solution, error) {
				sol, p, err := solve(b)
				pol = p
				return sol, err
			})
			sol, err := check(ctx, b)
			return sol, pol, err
		}
		c.Solve = func(b B) (Solution, P, error) { return c.solveContext(context.Background(), b) }
	}
	return withRulesHook[B, P](DefineWithPolicy(s, c), r.hook(func(r RulesOf[B, S]) Game { return FromRulesAndChoices(orig, origC, r) }))
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
	// Relative above 1: a count of 2 311 seconds cannot carry an absolute
	// 1e-10 in float64, and no judge asks for it.
	if allowed := r.MaxError * max(1, math.Abs(res.Value)); res.Fraction == nil && !(res.ErrorBound <= allowed) {
		return Solution{}, nil, fmt.Errorf("%s: the rules engine's float64 answer %v may be off by %g, more than the %g allowed (RulesOf.MaxError %g times max(1, |value|), --engine-max-error): %w", name, res.Value, res.ErrorBound, allowed, r.MaxError, ErrCannotJudge)
	}
	sol := Solution{Value: res.Value, Fraction: res.Fraction, Oracle: "the rules engine (exact fraction)", Proof: proofOf(res, opts)}
	if res.Fraction == nil {
		// The bound allowed, not the bound of this board: the oracle's name
		// is counted over boards (check's "boards by oracle").
		sol.Oracle = fmt.Sprintf("the rules engine (float64, error at most %.0e)", r.MaxError)
	}
	if outcome == Count {
		sol.PMF, sol.PMFTail = res.PMF, res.PMFTail
		if res.PMFTail > r.Engine.PMFTail && res.PMFTail > engine.DefaultPMFTail {
			sol.Oracle += fmt.Sprintf(", distribution cut with %.1e of its mass left out (Options.MaxPMFSteps, --engine-pmf-steps)", res.PMFTail)
		}
	}
	return sol, res.Policy, nil
}

// checkedByRules is solve (s.Solve or s.Answer), checked against the
// engine on the boards the engine solves within r.CheckStates states.
func checkedByRules[B any, S comparable](r RulesOf[B, S], s Spec[B], solve contextSolve[B]) contextSolve[B] {
	return func(ctx context.Context, b B) (Solution, error) {
		sol, err := solve(ctx, b)
		if err != nil || r.CheckStates < 0 {
			return sol, err
		}
		opts := r.Engine
		opts.MaxStates = r.CheckStates
		opts.PMF = false
		res, err := engine.SolveContext(ctx, r.Rules(b), opts)
		if tooLargeForEngine(err) {
			sol.Oracle = "the analyst (too large for the rules engine to check)"
			return sol, nil // the referee's agreement alone checks it
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
		if msg := rulesDisagree(sol.Value, frac, res); msg != "" {
			return Solution{}, fmt.Errorf("%s: the analyst and the rules engine disagree (one of them, or the rules, is wrong): %s", s.Name, msg)
		}
		sol.Oracle = "the analyst, agreeing with the rules engine (" + res.Method + ")"
		sol.Proof = proofOf(res, opts).withinBound(sol.Value, res.Value)
		if frac == nil && res.Fraction != nil {
			sol.Fraction = res.Fraction // the engine's, which the analyst's float agrees with
		}
		return sol, nil
	}
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
