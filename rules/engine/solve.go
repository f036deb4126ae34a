package engine

import (
	"context"
	"fmt"
	"math"
	"math/big"

	"github.com/chancecheck/chancecheck/rules"
)

// Defaults of Options' zero values.
const (
	DefaultMaxStates   = 1 << 22
	DefaultExactStates = 1 << 13
	DefaultMaxHubs     = 256
	DefaultPMFTail     = 1e-13
	DefaultMaxPMFSteps = 1 << 24
)

// Options bound the engine's work. Zero values take the defaults. Each
// limit's error names the limit; the CLI's flags of the same names
// (--engine-states, --engine-cycle, --engine-hubs, --engine-pmf-steps)
// raise them for games defined by rules.
type Options struct {
	// MaxStates is Explore's limit on the states reachable.
	MaxStates int
	// ExactStates: a graph of at most this many states, each of whose
	// cycles may be solved exactly (ExactCost, MaxCycleStates) and whose
	// cycles' predicted costs sum to at most ExactCost, is solved in
	// big.Rat throughout (Result.Fraction); any other in float64 with a
	// proved error bound. Negative: always float64.
	ExactStates int
	// ExactCost bounds the predicted cost of solving a cycle (strongly
	// connected component) exactly, by Gaussian elimination over big.Rat:
	// a cost model of its states, branches and fill-in (exactCost in
	// cost.go; DefaultExactCost is about a second). A cycle predicted to
	// cost more is solved in float64 by the float method of
	// cycle_float.go, with a proved bound. Negative: exactness is asked,
	// whatever it costs (within MaxCycleStates).
	ExactCost float64
	// MaxCycleStates, when positive, bounds the states of a cycle solved
	// exactly besides its predicted cost (--engine-cycle); 0: the cost
	// alone decides.
	MaxCycleStates int
	// MaxHubs bounds the hubs of a large cycle solved in float64: the
	// states every loop of the cycle passes through (its feedback
	// states), whose values the float method solves as a dense system.
	// Negative: no float method, every cycle past MaxCycleStates is
	// refused.
	MaxHubs int
	// PMF asks for the outcome distribution, cut where the mass not yet
	// ended is below PMFTail, or after MaxPMFSteps steps (a step takes the
	// mass waiting at one state); Result.PMFTail is the mass left out
	// either way.
	PMF         bool
	PMFTail     float64
	MaxPMFSteps int

	// extrapolateStates overrides the fewest states of a cycle of a game
	// of two players that extrapolated iteration is tried on (0: the
	// default, extrapolateStates), for the tests of small games.
	extrapolateStates int

	// faults are mistakes the engine's own tests plant (faults.go); nil
	// outside them.
	faults *faults
}

func (o Options) withDefaults() Options {
	if o.MaxStates == 0 {
		o.MaxStates = DefaultMaxStates
	}
	if o.ExactStates == 0 {
		o.ExactStates = DefaultExactStates
	}
	if o.ExactCost == 0 {
		o.ExactCost = DefaultExactCost
	}
	if o.MaxHubs == 0 {
		o.MaxHubs = DefaultMaxHubs
	}
	if o.PMFTail == 0 {
		o.PMFTail = DefaultPMFTail
	}
	if o.MaxPMFSteps == 0 {
		o.MaxPMFSteps = DefaultMaxPMFSteps
	}
	return o
}

// Result is what the engine says about a board.
type Result[S comparable] struct {
	// Value is the expected outcome from the start under the optimal
	// policy. Solved in float64, |Value − exact| ≤ ErrorBound, a bound
	// proved from the relative rounding of every float operation done (the
	// solver's err table) and, in a large cycle, from the checks of
	// cycle_float.go; it does not count underflow, so a value below about
	// 1e-300 may read 0 with a bound of 0. With Fraction, Value is
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
	// PMFCut says why the distribution was cut with more than PMFTail
	// asked left out: "" when it was not, else the limit that stopped it
	// (the steps of Options.MaxPMFSteps, or outcomes past
	// rules.MaxOutcome), naming what raises it.
	PMFCut string
	// Policy is an optimal move for every state with several moves.
	Policy rules.Policy[S]
	// States is the number of states explored; Cycles the number of
	// strongly connected components with a cycle, LargestCycle the states
	// of the largest; Method "exact" or "float64".
	States, Cycles, LargestCycle int
	Method                       string
	// Endless: no play can end from the start (no state that ends the
	// game is reachable), and the rules declare the answer of such a board
	// (rules.Rules.Endless), which Value and Fraction hold; Method
	// "endless", no policy and no distribution.
	Endless bool
	// Components is the number of strongly connected components, and
	// ByMethod how many of them each solve method solved (MethodInduction,
	// MethodExact, ...), for `solve --explain`.
	Components int
	ByMethod   map[string]int
}

