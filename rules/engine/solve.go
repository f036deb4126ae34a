package engine

import (
	"fmt"
	"math"
	"math/big"

	"github.com/chancecheck/chancecheck/rules"
)

// Defaults of Options' zero values.
const (
	DefaultMaxStates      = 1 << 22
	DefaultExactStates    = 1 << 13
	DefaultMaxCycleStates = 5000
	DefaultPMFTail        = 1e-13
)

// Options bound the engine's work. Zero values take the defaults.
type Options struct {
	// MaxStates is Explore's limit on the states reachable.
	MaxStates int
	// ExactStates: a graph of at most this many states is solved in
	// big.Rat throughout (Result.Fraction); a larger one in float64 with an
	// error bound, its cycles still solved exactly. Negative: always
	// float64.
	ExactStates int
	// MaxCycleStates bounds the states of one cycle (strongly connected
	// component), which is solved by exact Gaussian elimination.
	MaxCycleStates int
	// PMF asks for the outcome distribution, cut where the mass not yet
	// ended is below PMFTail.
	PMF     bool
	PMFTail float64

	// plant is a planted bug, for the engine's own tests that show each
	// solve method's test can fail; always plantNone outside them.
	plant plantedBug
}

// plantedBug names a deliberate mistake in one solve method.
type plantedBug int

const (
	plantNone         plantedBug = iota
	plantInduction               // backward induction drops a move's last outcome
	plantLinearSystem            // the cycle's system forgets the weight of a self-loop
	plantPolicy                  // policy iteration never improves the first policy
	plantFloatBound              // the float error bound forgets the errors carried in
)

func (o Options) withDefaults() Options {
	if o.MaxStates == 0 {
		o.MaxStates = DefaultMaxStates
	}
	if o.ExactStates == 0 {
		o.ExactStates = DefaultExactStates
	}
	if o.MaxCycleStates == 0 {
		o.MaxCycleStates = DefaultMaxCycleStates
	}
	if o.PMFTail == 0 {
		o.PMFTail = DefaultPMFTail
	}
	return o
}

// Result is what the engine says about a board.
type Result[S comparable] struct {
	// Value is the expected outcome from the start under the optimal
	// policy. Solved in float64, |Value − exact| ≤ ErrorBound, a bound
	// proved from the relative rounding of every float operation done (the
	// solver's err table); it does not count underflow, so a value below
	// about 1e-300 may read 0 with a bound of 0. With Fraction, Value is
	// Fraction rounded to the nearest float64 (within half an ulp), and
	// ErrorBound is left 0: Fraction is the exact answer.
	Value      float64
	ErrorBound float64
	// Fraction is the exact value, nil when the graph was solved in float64.
	Fraction *big.Rat
	// PMF[k] is the probability that a play's outcome is k under Policy,
	// in float64; the mass left out beyond it is at most PMFTail. Nil
	// unless Options.PMF.
	PMF     []float64
	PMFTail float64
	// Policy is an optimal move for every state with several moves.
	Policy rules.Policy[S]
	// States is the number of states explored; Cycles the number of
	// strongly connected components with a cycle, LargestCycle the states
	// of the largest; Method "exact" or "float64".
	States, Cycles, LargestCycle int
	Method                       string
}

// Solve explores r's states and solves them under opts.
func Solve[S comparable](r rules.Rules[S], opts Options) (Result[S], error) {
	opts = opts.withDefaults()
	if r.Mover != nil {
		return solveTwoPlayer(r, opts) // twoplayer.go
	}
	g, err := Explore(r, opts.MaxStates)
	if err != nil {
		return Result[S]{}, err
	}
	return g.Solve(opts)
}

