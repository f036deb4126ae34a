package specs

import (
	"context"
	"math"

	"github.com/chancecheck/chancecheck/montecarlo/referees"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/montecarlo"
	"pgregory.net/rapid"
)

// JengaSymmetries is the rapid property "mirroring any set of levels,
// reordering the levels below the top, and swapping green and blue each
// leave E unchanged", each transformation drawn by rapid and checked on its
// own, for the analyst solve on towers of g's generator.
func JengaSymmetries(g JengaConfig, solve JengaAnswer) func(*rapid.T) {
	return func(t *rapid.T) {
		tw := g.generator().Draw(t, "tower")
		v, err := solve(tw)
		if err != nil {
			t.Fatalf("jenga: solve: %v", err)
		}
		n := len(tw.Levels)
		mirror := rapid.SliceOfN(rapid.Bool(), n, n).Draw(t, "levels to mirror")
		lower := make([]int, n-1)
		for i := range lower {
			lower[i] = i
		}
		perm := rapid.Permutation(lower).Draw(t, "order of the lower levels")
		checks := []struct {
			name  string
			image jenga.Tower
		}{
			{"mirror-levels", MirrorJengaLevels(tw, mirror)},
			{"reorder-lower-levels", PermuteJengaLower(tw, perm)},
			{"swap-green-blue", SwapJengaGreenBlue(tw)},
		}
		for _, c := range checks {
			if err := jengaSame(solve, c.image, v); err != nil {
				t.Fatalf("jenga: %s of %v: %v", c.name, tw, err)
			}
		}
	}
}

// JengaClosedForms is the rapid property "a tower of n levels of one colour
// takes 6·m(n) throws if red and 3·m(n) if green or blue, m(n) = 2, 3, 5, 6, 8
// for n = 2..6" (the spec's closed forms), for the analyst solve.
func JengaClosedForms(solve JengaAnswer) func(*rapid.T) {
	return func(t *rapid.T) {
		n := rapid.IntRange(jenga.MinLevels, jenga.MaxLevels).Draw(t, "levels")
		c := rapid.SampledFrom(jenga.Colours()).Draw(t, "colour")
		v, err := solve(jengaSingleColour(n, c))
		if err != nil {
			t.Fatalf("jenga: solve: %v", err)
		}
		if want := jengaSingleColourValue(n, c); math.Abs(v-want) > JengaInvariantSlack {
			t.Fatalf("jenga: %d levels all %v: E = %.12f, want %g", n, c, v, want)
		}
	}
}

// JengaBeatChecks says how JengaNoPolicyBeatsOptimum checks a tower.
type JengaBeatChecks struct {
	Runs  int64   // games the referee plays per policy; 0: no simulation
	Alpha float64 // false-alarm budget of the simulated checks of one tower
	// ExactGreedy evaluates the greedy policy exactly (towers whose greedy
	// play reaches at most JengaEvaluationStates real towers).
	ExactGreedy bool
	// ExactRandomUpTo evaluates the uniformly random policy exactly on
	// towers of at most this many levels (its real towers multiply fast:
	// 11,408 at n = 3, about 400,000 at n = 4).
	ExactRandomUpTo int
}

