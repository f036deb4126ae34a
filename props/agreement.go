package props

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"pgregory.net/rapid"
)

// TestAlpha is the false-alarm level of one statistical check in the test
// suite: an agreement test on one board, or the simulated "no policy beats
// the optimum" bounds of one tower or maze together. By Bonferroni a correct
// tree fails some check by chance with probability at most TestAlpha times
// the number of checks, which is rapid's checks per property times the
// properties that make them: ten in go test ./... (agreement in the
// conformance kit for the four built-in games, the bagofmice example and
// the kit's own three test runs; jenga's and traps' "no policy beats the
// optimum"). At rapid's default of 100 checks that is 1,000 checks and a
// bound of 1e-6; RAPID_CHECKS=1000 makes it 1e-5, -short a fifth. The level
// stays fixed as RAPID_CHECKS grows, so that each check keeps the power its
// test states.
const TestAlpha = 1e-9

// Agreement is the property "the analyst and the referee agree": for a board
// drawn from g's generator and a simulation seed drawn by rapid, the
// referee's outcomes over runs games are tested against the analyst's exact
// outcome distribution at false-alarm level alpha (exact binomial test for
// win/loss games, DKW for counts). The seed is only handed to the referee's
// own PCG streams; rapid's draws never serve as Monte Carlo randomness.
func Agreement(g Game, runs int64, alpha float64) func(*rapid.T) {
	return AgreementObserved(g, runs, alpha, nil)
}

// AgreementObserved is Agreement that hands each board it tests, with its
// test and the time the analyst's Solve took, to observe (nil: none)
// before the verdict: gametest keeps the closest calls of a pass with it.
func AgreementObserved(g Game, runs int64, alpha float64, observe func(b Board, a estimate.Agreement, solve time.Duration)) func(*rapid.T) {
	return func(t *rapid.T) {
		b := g.Generator().Draw(t, "board")
		seed := rapid.Uint64().Draw(t, "simulation seed")
		start := time.Now()
		sol, err := g.Solve(b)
		took := time.Since(start)
		var a estimate.Agreement
		if err != nil {
			err = fmt.Errorf("solve: %w", err)
		} else {
			a, err = agreeSolved(context.Background(), g, b, sol, montecarlo.Config{Runs: runs, Seed: seed}, alpha)
		}
		if err == nil && observe != nil {
			observe(b, a, took)
		}
		if errors.Is(err, ErrCannotJudge) {
			// Rare: an oracle past its limits (the referee's run length,
			// the engine's), and rapid draws another board; rapid fails a
			// property most of whose boards are skipped.
			t.Skip(err)
		}
		if err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		if !a.Pass {
			t.Fatalf("%s: referee disagrees with the analyst: %s", g.Name(), DescribeAgreement(a))
		}
	}
}

// CheckAgreement solves b exactly, simulates it, and tests the agreement at level alpha.
func CheckAgreement(ctx context.Context, g Game, b Board, cfg montecarlo.Config, alpha float64) (estimate.Agreement, error) {
	sol, err := g.Solve(b)
	if err != nil {
		return estimate.Agreement{}, fmt.Errorf("solve: %w", err)
	}
	return agreeSolved(ctx, g, b, sol, cfg, alpha)
}

// agreeSolved simulates b and tests the referee's outcomes against sol.
func agreeSolved(ctx context.Context, g Game, b Board, sol Solution, cfg montecarlo.Config, alpha float64) (estimate.Agreement, error) {
	h, err := g.Simulate(ctx, b, sol, cfg)
	if err != nil {
		return estimate.Agreement{}, fmt.Errorf("simulate: %w", err)
	}
	return Agree(g, sol, h.Counts, alpha), nil
}

// Agree tests the referee's outcome counts against sol's exact distribution
// at level alpha with the test of g's outcome kind: the exact binomial test
// for win/loss games, DKW for counts.
func Agree(g Game, sol Solution, counts []int64, alpha float64) estimate.Agreement {
	return estimate.AgreeKind(g.Outcome(), sol.PMF, sol.PMFTail, counts, alpha)
}

