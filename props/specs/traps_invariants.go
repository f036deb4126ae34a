package specs

import (
	"fmt"
	"math/big"

	"github.com/chancecheck/chancecheck/montecarlo/referees"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/exact/belief"
	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/props"
)

// trapsRandomPolicies is how many random policies no-policy-beats-optimum tries per maze.
const trapsRandomPolicies = 3

// invariants are the trap maze's invariants. Every check solves with the
// configuration's own analyst, so a planted bug in it reaches them.
func (g TrapsConfig) invariants() []props.Invariant[*traps.Maze] {
	return []props.Invariant[*traps.Maze]{
		{
			Name:  "probability",
			Doc:   "0 ≤ p ≤ 1, and the float64 answer is the exact fraction rounded",
			Check: g.checkProbability,
		},
		{
			Name: "posterior-normalised",
			Doc: "at every knowledge the analyst reaches, the prior mass is positive, the posterior sums to 1 " +
				"exactly and equals the chain of Bayes updates along the reveals, and P(harmful)+P(harmless) = 1 for every kind",
			Check: func(z *traps.Maze, _ props.Solution) error { return g.checkNormalised(z, belief.Update) },
		},
		{
			Name:  "policy-achieves-optimum",
			Doc:   "the optimal policy, evaluated exactly as a table, survives with exactly the optimal probability",
			Check: g.checkPolicyAchieves,
		},
		{
			Name: "no-policy-beats-optimum",
			Doc: "the greedy shortest-path policy and a few random deterministic policies, evaluated exactly, " +
				"never survive more often than the optimum",
			Check: g.checkNoPolicyBeats,
		},
		{
			Name:  "monotone-in-lives",
			Doc:   "p is non-decreasing in H: a policy that survives with H lives survives with H+1",
			Check: g.checkMonotoneInLives,
		},
		{
			Name:  "rotations-and-mirrors",
			Doc:   "turning the map a quarter turn, or mirroring it either way, leaves p unchanged (the moves are symmetric)",
			Check: g.checkSymmetries,
		},
		{
			Name:  "renaming-kinds",
			Doc:   "renaming the letters by a permutation σ while moving the prior's bits by σ leaves p unchanged",
			Check: g.checkRenaming,
		},
		{
			Name:  "scaling-prior",
			Doc:   "multiplying every prior weight by the same positive integer leaves p unchanged (only ratios matter)",
			Check: g.checkScaling,
		},
		{
			Name: "walls-monotone",
			Doc: "turning a floor, trap or exit cell into a wall never raises p, and turning a wall into floor " +
				"never lowers it (the set of policies shrinks or grows)",
			Check: g.checkWalls,
		},
	}
}

// exactValue solves z with the game's analyst and returns the exact answer.
func (g TrapsConfig) exactValue(z *traps.Maze) (*big.Rat, error) {
	if g.solve == nil { // the real analyst: no need to build its policy table
		p, _, err := exact.TrapSurvivalRat(z)
		return p, err
	}
	sol, err := g.solve(z)
	if err != nil {
		return nil, err
	}
	return sol.Exact, nil
}

func (g TrapsConfig) checkProbability(_ *traps.Maze, sol props.Solution) error {
	p := sol.Fraction
	if p == nil {
		return fmt.Errorf("no exact fraction")
	}
	if p.Sign() < 0 || p.Cmp(big.NewRat(1, 1)) > 0 {
		return fmt.Errorf("p = %v is not a probability", p)
	}
	if f, _ := p.Float64(); f != sol.Value {
		return fmt.Errorf("float %v is not the fraction %v rounded (%v)", sol.Value, p, f)
	}
	return nil
}

// checkNormalised checks Bayesian normalisation at every knowledge the
// analyst reached, with update as the Bayes update (tests plant bugs in it).
func (g TrapsConfig) checkNormalised(z *traps.Maze, update func([]*big.Rat, int, bool) ([]*big.Rat, error)) error {
	sol, err := g.solver()(z)
	if err != nil {
		return err
	}
	prior, err := belief.NewPrior(z.Kinds, z.Prior)
	if err != nil {
		return err
	}
	one := big.NewRat(1, 1)
	start, err := prior.Posterior(0)
	if err != nil {
		return err
	}
	for _, k := range sol.Reached {
		name := k.Format(z.Kinds)
		if !prior.Reachable(k) {
			return fmt.Errorf("knowledge %s has zero prior mass but was reached", name)
		}
		direct, err := prior.Posterior(k)
		if err != nil {
			return fmt.Errorf("knowledge %s: %w", name, err)
		}
		chained := start
		for t := range z.Kinds {
			if r := k.Of(t); r != traps.Unknown {
				if chained, err = update(chained, t, r == traps.Harmful); err != nil {
					return fmt.Errorf("knowledge %s: updating on kind %c: %w", name, 'A'+t, err)
				}
			}
		}
		sum := new(big.Rat)
		for i := range chained {
			sum.Add(sum, chained[i])
			if chained[i].Cmp(direct[i]) != 0 {
				return fmt.Errorf("knowledge %s: state %d: chained updates give %v, conditioning the prior gives %v", name, i, chained[i], direct[i])
			}
		}
		if sum.Cmp(one) != 0 {
			return fmt.Errorf("knowledge %s: posterior sums to %v", name, sum)
		}
		for t := range z.Kinds {
			bad, err := prior.PHarmful(k, t)
			if err != nil {
				return err
			}
			good := new(big.Rat) // P(harmless) from the posterior itself
			for i, q := range chained {
				if i>>t&1 == 0 {
					good.Add(good, q)
				}
			}
			if s := new(big.Rat).Add(bad, good); s.Cmp(one) != 0 {
				return fmt.Errorf("knowledge %s: kind %c: P(harmful) + P(harmless) = %v", name, 'A'+t, s)
			}
		}
	}
	return nil
}

