package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"

	"github.com/chancecheck/chancecheck/rules"
)

// ErrResidueUnproved is wrapped by SolveModulo's error when the value has no
// residue the engine can prove modulo the prime: a pivot of the
// elimination that is a multiple of it in every order tried (the value's
// denominator may be one), a move whose weights sum to one, or a game with
// choices whose optimal policy cannot be proved. The residue may exist all
// the same; answer.ErrNoResidue is a fraction that has none.
var ErrResidueUnproved = errors.New("no residue modulo the prime could be proved")

// MaxModulus bounds the prime of SolveModulo: residues multiply in 64 bits.
const MaxModulus = 1<<32 - 1

// SolveModulo explores r's states and returns the board's exact value a/b
// (in lowest terms) as the residue a·b⁻¹ mod p, the way contest judges ask
// for an expectation ("print it modulo 998244353"). p must be a prime
// below 2³²; opts bounds the work as in Solve (MaxStates).
//
// A game of chance alone is solved modulo p directly: backward induction
// where the states form no cycle, and each cycle's linear system by sparse
// elimination over GF(p) in an order that keeps its fill small (the cycle's
// hubs last, or the order of exploration, banded for a chain), so that
// boards far beyond big.Rat get exact residues. The elimination divides by
// pivots; a pivot that is 0 modulo p makes it try another order, and a
// board where every order meets one is an error wrapping ErrResidueUnproved,
// never a wrong residue. Probabilities given as floats are read as the
// exact binary fractions they are.
//
// A game of two players (rules.Rules.Mover) has one where the engine
// solves it exactly. A game with choices has a residue only for the value
// of an exactly optimal policy: where Solve solves the board exactly, its fraction is
// taken modulo p; otherwise the float solve's policy is used only when
// its error bounds prove it optimal (at every state with several moves,
// the chosen move's value interval lies strictly beyond every other
// move's), and its value is then solved modulo p. A board where that
// cannot be proved (ties between moves, bounds too wide) is an error
// wrapping ErrResidueUnproved.
func SolveModulo[S comparable](r rules.Rules[S], p uint64, opts Options) (uint64, error) {
	return SolveModuloContext(context.Background(), r, p, opts)
}

// SolveModuloContext is SolveModulo that stops, with ctx's error, when ctx
// is done (looked at as SolveContext does).
func SolveModuloContext[S comparable](ctx context.Context, r rules.Rules[S], p uint64, opts Options) (uint64, error) {
	if err := checkModulus(p); err != nil {
		return 0, err
	}
	opts = opts.withDefaults()
	g, err := ExploreContext(ctx, r, opts.MaxStates)
	if err != nil {
		return 0, err
	}
	return g.SolveModuloContext(ctx, p, opts)
}

// SolveModulo is SolveModulo on an explored graph.
func (g *Graph[S]) SolveModulo(p uint64, opts Options) (uint64, error) {
	return g.SolveModuloContext(context.Background(), p, opts)
}

// SolveModuloContext is SolveModuloContext on an explored graph.
func (g *Graph[S]) SolveModuloContext(ctx context.Context, p uint64, opts Options) (uint64, error) {
	if err := checkModulus(p); err != nil {
		return 0, err
	}
	opts = opts.withDefaults()
	if res, ok := g.endlessResult(opts.faults.orNone()); ok {
		if res.Fraction == nil {
			return 0, fmt.Errorf("engine: no play ends, and the rules' answer for it, %v, is no fraction: %w", res.Value, ErrResidueUnproved)
		}
		return ratModulo(res.Fraction, p)
	}
	if g.rules.Mover != nil {
		// Two players: the residue of the value where the engine proves
		// it exactly (both strategies exact, twoplayer.go), and nowhere
		// else: a float policy of each side is not proved optimal here.
		opts.PMF = false
		res, err := g.solveTwoPlayer(ctx, opts)
		if err != nil {
			return 0, err
		}
		if res.Fraction == nil {
			return 0, fmt.Errorf("engine: a game of two players has a residue only where the engine solves it exactly (this board in float64, ± %g): %w", res.ErrorBound, ErrResidueUnproved)
		}
		return ratModulo(res.Fraction, p)
	}
	policy := make([]int32, len(g.States))
	if g.rules.Moves != nil {
		res, pol, err := g.provedPolicy(ctx, opts)
		if err != nil {
			return 0, err
		}
		if res.Fraction != nil {
			return ratModulo(res.Fraction, p)
		}
		policy = pol
	}
	m := modSolver[S]{g: g, p: p, barrett: ^uint64(0) / p, policy: policy, faults: opts.faults.orNone(), stop: checkpoint{ctx: ctx}}
	return m.solve()
}