// DescribeAgreement is a one-line account of an agreement check.
func DescribeAgreement(a estimate.Agreement) string {
	return fmt.Sprintf("%s test over %d runs: exact mean %.9g, simulated %.9g (interval %.6g..%.6g), statistic %.4g, p-value %.3g at α = %.3g, z = %.2f",
		a.Test, a.Runs, a.ExactMean, a.SimMean, a.CILow, a.CIHigh, a.Statistic, a.PValue, a.Alpha, a.Z)
}

// InvariantsHold is the property "every invariant of g holds on every
// generated board".
func InvariantsHold(g Game) func(*rapid.T) {
	return func(t *rapid.T) {
		b := g.Generator().Draw(t, "board")
		sol, err := g.Solve(b)
		if err != nil {
			t.Fatalf("%s: solve: %v", g.Name(), err)
		}
		for _, inv := range g.Invariants() {
			if err := inv.Check(b, sol); err != nil {
				t.Fatalf("%s: invariant %s: %v", g.Name(), inv.Name, err)
			}
		}
	}
}

// InvariantHolds is the property "the invariant of g called name holds on
// every generated board": InvariantsHold for one invariant, so that a test
// can show each invariant failing on the planted bug it is meant to catch,
// where InvariantsHold would stop at whichever fails first.
func InvariantHolds(g Game, name string) func(*rapid.T) {
	return func(t *rapid.T) {
		var inv *Invariant[Board]
		for _, i := range g.Invariants() {
			if i.Name == name {
				inv = &i
			}
		}
		if inv == nil {
			t.Fatalf("%s: no invariant %q", g.Name(), name)
			return
		}
		b := g.Generator().Draw(t, "board")
		sol, err := g.Solve(b)
		if err != nil {
			t.Fatalf("%s: solve: %v", g.Name(), err)
		}
		if err := inv.Check(b, sol); err != nil {
			t.Fatalf("%s: invariant %s: %v", g.Name(), name, err)
		}
	}
}

// heavyTail is the cut tail above which distributionInvariant compares the
// mean with the answer from below only: the built-in games cut at 1e-12 or
// less, so only a distribution cut by a limit of its length (a snakes game
// of an expected 672,476 throws) is heavier.
const heavyTail = 1e-9

// distributionInvariant is the invariant "the outcome distribution has mass
// 1 (up to its cut tail), no negative entry, and mean equal to the answer",
// which Define adds to every count game: the referee is tested against the
// distribution, and solvers are judged against the value, so the two must
// be one answer.
func distributionInvariant[B any]() Invariant[B] {
	return Invariant[B]{
		Name: "distribution-sums-to-one",
		Doc:  "the outcome distribution has mass 1 (up to its cut tail), no negative entry, and mean equal to the answer",
		Check: func(_ B, sol Solution) error {
			if sol.Endless {
				return nil // no play ends: there is no distribution to hold it to
			}
			var mass, mean float64
			for k, p := range sol.PMF {
				if p < 0 {
					return fmt.Errorf("P(T=%d) = %g < 0", k, p)
				}
				mass += p
				mean += float64(k) * p
			}
			if math.Abs(mass+sol.PMFTail-1) > 1e-9 {
				return fmt.Errorf("mass %.15g + tail %g ≠ 1", mass, sol.PMFTail)
			}
			slack := 1e-6 * max(1, math.Abs(sol.Value))
			if sol.PMFTail > heavyTail {
				// The cut mass lies at len(PMF) or beyond, so it adds at
				// least tail·len(PMF) to the mean; how much more, the cut
				// distribution cannot say.
				if low := mean + sol.PMFTail*float64(len(sol.PMF)); low > sol.Value+slack {
					return fmt.Errorf("the mean is at least Σ t·P(T=t) + tail·%d = %.12g, above E = %.12g", len(sol.PMF), low, sol.Value)
				}
				return nil
			}
			if math.Abs(mean-sol.Value) > slack {
				return fmt.Errorf("the mean Σ t·P(T=t) = %.12g differs from E = %.12g", mean, sol.Value)
			}
			return nil
		},
	}
}