// Solve solves the explored graph: each strongly connected component in
// reverse topological order, by a direct sum when it is one state without
// a self-loop (backward induction), by exact policy iteration otherwise
// (a single evaluation for a cycle of chance alone).
func (g *Graph[S]) Solve(opts Options) (Result[S], error) {
	opts = opts.withDefaults()
	if g.rules.Mover != nil {
		return solveTwoPlayer(g.rules, opts) // twoplayer.go
	}
	exact := opts.ExactStates > 0 && len(g.States) <= opts.ExactStates
	s := newSolver(g, exact)
	s.plant = opts.plant
	res := Result[S]{States: len(g.States), Method: "float64"}
	if exact {
		res.Method = "exact"
	}
	for _, comp := range g.components() {
		if len(comp) == 1 && !g.selfLoop(comp[0]) {
			s.solveOne(comp[0])
			continue
		}
		res.Cycles++
		res.LargestCycle = max(res.LargestCycle, len(comp))
		if len(comp) == 1 && !exact && s.solveSelfLoop(comp[0]) {
			continue
		}
		if len(comp) > opts.MaxCycleStates {
			return Result[S]{}, fmt.Errorf("engine: a cycle of %d states through %v, more than the %d solved exactly: %w", len(comp), g.States[comp[0]], opts.MaxCycleStates, ErrCycleTooLarge)
		}
		if err := s.solveCycle(comp); err != nil {
			return Result[S]{}, err
		}
	}
	if exact {
		res.Fraction = s.rat[0]
		res.Value, _ = s.rat[0].Float64()
	} else {
		res.Value, res.ErrorBound = s.val[0], s.err[0]
	}
	res.Policy = rules.Policy[S]{}
	for i, m := range s.policy {
		if g.node[i].numMoves > 1 {
			res.Policy[g.States[i]] = int(m)
		}
	}
	if opts.PMF {
		res.PMF, res.PMFTail, _ = g.distribution(s.policy, opts.PMFTail)
	}
	return res, nil
}

// solver holds the values found so far: rat in exact mode, val and err
// (the bound on |val − exact|) in float mode, and the policy.
type solver[S comparable] struct {
	g      *Graph[S]
	exact  bool
	rat    []*big.Rat
	val    []float64
	err    []float64
	policy []int32
	local  []int32 // a state's place in the cycle being solved, -1 outside
	plant  plantedBug
}

func newSolver[S comparable](g *Graph[S], exact bool) *solver[S] {
	n := len(g.States)
	s := &solver[S]{g: g, exact: exact, policy: make([]int32, n), local: make([]int32, n)}
	if exact {
		s.rat = make([]*big.Rat, n)
	} else {
		s.val, s.err = make([]float64, n), make([]float64, n)
	}
	for i := range s.local {
		s.local[i] = -1
	}
	return s
}

// better reports whether q beats best under the goal (strictly).
func better(goal rules.Goal, q, best *big.Rat) bool {
	if goal == rules.Minimise {
		return q.Cmp(best) < 0
	}
	return q.Cmp(best) > 0
}

// solveOne solves a state whose outcomes all lead to solved states.
func (s *solver[S]) solveOne(i int32) {
	g := s.g
	nd := g.node[i]
	if nd.end {
		if s.exact {
			s.rat[i] = new(big.Rat).SetInt64(int64(nd.value))
		} else {
			s.val[i] = float64(nd.value)
		}
		return
	}
	if s.exact {
		var best *big.Rat
		for k, m := range g.movesOf(i) {
			q := s.qRat(m, nil)
			if best == nil || better(g.goal, q, best) {
				best, s.policy[i] = q, int32(k)
			}
		}
		s.rat[i] = best
		return
	}
	bestV, worstErr := math.NaN(), 0.0
	for k, m := range g.movesOf(i) {
		v, e := s.qFloat(m)
		if k == 0 || (g.goal == rules.Minimise && v < bestV) || (g.goal == rules.Maximise && v > bestV) {
			bestV, s.policy[i] = v, int32(k)
		}
		worstErr = max(worstErr, e)
	}
	// min/max of values each within worstErr of its exact value is within
	// worstErr of the exact min/max.
	s.val[i], s.err[i] = bestV, worstErr
}

// unitRoundoff is u = 2⁻⁵³, the relative error of one float64 rounding.
const unitRoundoff = 0x1p-53

// qFloat is a move's value Σ p (r + v) in float64 and a bound on its error.
// Each term p·(r+v) is computed with p = fl(w)/fl(W) in at most five
// roundings (with float probabilities, p = prob/fl(Σprob) adds the k−1 of
// the sum), and the k terms summed in k−1 more, so each term carries a
// relative error of at most γ = (k+5)u/(1−(k+5)u) (Higham's γ_n; γ_{2k+5}
// with float probabilities), besides the error e_j of v_j scaled by p(1+γ):
// |q̃ − q| ≤ (1+γ) Σ p e_j + γ Σ p |r+v|. The bound's own float arithmetic
// is covered by inflating it by (1 + 4(k+5)u).
func (s *solver[S]) qFloat(m move) (float64, float64) {
	outs := s.g.outcomes(m)
	k := float64(len(outs)) + 5
	if m.total == 0 {
		k += float64(len(outs)) // fl(Σprob) carries up to k−1 roundings more
	}
	gamma := k * unitRoundoff / (1 - k*unitRoundoff)
	var q, errSum, absSum float64
	if s.plant == plantInduction && len(outs) > 1 {
		outs = outs[:len(outs)-1]
	}
	for _, e := range outs {
		var p float64
		if m.total != 0 {
			p = float64(e.weight) / float64(m.total)
		} else {
			p = e.prob / m.totalF
		}
		term := float64(e.reward) + s.val[e.to]
		q += p * term
		if s.plant != plantFloatBound {
			errSum += p * s.err[e.to]
		}
		absSum += p * math.Abs(term)
	}
	bound := ((1+gamma)*errSum + gamma*absSum) * (1 + 4*k*unitRoundoff)
	return q, bound
}