// checkModulus refuses a modulus that is not a prime below 2³².
func checkModulus(p uint64) error {
	if p < 2 || p > MaxModulus || !new(big.Int).SetUint64(p).ProbablyPrime(20) {
		return fmt.Errorf("engine: the modulus %d is not a prime in 2..%d", p, uint64(MaxModulus))
	}
	return nil
}

// ratModulo is a·b⁻¹ mod p for the fraction a/b.
func ratModulo(x *big.Rat, p uint64) (uint64, error) {
	P := new(big.Int).SetUint64(p)
	den := new(big.Int).Mod(x.Denom(), P)
	if den.Sign() == 0 {
		return 0, fmt.Errorf("engine: the value %s has a denominator that is a multiple of %d: %w", x.RatString(), p, ErrResidueUnproved)
	}
	num := new(big.Int).Mod(x.Num(), P)
	num.Mul(num, den.ModInverse(den, P)).Mod(num, P)
	return num.Uint64(), nil
}

// provedPolicy solves a game with choices and returns its exact result,
// or its float result with a policy proved optimal by its error bounds.
func (g *Graph[S]) provedPolicy(ctx context.Context, opts Options) (Result[S], []int32, error) {
	opts.PMF = false
	comps := g.components()
	p := g.planCycles(comps, opts)
	if g.exactMode(opts, p) {
		res, err := g.SolveContext(ctx, opts)
		return res, nil, err
	}
	s, err := g.solveComponents(ctx, opts, comps, false, p.exact)
	if err != nil {
		return Result[S]{}, nil, err
	}
	if v, ok := s.separated(); !ok {
		return Result[S]{}, nil, fmt.Errorf("engine: at state %v, the float solve cannot prove which move is optimal (a tie, or bounds too wide), so the optimal value's residue is not proved: %w", g.States[v], ErrResidueUnproved)
	}
	return Result[S]{}, s.policy, nil
}

// separated reports whether at every state with several moves the chosen
// move's value, bounded with the successors' values within their error
// bounds and the rounding of the sum, lies strictly beyond every other
// move's bound: then every optimal policy chooses it, and the policy,
// proper as the solve made it, is optimal (it is greedy for V*, so V* is
// its fixed point, which for a proper policy is its value). It names a
// state where that fails.
func (s *solver[S]) separated() (int32, bool) {
	g := s.g
	interval := func(m int32) (lo, hi float64) {
		elo, ehi := g.branches(m)
		k := float64(ehi-elo) + 5
		if g.floatMove(m) {
			k += float64(ehi - elo)
		}
		gamma := k * unitRoundoff / (1 - k*unitRoundoff)
		var sum, errSum, abs float64
		for e := elo; e < ehi; e++ {
			p := g.p(m, e)
			t := float64(g.rewardOf(m, e)) + s.val[g.to[e]]
			sum += p * t
			errSum += p * s.err[g.to[e]]
			abs += p * math.Abs(t)
		}
		d := ((1+gamma)*errSum + gamma*abs) * (1 + 4*k*unitRoundoff)
		return sum - d, sum + d
	}
	for v := range int32(len(g.States)) {
		lo, hi := g.moves(v)
		if hi-lo < 2 {
			continue
		}
		cl, ch := interval(lo + s.policy[v])
		for m := lo; m < hi; m++ {
			if m == lo+s.policy[v] {
				continue
			}
			ol, oh := interval(m)
			if (g.goal == rules.Minimise && !(ch < ol)) || (g.goal == rules.Maximise && !(cl > oh)) {
				return v, false
			}
		}
	}
	return 0, true
}

