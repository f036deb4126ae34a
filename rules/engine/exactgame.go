package engine

import (
	"context"
	"math/big"

	"github.com/chancecheck/chancecheck/rules"
)

// exactGame makes the value of a small game of two players exact from the
// strategies interval iteration found, σ (the maximiser's moves of pol)
// and τ (the minimiser's), or returns nil when it cannot. Neither strategy
// is trusted: each side's best response to the other is solved exactly by
// the one-player engine (policy iteration over big.Rat), and
//
//   - u, the maximiser's best against τ, bounds the value from above: the
//     one-player engine's values x satisfy x ≥ T(x) (no move improves
//     them) and x ≥ 0, and the least fixed point of T lies below every
//     such x;
//   - w, the minimiser's best against σ, bounds it from below, when no
//     play under σ can go on for ever whatever the minimiser does (no end
//     component, endless below): then x ≤ T(x) unrolls to x ≤ the value of
//     every reply to σ.
//
// So w ≤ value ≤ u, and where the two fractions are equal, that is the
// value, and σ and τ are optimal. When ctx is done it returns nil (the
// caller tells an interruption by ctx.Err()).
func exactGame[S comparable](ctx context.Context, r rules.Rules[S], pol rules.Policy[S], opts Options) *big.Rat {
	side := func(goal rules.Goal) func(S) bool {
		return func(s S) bool { return r.Mover(s) == goal }
	}
	one := opts
	one.PMF = false
	respond := func(fixed, responder rules.Goal) (*Graph[S], *big.Rat) {
		br := rules.Fix(r, pol, side(fixed))
		br.Mover, br.Goal = nil, responder
		g, err := ExploreContext(ctx, br, opts.MaxStates)
		if err != nil {
			return nil, nil
		}
		res, err := g.SolveContext(ctx, one)
		if err != nil {
			return nil, nil
		}
		return g, res.Fraction
	}
	_, u := respond(rules.Minimise, rules.Maximise)
	if u == nil {
		return nil
	}
	g, w := respond(rules.Maximise, rules.Minimise)
	if !altered(opts.faults.orNone().sandwiched, w != nil && !g.endless() && u.Cmp(w) == 0) {
		return nil
	}
	return u
}

// endless reports whether some play can go on for ever by the choice of
// moves: whether a non-empty set of states that do not end exists in which
// every state has a move all of whose branches stay in the set (an end
// component). The largest such set is found by removing, until none is
// left to remove, each state without such a move.
func (g *Graph[S]) endless() bool {
	in := make([]bool, len(g.States))
	left := 0
	for i := range g.States {
		if !g.ended(int32(i)) {
			in[i] = true
			left++
		}
	}
	stays := func(m int32) bool {
		lo, hi := g.branches(m)
		for _, w := range g.to[lo:hi] {
			if !in[w] {
				return false
			}
		}
		return true
	}
	for changed := true; changed && left > 0; {
		changed = false
		for i := range g.States {
			if !in[i] {
				continue
			}
			keep := false
			first, last := g.moves(int32(i))
			for m := first; m < last; m++ {
				if stays(m) {
					keep = true
					break
				}
			}
			if !keep {
				in[i], changed = false, true
				left--
			}
		}
	}
	return left > 0
}