// qRat is a move's exact value Σ p (r + v), v from x for the states of the
// cycle being solved (when x is not nil) and from the solved values
// otherwise.
func (s *solver[S]) qRat(m move, x []big.Rat) *big.Rat {
	outs := s.g.outcomes(m)
	sum, w, t := new(big.Rat), new(big.Rat), new(big.Rat)
	total := new(big.Rat)
	if s.plant == plantInduction && x == nil && len(outs) > 1 {
		outs = outs[:len(outs)-1]
	}
	for _, e := range outs {
		weightRat(w, m, e)
		total.Add(total, w)
		t.SetInt64(int64(e.reward))
		if l := s.local[e.to]; x != nil && l >= 0 {
			t.Add(t, &x[l])
		} else {
			t.Add(t, s.solved(e.to))
		}
		sum.Add(sum, t.Mul(t, w))
	}
	return sum.Quo(sum, total)
}

// weightRat sets w to an outcome's exact weight: its integer weight, or its
// float probability read as the exact rational it is.
func weightRat(w *big.Rat, m move, e edge) *big.Rat {
	if m.total != 0 {
		return w.SetInt64(e.weight)
	}
	return w.SetFloat64(e.prob)
}

// solved is a solved state's value as an exact rational (in float mode,
// the float64 it holds, read exactly).
func (s *solver[S]) solved(j int32) *big.Rat {
	if s.exact {
		return s.rat[j]
	}
	return new(big.Rat).SetFloat64(s.val[j])
}

// maxExactWeight is the largest integer weight a float64 holds exactly.
const maxExactWeight = 1 << 53

// solveSelfLoop solves, in float mode, a state with one move whose only
// cycle is a loop to itself (a wasted throw), and reports whether it could:
// x = Σ_j p_j (r_j + v_j) with v = x on the loop gives x = N/D, with
// N = Σ_{j not the loop} w_j (r_j + v_j) + Σ_{loop} w_j r_j and
// D = W − Σ_{loop} w_j, an exact integer. Ñ carries at most
// (1+γ) Σ w_j e_j + γ Σ w_j |r_j + v_j| (γ = γ_{k+2}: one rounding for
// r+v, one for the product, k−1 for the sum), and the division one more
// rounding, |x̃ − x| ≤ |Ñ − N|/D + 2u|x̃|; the bound's own arithmetic is
// covered by inflating it by (1 + 4(k+2)u). Float probabilities, weights
// past 2⁵³ and states with choices go to solveCycle instead.
func (s *solver[S]) solveSelfLoop(i int32) bool {
	g := s.g
	moves := g.movesOf(i)
	if len(moves) != 1 || moves[0].total == 0 || moves[0].total > maxExactWeight {
		return false
	}
	m := moves[0]
	outs := g.outcomes(m)
	k := float64(len(outs)) + 2
	gamma := k * unitRoundoff / (1 - k*unitRoundoff)
	var num, errSum, absSum float64
	loop := int64(0)
	for _, e := range outs {
		w := float64(e.weight)
		term := float64(e.reward)
		if e.to == i {
			loop += e.weight
		} else {
			term += s.val[e.to]
			if s.plant != plantFloatBound {
				errSum += w * s.err[e.to]
			}
		}
		num += w * term
		absSum += w * math.Abs(term)
	}
	d := m.total - loop
	if d <= 0 {
		return false // it never leaves: solveCycle says so
	}
	x := num / float64(d)
	s.val[i] = x
	s.err[i] = (((1+gamma)*errSum+gamma*absSum)/float64(d) + 2*unitRoundoff*math.Abs(x)) * (1 + 4*k*unitRoundoff)
	return true
}