// modSolver solves a graph under a fixed policy modulo the prime p.
type modSolver[S comparable] struct {
	g       *Graph[S]
	p       uint64
	barrett uint64 // ⌊(2⁶⁴−1)/p⌋, for mul
	policy  []int32
	val     []uint64
	local   []int32
	faults  faults     // the faults a test plants (faults.go)
	stop    checkpoint // the solve's context
}

// mul is a·b mod p by Barrett's reduction (a, b < p < 2³²): q = ⌊x·r/2⁶⁴⌋
// with r = ⌊(2⁶⁴−1)/p⌋ is at most ⌊x/p⌋ and short of it by at most 2,
// so x − q·p < 3p; a division instruction costs several times more.
func (m *modSolver[S]) mul(a, b uint64) uint64 {
	x := a * b
	q, _ := bits.Mul64(x, m.barrett)
	r := x - q*m.p
	for r >= m.p {
		r -= m.p
	}
	return r
}

// add and sub keep residues in 0..p−1 (a, b < p).
func (m *modSolver[S]) add(a, b uint64) uint64 {
	s := a + b
	if s >= m.p {
		s -= m.p
	}
	return s
}

func (m *modSolver[S]) sub(a, b uint64) uint64 {
	if a >= b {
		return a - b
	}
	return a + m.p - b
}

// inv is a⁻¹ mod p (a ≠ 0), by Fermat: a^(p−2).
func (m *modSolver[S]) inv(a uint64) uint64 {
	r, e := uint64(1), m.p-2
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = m.mul(r, a)
		}
		a = m.mul(a, a)
	}
	return r
}

// weight is branch e's exact weight modulo p: its integer weight, or its
// float probability as the binary fraction mantissa·2^exp it is.
func (m *modSolver[S]) weight(mv, e int32) uint64 {
	g := m.g
	if !g.floatMove(mv) {
		return uint64(g.weightOf(mv, e)) % m.p
	}
	frac, exp := math.Frexp(g.floatProb(mv, e)) // prob = frac·2^exp, frac in [1/2, 1)
	mant := uint64(math.Ldexp(frac, 53))
	exp -= 53
	r := mant % m.p
	two := uint64(2)
	if exp < 0 {
		two, exp = m.inv(2), -exp
	}
	for ; exp > 0; exp-- {
		r = m.mul(r, two)
	}
	return r
}

// solve solves every component in reverse topological order.
func (m *modSolver[S]) solve() (uint64, error) {
	g := m.g
	n := len(g.States)
	m.val = make([]uint64, n)
	m.local = make([]int32, n)
	for i := range m.local {
		m.local[i] = -1
	}
	comps := g.components()
	for c := range comps.len() {
		if err := m.stop.done(everyState); err != nil {
			return 0, err
		}
		comp := comps.states(c)
		if !comps.cyclic[c] {
			if err := m.solveOne(comp[0]); err != nil {
				return 0, err
			}
			continue
		}
		if err := m.solveCycle(comp); err != nil {
			return 0, err
		}
	}
	return m.val[0], nil
}

// solveOne solves a state whose branches lead to solved states:
// Σ w (r + v) / W.
func (m *modSolver[S]) solveOne(v int32) error {
	g := m.g
	if g.ended(v) {
		m.val[v] = uint64(g.end[v]) % m.p
		return nil
	}
	mv := g.moveStart[v] + m.policy[v]
	lo, hi := g.branches(mv)
	var sum, total uint64
	for e := lo; e < hi; e++ {
		w := m.weight(mv, e)
		total = m.add(total, w)
		sum = m.add(sum, m.mul(w, m.add(uint64(g.rewardOf(mv, e))%m.p, m.val[g.to[e]])))
	}
	if total == 0 {
		return fmt.Errorf("engine: state %v: its outcomes' weights sum to a multiple of %d, so their probabilities have no residue: %w", g.States[v], m.p, ErrResidueUnproved)
	}
	m.val[v] = m.mul(sum, m.inv(total))
	return nil
}
