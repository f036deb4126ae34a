package reports

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
)

// biased is a props.Game whose referee is slightly wrong: after the real
// simulation it moves each run's outcome up by one with a small probability
// (a loss becomes a win in win/loss games), chosen so that the mean moves by
// shift standard errors. Boards with σ = 0 are left alone. Each board alone
// is well within its agreement test; together they are not.
type biased struct {
	props.Game
	shift float64
}

func (b biased) Simulate(ctx context.Context, board props.Board, sol props.Solution, cfg montecarlo.Config) (montecarlo.Histogram, error) {
	h, err := b.Game.Simulate(ctx, board, sol, cfg)
	if err != nil {
		return h, err
	}
	sigma, _ := centralMoments(sol.PMF)
	n := h.N()
	if sigma == 0 || n == 0 {
		return h, nil
	}
	q := b.shift * sigma / math.Sqrt(float64(n)) // the wanted shift of the mean
	binary := len(sol.PMF) <= 2
	if binary {
		q /= sol.PMF[0] // only losses move, each by one
	}
	q = math.Min(q, 1)
	rng := rand.New(rand.NewPCG(cfg.Seed, 0xb1a5ed))
	out := montecarlo.Histogram{Counts: make([]int64, len(h.Counts)+1)}
	for k, c := range h.Counts {
		var moved int64
		if !binary || k == 0 {
			for range c {
				if rng.Float64() < q {
					moved++
				}
			}
		}
		out.Counts[k] += c - moved
		out.Counts[k+1] += moved
	}
	if out.Counts[len(out.Counts)-1] == 0 {
		out.Counts = out.Counts[:len(out.Counts)-1]
	}
	return out, nil
}

// A simulator biased by about 2.5 standard errors on every board passes
// every board's own test and fails the calibration; the same run without the
// bias passes.
func TestBiasedSimulatorFailsCalibration(t *testing.T) {
	opt := Options{Boards: 40, Runs: 4096, Seed: 3, Alpha: 1e-6}
	for _, tc := range []struct {
		name string
		game props.Game
		pass bool
	}{
		{"unbiased", specs.Patience(), true},
		{"biased", biased{specs.Patience(), 2.5}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := opt
			o.Games = []props.Game{tc.game}
			r, _ := mustRun(t, o)
			g := r.Games[0]
			for _, b := range g.Boards {
				if !b.Pass {
					t.Errorf("board %s fails on its own (z = %.2f, p = %.3g): the bias is too large for this test", b.ID, b.Agreement.Z, b.Agreement.PValue)
				}
			}
			c := g.Calibration
			t.Logf("calibration over %d boards: D = %.3f, β = %.4f, p = %.3g, α = %.3g", c.Boards, c.D, c.BerryEsseen, c.PValue, c.Alpha)
			if c.Boards < 20 {
				t.Fatalf("only %d boards in the calibration", c.Boards)
			}
			if c.Pass != tc.pass || r.Pass != tc.pass {
				t.Fatalf("calibration pass = %v, report pass = %v, want %v", c.Pass, r.Pass, tc.pass)
			}
		})
	}
}

func TestBoardCalibration(t *testing.T) {
	agreement := func(runs int64, z float64) estimate.Agreement { return estimate.Agreement{Runs: runs, Z: z} }
	tests := []struct {
		name    string
		pmf     []float64
		a       estimate.Agreement
		skipped string
		u, be   float64 // when used
	}{
		// Bernoulli(1/2): σ = 1/2, ρ = 1/8, ρ/σ³ = 1, so β = C/√n.
		{"fair coin", []float64{0.5, 0.5}, agreement(10000, 0), "", 0.5, BerryEsseenC / 100},
		{"fair coin z=1.96", []float64{0.5, 0.5}, agreement(10000, 1.959963984540054), "", 0.975, BerryEsseenC / 100},
		{"point mass", []float64{0, 1}, agreement(10000, 0), SkipSigmaZero, 0, 0},
		{"no runs", []float64{0.5, 0.5}, agreement(0, 0), SkipNoRuns, 0, 0},
		// p = 1e-4: ρ/σ³ ≈ 100, β ≈ 0.4748 > MaxBerryEsseen at n = 10000.
		{"rare win", []float64{1 - 1e-4, 1e-4}, agreement(10000, 0), SkipBerryEsseen, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := boardCalibration(tc.pmf, tc.a)
			if c.Skipped != tc.skipped {
				t.Fatalf("skipped %q, want %q", c.Skipped, tc.skipped)
			}
			if tc.skipped != "" {
				if c.U != nil {
					t.Fatalf("skipped board has U = %g", *c.U)
				}
				return
			}
			if math.Abs(*c.U-tc.u) > 1e-12 || math.Abs(*c.BerryEsseen-tc.be) > 1e-12 {
				t.Fatalf("U = %g, β = %g; want %g, %g", *c.U, *c.BerryEsseen, tc.u, tc.be)
			}
		})
	}
}

