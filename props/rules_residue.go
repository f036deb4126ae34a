package props

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/rules/engine"
)

// residueByRules is the answer of a game by its rules whose answer is a
// residue modulo m (Spec.AnswerKind): the engine's exact fraction where it
// solves the board in big.Rat (its residue is taken by the harness), else
// the engine's residue solved modulo m directly (engine.SolveModulo), on
// boards far beyond big.Rat. There the float value is kept when the engine
// gives one within its error bound, and is NaN otherwise: solve and check
// print and compare the residue alone. A board whose value has no residue
// the engine can prove cannot be judged (ErrCannotJudge).
func residueByRules[B any, S comparable](r RulesOf[B, S], value contextSolve[B], m int64, name string) contextSolve[B] {
	rule := answer.Rule{Kind: answer.Residue, Modulus: m}
	return func(ctx context.Context, b B) (Solution, error) {
		sol, err := value(ctx, b)
		if err == nil && sol.Fraction != nil {
			return sol, nil
		}
		if ctx.Err() != nil {
			return Solution{}, err
		}
		res, merr := engine.SolveModuloContext(ctx, r.Rules(b), uint64(m), r.Engine)
		switch {
		case merr != nil && errors.Is(merr, engine.ErrResidueUnproved):
			return Solution{}, fmt.Errorf("%s: the rules engine modulo %d: %w: %w", name, m, merr, ErrCannotJudge)
		case merr != nil && err != nil:
			return Solution{}, err // the float's error says what the engine could not do
		case merr != nil:
			return Solution{}, fmt.Errorf("%s: the rules engine modulo %d: %w", name, m, merr)
		}
		v, perr := rule.Parse(strconv.FormatUint(res, 10))
		if perr != nil {
			return Solution{}, fmt.Errorf("%s: the rules engine's residue: %w", name, perr)
		}
		if err != nil {
			sol = Solution{Value: math.NaN()}
		}
		sol.Exact = v
		sol.Oracle = fmt.Sprintf("the rules engine (exact residue modulo %d)", m)
		return sol, nil
	}
}