func (g TrapsConfig) checkPolicyAchieves(z *traps.Maze, sol props.Solution) error {
	table, ok := sol.Policy.(traps.Table)
	if !ok {
		return fmt.Errorf("policy is a %T", sol.Policy)
	}
	v, err := exact.EvaluateTrapPolicyRat(z, table)
	if err != nil {
		return err
	}
	if v.Cmp(sol.Fraction) != 0 {
		return fmt.Errorf("the optimal policy survives with %v, the analyst says %v", v, sol.Fraction)
	}
	return nil
}

func (g TrapsConfig) checkNoPolicyBeats(z *traps.Maze, sol props.Solution) error {
	policies := map[string]traps.Policy{"greedy": referees.GreedyTrapsPolicy(z)}
	for seed := range uint64(trapsRandomPolicies) {
		policies[fmt.Sprintf("random(seed %d)", seed)] = referees.RandomTrapsPolicy(z, seed)
	}
	for name, pol := range policies {
		v, err := exact.EvaluateTrapPolicyRat(z, pol)
		if err != nil {
			return fmt.Errorf("%s policy: %w", name, err)
		}
		if v.Cmp(sol.Fraction) > 0 {
			return fmt.Errorf("the %s policy survives with %v > the optimum %v", name, v, sol.Fraction)
		}
	}
	return nil
}

func (g TrapsConfig) checkMonotoneInLives(z *traps.Maze, sol props.Solution) error {
	// Every other H, not only the neighbours: an analyst whose value moves
	// the wrong way over H = 1..5 may be flat between H−1 and H+1 on many
	// small mazes, and comparing with the extremes catches it there too.
	for h := 1; h <= traps.MaxLife; h++ {
		if h == z.Life {
			continue
		}
		other := z.Clone()
		other.Life = h
		v, err := g.exactValue(other)
		if err != nil {
			return err
		}
		if c := v.Cmp(sol.Fraction); (h < z.Life && c > 0) || (h > z.Life && c < 0) {
			return fmt.Errorf("p = %v with H = %d but %v with H = %d", sol.Fraction, z.Life, v, h)
		}
	}
	return nil
}

func (g TrapsConfig) checkSymmetries(z *traps.Maze, sol props.Solution) error {
	for name, f := range map[string]func(*traps.Maze) *traps.Maze{
		"quarter turn": trapsRotate, "mirror columns": trapsMirrorColumns, "mirror rows": trapsMirrorRows,
	} {
		v, err := g.exactValue(f(z))
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if v.Cmp(sol.Fraction) != 0 {
			return fmt.Errorf("%s: p = %v, original %v", name, v, sol.Fraction)
		}
	}
	return nil
}

func (g TrapsConfig) checkRenaming(z *traps.Maze, sol props.Solution) error {
	if z.Kinds < 2 {
		return nil
	}
	shift := make([]int, z.Kinds) // A→B→…→A
	swap := make([]int, z.Kinds)  // A↔B
	for t := range z.Kinds {
		shift[t], swap[t] = (t+1)%z.Kinds, t
	}
	swap[0], swap[1] = 1, 0
	for name, sigma := range map[string][]int{"cyclic shift": shift, "swap A and B": swap} {
		v, err := g.exactValue(trapsRename(z, sigma))
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if v.Cmp(sol.Fraction) != 0 {
			return fmt.Errorf("%s: p = %v, original %v", name, v, sol.Fraction)
		}
	}
	return nil
}

func (g TrapsConfig) checkScaling(z *traps.Maze, sol props.Solution) error {
	top := 0
	for _, w := range z.Prior {
		top = max(top, w)
	}
	c := traps.MaxWeight / top
	if c < 2 {
		return nil // no integer multiple fits the limits
	}
	for _, k := range []int{2, c} {
		v, err := g.exactValue(trapsScale(z, k))
		if err != nil {
			return err
		}
		if v.Cmp(sol.Fraction) != 0 {
			return fmt.Errorf("weights ×%d: p = %v, original %v", k, v, sol.Fraction)
		}
	}
	return nil
}

func (g TrapsConfig) checkWalls(z *traps.Maze, sol props.Solution) error {
	trap := func(ch byte) bool { return traps.Kind(ch) >= 0 }
	floor := func(ch byte) bool { return ch == traps.Floor || ch == traps.Exit }
	for _, rc := range append(trapsCells(z, trap), trapsCells(z, floor)...) {
		v, err := g.exactValue(trapsSetCell(z, rc[0], rc[1], traps.Wall))
		if err != nil {
			return err
		}
		if v.Cmp(sol.Fraction) > 0 {
			return fmt.Errorf("walling (%d,%d) %q raised p from %v to %v", rc[0]+1, rc[1]+1, z.At(rc[0], rc[1]), sol.Fraction, v)
		}
	}
	wall := func(ch byte) bool { return ch == traps.Wall }
	for _, rc := range trapsCells(z, wall) {
		v, err := g.exactValue(trapsSetCell(z, rc[0], rc[1], traps.Floor))
		if err != nil {
			return err
		}
		if v.Cmp(sol.Fraction) < 0 {
			return fmt.Errorf("opening the wall at (%d,%d) lowered p from %v to %v", rc[0]+1, rc[1]+1, sol.Fraction, v)
		}
	}
	return nil
}