// The solve methods of a component, as Result.ByMethod names them.
const (
	MethodInduction    = "induction"            // one state without a cycle: a direct sum
	MethodSelfLoop     = "self-loop (float64)"  // one state whose only cycle is a loop to itself
	MethodExact        = "exact elimination"    // a cycle by policy iteration over big.Rat
	MethodExactRounded = "exact, rounded"       // the same, its values then rounded to float64
	MethodHub          = "hub method (float64)" // a large cycle by the float method at its hubs
	MethodSparse       = "sparse float64"       // a large cycle with many hubs, by sparse float elimination
	MethodInterval     = "interval iteration"   // a cycle of a game of two players
)

// methodCount counts the components each method solved.
type methodCount map[string]int

// Solve explores r's states and solves them under opts.
func Solve[S comparable](r rules.Rules[S], opts Options) (Result[S], error) {
	return SolveContext(context.Background(), r, opts)
}

// SolveContext is Solve that stops, with ctx's error, when ctx is done:
// every path looks at ctx often (exploring, between components, every few
// steps of an elimination, every few sweeps of an iteration, while
// building the distribution and solving a best response), so a solve
// stops within a fraction of a second of ctx's end whatever its size.
func SolveContext[S comparable](ctx context.Context, r rules.Rules[S], opts Options) (Result[S], error) {
	opts = opts.withDefaults()
	g, err := ExploreContext(ctx, r, opts.MaxStates)
	if err != nil {
		return Result[S]{}, err
	}
	return g.SolveContext(ctx, opts)
}

// endlessResult is the Result of a graph from whose start no play ends, when
// the rules declare the answer of such a board (rules.Rules.Endless):
// every state reachable is in the graph, so a graph with no state that
// ends proves that every play loops for ever. ok is false otherwise.
func (g *Graph[S]) endlessResult(f faults) (res Result[S], ok bool) {
	if g.rules.Endless == nil {
		return Result[S]{}, false
	}
	for _, e := range altered(f.ends, g.end) {
		if e != notEnded {
			return Result[S]{}, false
		}
	}
	v := *g.rules.Endless
	res = Result[S]{Value: v, States: len(g.States), Method: "endless", Endless: true, Policy: rules.Policy[S]{}}
	if !math.IsNaN(v) && !math.IsInf(v, 0) {
		res.Fraction = new(big.Rat).SetFloat64(v)
	}
	return res, true
}

// Solve solves the explored graph under opts.
func (g *Graph[S]) Solve(opts Options) (Result[S], error) {
	return g.SolveContext(context.Background(), opts)
}

// SolveContext solves the explored graph: each strongly connected
// component in reverse topological order, by a direct sum when it is one
// state without a self-loop (backward induction), by exact policy
// iteration when it is a cycle whose exact solve is predicted to cost at
// most ExactCost (a single evaluation for a cycle of chance alone), and
// in float64 by the hub method of cycle_float.go when it would cost more.
func (g *Graph[S]) SolveContext(ctx context.Context, opts Options) (Result[S], error) {
	opts = opts.withDefaults()
	if res, ok := g.endlessResult(opts.faults.orNone()); ok {
		return res, nil
	}
	if g.rules.Mover != nil {
		return g.solveTwoPlayer(ctx, opts) // twoplayer.go
	}
	comps := g.components()
	res := Result[S]{States: len(g.States), Method: "float64"}
	for c := range comps.len() {
		if comps.cyclic[c] {
			res.Cycles++
			res.LargestCycle = max(res.LargestCycle, len(comps.states(c)))
		}
	}
	p := g.planCycles(comps, opts)
	exact := g.exactMode(opts, p)
	if exact {
		res.Method = "exact"
	}
	s, err := g.solveComponents(ctx, opts, comps, exact, p.exact)
	if err != nil {
		return Result[S]{}, err
	}
	res.Components, res.ByMethod = comps.len(), s.methods
	if solved := s.methods.total(); solved < comps.len() {
		s.methods[MethodInduction] = comps.len() - solved
	}
	if exact {
		res.Fraction = s.rat[0]
		res.Value, _ = s.rat[0].Float64()
	} else {
		res.Value, res.ErrorBound = s.val[0], s.err[0]
	}
	res.Policy = rules.Policy[S]{}
	for i, m := range s.policy {
		if g.numMoves(int32(i)) > 1 {
			res.Policy[g.States[i]] = int(m)
		}
	}
	if opts.PMF {
		var steps int
		res.PMF, res.PMFTail, steps, err = g.distribution(ctx, s.policy, opts.PMFTail, opts.MaxPMFSteps, opts.faults.orNone())
		if err != nil {
			return Result[S]{}, err
		}
		res.PMFCut = pmfCut(res.PMFTail, opts, steps)
	}
	return res, nil
}