// JengaNoPolicyBeatsOptimum is the rapid property "no policy finishes faster
// on average than the optimum E the analyst solve reports", on towers of g's
// generator, checked two ways:
//
//   - exactly: the greedy and the uniformly random policies evaluated by
//     exact.EvaluateJenga on the real tower may not be below E;
//   - by simulation: the referee plays each policy c.Runs times, and the
//     one-sided upper confidence bound of its mean (JengaMeanUpperBound, the
//     budget c.Alpha split over the two policies) may not be below E.
func JengaNoPolicyBeatsOptimum(g JengaConfig, solve JengaAnswer, c JengaBeatChecks) func(*rapid.T) {
	return func(t *rapid.T) {
		tw := g.generator().Draw(t, "tower")
		seed := rapid.Uint64().Draw(t, "simulation seed")
		v, err := solve(tw)
		if err != nil {
			t.Fatalf("jenga: solve: %v", err)
		}
		if c.ExactGreedy {
			if err := jengaAtLeast("greedy", tw, referees.GreedyJengaPolicy{}, v); err != nil {
				t.Fatalf("jenga: %v: %v", tw, err)
			}
		}
		if len(tw.Levels) <= c.ExactRandomUpTo {
			if err := jengaAtLeast("random", tw, referees.RandomJengaPolicy{}, v); err != nil {
				t.Fatalf("jenga: %v: %v", tw, err)
			}
		}
		if c.Runs <= 0 {
			return
		}
		policies := []struct {
			name string
			p    referees.JengaPolicy
		}{{"random", referees.RandomJengaPolicy{}}, {"greedy", referees.GreedyJengaPolicy{}}}
		for i, pol := range policies {
			cfg := montecarlo.Config{Runs: c.Runs, Seed: montecarlo.SubSeed(seed, uint64(i))}
			h, err := SimulateJenga(context.Background(), tw, pol.p, cfg)
			if err != nil {
				t.Fatalf("jenga: %v: simulate %s: %v", tw, pol.name, err)
			}
			if ub := JengaMeanUpperBound(h, len(tw.Levels), c.Alpha/float64(len(policies))); ub < v-JengaInvariantSlack {
				t.Fatalf("jenga: %v: the %s policy's mean is at most %.6f (simulated %.6f over %d games, α = %.2g), below the optimum %.12f",
					tw, pol.name, ub, h.Mean(), h.N(), c.Alpha, v)
			}
		}
	}
}

// JengaMeanUpperBound is an upper confidence bound, at level 1−alpha, for
// the mean number of throws of games whose outcomes h counts, played on a
// tower of n levels under any policy. The mean is Σ_k P(T > k), and for every
// k two bounds hold:
//
//   - the one-sided DKW–Massart band: with probability ≥ 1−alpha,
//     P(T > k) ≤ 1 − Fn(k) + ε for all k at once, ε = √(ln(1/alpha)/(2N));
//   - always, P(T > k) ≤ P(Binomial(k, 1/6) < 6n): a game makes at most 6n
//     moves (each move lowers 6·complete lower levels + 3·two-block ones +
//     2·blocks on top, which starts at 6n, by at least 1) and every throw
//     before the end allows a move with probability at least 1/6 (some
//     colour has one), so T is stochastically below the number of trials to
//     the 6n-th success of a 1/6 coin.
//
// Summing the smaller bound over k gives a bound valid without assuming the
// throws bounded.
func JengaMeanUpperBound(h montecarlo.Histogram, n int, alpha float64) float64 {
	runs := h.N()
	if runs == 0 {
		return math.Inf(1)
	}
	eps := math.Sqrt(math.Log(1/alpha) / (2 * float64(runs)))
	moves := 6 * n
	var ub, cum float64
	for k := 0; ; k++ {
		if k < len(h.Counts) {
			cum += float64(h.Counts[k])
		}
		sim := 1 - cum/float64(runs) + eps
		tail := binomialBelow(k, moves, 1.0/6)
		ub += math.Min(math.Min(sim, tail), 1)
		if tail < 1e-15 && k >= len(h.Counts) {
			return ub
		}
	}
}

// binomialBelow is P(Binomial(k, p) < m).
func binomialBelow(k, m int, p float64) float64 {
	if k < m {
		return 1
	}
	s := 0.0
	lk, _ := math.Lgamma(float64(k + 1))
	for j := range m {
		lj, _ := math.Lgamma(float64(j + 1))
		lkj, _ := math.Lgamma(float64(k - j + 1))
		s += math.Exp(lk - lj - lkj + float64(j)*math.Log(p) + float64(k-j)*math.Log1p(-p))
	}
	return s
}

// The referee's policies (montecarlo/referees) serve the exact evaluator too.
var (
	_ exact.JengaPlayer = referees.RandomJengaPolicy{}
	_ exact.JengaPlayer = referees.GreedyJengaPolicy{}
)