func TestCalibrateUsesBerryEsseenAllowance(t *testing.T) {
	// Twenty U's all at 0.9: D = 0.9 − 0 = 0.9 at u just below 0.9.
	mk := func(u, be float64) BoardReport {
		return BoardReport{Calibration: BoardCalibration{U: &u, BerryEsseen: &be}}
	}
	var boards []BoardReport
	for range 20 {
		boards = append(boards, mk(0.9, 0.01))
	}
	boards = append(boards, BoardReport{Calibration: BoardCalibration{Skipped: SkipSigmaZero}})
	c := calibrate(boards, 1e-6)
	if c.Boards != 20 || c.Skipped != 1 || c.BerryEsseen != 0.01 {
		t.Fatalf("boards %d, skipped %d, β %g", c.Boards, c.Skipped, c.BerryEsseen)
	}
	if math.Abs(c.D-0.9) > 1e-12 {
		t.Fatalf("D = %g, want 0.9", c.D)
	}
	// P(D_20 ≥ 0.89): for d > 1/2 it is 2·P(D⁺ ≥ d), Birnbaum and Tingey's
	// sum 2d·Σ_{j ≤ n(1−d)} C(n, j)(1 − d − j/n)^(n−j)(d + j/n)^(j−1), here
	// three terms, about 1.35e-19; 1 − KolmogorovCDF would round it to 0.
	const d = 0.89
	want := 2 * d * (math.Pow(1-d, 20)/d + 20*math.Pow(1-d-0.05, 19) + 190*math.Pow(1-d-0.1, 18)*(d+0.1))
	if math.Abs(c.PValue/want-1) > 1e-12 || c.Pass {
		t.Fatalf("p = %g (pass %v), want %g and a failure", c.PValue, c.Pass, want)
	}
	// Over no board no test is made: not a pass (it was one before
	// schema 5), and not a failure either (GameReport.Failed).
	if c := calibrate(nil, 1e-6); c.Pass || c.NotTested != UntestedNonePlayed || c.PValue != 1 {
		t.Fatalf("no boards: %+v", c)
	}
}

// The detectable shift is where a shift of every z by s makes the
// population KS distance 2Φ(s/2) − 1 reach the critical value; it falls as
// boards are added and rises with the Berry–Esseen allowance.
func TestDetectableZShift(t *testing.T) {
	prev := math.Inf(1)
	for _, n := range []int{5, 10, 40, 160, 640} {
		s, ok := detectableZShift(n, 0, 1e-8)
		if !ok || !(s < prev) {
			t.Fatalf("n=%d: shift %g (ok %v), previous %g", n, s, ok, prev)
		}
		crit, _ := criticalDistance(n, 0, 1e-8)
		if p := estimate.KolmogorovSurvival(n, crit); math.Abs(p/1e-8-1) > 1e-6 {
			t.Errorf("n=%d: P(D ≥ critical) = %g, want 1e-8", n, p)
		}
		if d := 2*normalCDF(s/2) - 1; math.Abs(d-crit) > 1e-9 {
			t.Errorf("n=%d: distance of the shift %g, critical %g", n, d, crit)
		}
		prev = s
	}
	withBE, _ := detectableZShift(40, 0.05, 1e-8)
	without, _ := detectableZShift(40, 0, 1e-8)
	if !(withBE > without) {
		t.Errorf("β = 0.05 gives shift %g, β = 0 %g", withBE, without)
	}
	// One board: P(D_1 ≥ d) = 2(1 − d), so only a shift beyond
	// 2Φ⁻¹(1 − α/4) ≈ 11.4 standard errors is seen.
	if s, ok := detectableZShift(1, 0, 1e-8); !ok || math.Abs(s-2*normalQuantile(1-1e-8/4)) > 1e-3 {
		t.Errorf("one board: shift %g (ok %v)", s, ok)
	}
	if _, ok := detectableZShift(0, 0, 1e-8); ok {
		t.Error("no board, yet a shift was reported")
	}
}