// pmfCut is Result.PMFCut of a distribution that left tail out after
// steps steps.
func pmfCut(tail float64, opts Options, steps int) string {
	switch {
	case steps >= opts.MaxPMFSteps && tail > opts.PMFTail:
		return fmt.Sprintf("cut after %d steps (Options.MaxPMFSteps, --engine-pmf-steps raises it)", opts.MaxPMFSteps)
	case tail > 2*opts.PMFTail: // up to tail·3/2 is what it asked (see distribution)
		return fmt.Sprintf("cut at outcome %d (rules.MaxOutcome, the most one play may count)", maxOutcome)
	}
	return ""
}

// solveComponents solves every component in reverse topological order
// (see SolveContext), the cycles marked in exactCycle exactly, and returns
// the solver with its tables.
func (g *Graph[S]) solveComponents(ctx context.Context, opts Options, comps components, exact bool, exactCycle []bool) (*solver[S], error) {
	f := opts.faults.orNone()
	s := newSolver(graphOf(f, g, comps), exact)
	s.faults = f
	s.carried = altered(f.carried, s.err)
	s.stop = checkpoint{ctx: ctx}
	for c := range comps.len() {
		comp := comps.states(c)
		if !comps.cyclic[c] {
			if err := s.stop.done(everyState); err != nil {
				return nil, err
			}
			s.solveOne(comp[0])
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(comp) == 1 && !exact && s.solveSelfLoop(comp[0]) {
			continue
		}
		var err error
		if exactCycle[c] {
			err = s.solveCycle(comp)
		} else {
			err = s.solveLargeCycle(comp, opts)
		}
		if err != nil {
			return nil, err
		}
	}
	return s, nil
}

// cyclePlan is the method chosen for each component: exact[c] when the
// cycle c is solved exactly, and allExact when every cycle is and their
// costs together stay within ExactCost (so the graph may be solved in
// big.Rat throughout).
type cyclePlan struct {
	exact    []bool
	allExact bool
}

// exactMode reports whether opts solve the graph in big.Rat throughout:
// at most ExactStates states, every cycle exact under plan p.
func (g *Graph[S]) exactMode(opts Options, p cyclePlan) bool {
	return opts.ExactStates > 0 && len(g.States) <= opts.ExactStates && p.allExact
}

// planCycles chooses each cycle's method by its predicted cost
// (exactCost) and MaxCycleStates; a cycle of one state is cheap whatever
// it holds.
func (g *Graph[S]) planCycles(comps components, opts Options) cyclePlan {
	p := cyclePlan{exact: make([]bool, comps.len()), allExact: true}
	s := newSolver(g, false)
	s.faults = opts.faults.orNone()
	total := 0.0
	for c := range comps.len() {
		if !comps.cyclic[c] {
			continue
		}
		comp := comps.states(c)
		if opts.MaxCycleStates > 0 && len(comp) > opts.MaxCycleStates {
			p.allExact = false
			continue
		}
		cost := 0.0
		if len(comp) > 1 {
			cost = s.exactCost(comp)
		}
		if p.exact[c] = opts.ExactCost < 0 || cost <= opts.ExactCost; !p.exact[c] {
			p.allExact = false
		}
		total += cost
	}
	if opts.ExactCost >= 0 && total > opts.ExactCost {
		p.allExact = false
	}
	return p
}

// solver holds the values found so far: rat in exact mode, val and err
// (the bound on |val − exact|) in float mode, and the policy (the index of
// each state's chosen move among its own).
type solver[S comparable] struct {
	g     *Graph[S]
	exact bool
	rat   []*big.Rat
	val   []float64
	err   []float64
	// carried is the err table as the float sums of induction, of a
	// self-loop and of an exact cycle read it for the states they lead
	// to: err itself, but where a test plants a fault (faults.carried).
	carried []float64
	policy  []int32
	local   []int32 // a state's place in the cycle being solved, -1 outside
	faults  faults  // the faults a test plants (faults.go)
	// stop is the solve's context, looked at in every long loop: the
	// solver lives for one call of solveComponents, whose ctx it is.
	stop checkpoint
	// methods counts the components each method solved but induction.
	methods methodCount
}

// total is the components counted.
func (m methodCount) total() int {
	n := 0
	for _, k := range m {
		n += k
	}
	return n
}

func newSolver[S comparable](g *Graph[S], exact bool) *solver[S] {
	n := len(g.States)
	s := &solver[S]{g: g, exact: exact, policy: make([]int32, n), local: make([]int32, n), methods: methodCount{}}
	if exact {
		s.rat = make([]*big.Rat, n)
	} else {
		s.val, s.err = make([]float64, n), make([]float64, n)
		s.carried = s.err
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

// solveOne solves a state whose branches all lead to solved states.
func (s *solver[S]) solveOne(i int32) {
	g := s.g
	if g.ended(i) {
		if s.exact {
			s.rat[i] = new(big.Rat).SetInt64(int64(g.end[i]))
		} else {
			s.val[i] = float64(g.end[i])
		}
		return
	}
	lo, hi := g.moves(i)
	if s.exact {
		var best *big.Rat
		for m := lo; m < hi; m++ {
			q := s.qRat(m, nil)
			if best == nil || better(g.goal, q, best) {
				best, s.policy[i] = q, m-lo
			}
		}
		s.rat[i] = best
		return
	}
	if hi-lo == 1 {
		s.val[i], s.err[i] = s.qFloat(lo)
		return
	}
	bestV, worstErr := math.NaN(), 0.0
	for m := lo; m < hi; m++ {
		v, e := s.qFloat(m)
		if m == lo || (g.goal == rules.Minimise && v < bestV) || (g.goal == rules.Maximise && v > bestV) {
			bestV, s.policy[i] = v, m-lo
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
func (s *solver[S]) qFloat(m int32) (float64, float64) {
	g := s.g
	lo, hi := g.branches(m)
	k := float64(hi-lo) + 5
	if g.floatMove(m) {
		k += float64(hi - lo) // fl(Σprob) carries up to k−1 roundings more
	}
	gamma := k * unitRoundoff / (1 - k*unitRoundoff)
	var q, errSum, absSum float64
	for e := lo; e < hi; e++ {
		p := g.p(m, e)
		to := g.to[e]
		term := float64(g.rewardOf(m, e)) + s.val[to]
		q += p * term
		errSum += p * s.carried[to]
		absSum += p * math.Abs(term)
	}
	bound := ((1+gamma)*errSum + gamma*absSum) * (1 + 4*k*unitRoundoff)
	return q, bound
}

// qRat is a move's exact value Σ p (r + v), v from x for the states of the
// cycle being solved (when x is not nil) and from the solved values
// otherwise.
func (s *solver[S]) qRat(m int32, x []big.Rat) *big.Rat {
	g := s.g
	lo, hi := g.branches(m)
	sum, w, t := new(big.Rat), new(big.Rat), new(big.Rat)
	total := new(big.Rat)
	for e := lo; e < hi; e++ {
		g.weightRat(w, m, e)
		total.Add(total, w)
		t.SetInt64(int64(g.rewardOf(m, e)))
		if l := s.local[g.to[e]]; x != nil && l >= 0 {
			t.Add(t, &x[l])
		} else {
			t.Add(t, s.solved(g.to[e]))
		}
		sum.Add(sum, t.Mul(t, w))
	}
	return sum.Quo(sum, total)
}

// weightRat sets w to branch e's exact weight in move m: its integer
// weight, or its float probability read as the exact rational it is.
func (g *Graph[S]) weightRat(w *big.Rat, m, e int32) *big.Rat {
	if !g.floatMove(m) {
		return w.SetInt64(g.weightOf(m, e))
	}
	return w.SetFloat64(g.floatProb(m, e))
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
	if g.numMoves(i) != 1 {
		return false
	}
	m := g.moveStart[i]
	if g.floatMove(m) || g.totalWeight(m) > maxExactWeight {
		return false
	}
	lo, hi := g.branches(m)
	k := float64(hi-lo) + 2
	gamma := k * unitRoundoff / (1 - k*unitRoundoff)
	var num, errSum, absSum float64
	loop := int64(0)
	for e := lo; e < hi; e++ {
		w := float64(g.weightOf(m, e))
		term := float64(g.rewardOf(m, e))
		if to := g.to[e]; to == i {
			loop += g.weightOf(m, e)
		} else {
			term += s.val[to]
			errSum += w * s.carried[to]
		}
		num += w * term
		absSum += w * math.Abs(term)
	}
	d := g.totalWeight(m) - loop
	if d <= 0 {
		return false // it never leaves: solveCycle says so
	}
	x := num / float64(d)
	s.methods[MethodSelfLoop]++
	s.val[i] = x
	s.err[i] = (((1+gamma)*errSum+gamma*absSum)/float64(d) + 2*unitRoundoff*math.Abs(x)) * (1 + 4*k*unitRoundoff)
	return true
}

// cycleError names a cycle the engine could not solve within a limit, and
// the option and flag that raise it.
func (g *Graph[S]) cycleError(comp []int32, what string) error {
	return fmt.Errorf("engine: a cycle of %d states through %v: %s: %w", len(comp), g.States[comp[0]], what, ErrCycleTooLarge)
}
