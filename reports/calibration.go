package reports

import (
	"errors"
	"math"

	"github.com/chancecheck/chancecheck/montecarlo/estimate"
	"github.com/chancecheck/chancecheck/props"
)

// Calibration across boards.
//
// Each board's agreement test is a valid but conservative test (DKW above
// all), so its p-values are not uniform and cannot be pooled. What can be is
// Z = (simulated mean − exact mean)/(σ/√n), with σ the exact standard
// deviation of the outcome: by the central limit theorem U = Φ(Z) is close to
// Uniform(0, 1) when the simulation follows the exact distribution, and a
// simulator that is biased the same way on many boards (too small to fail any
// board alone) pushes the U's to one side, which the Kolmogorov–Smirnov test
// of the U's against Uniform(0, 1) sees.
//
// How close: by the Berry–Esseen theorem, with Shevtsova's (2011) constant
// C = 0.4748 for identically distributed summands,
//
//	sup_z |P(Z ≤ z) − Φ(z)| ≤ β = C · ρ / (σ³ √n),   ρ = E|X − μ|³,
//
// so |P(U ≤ u) − u| ≤ β for every u (lattice outcomes included). Coupling each
// U_i with an exactly uniform V_i (V_i = G_i(U_i), randomised at atoms, G_i
// the true CDF of U_i) gives U_i ≤ u ⇒ V_i ≤ u + β and U_i > u ⇒ V_i ≥ u − β,
// hence D(U) ≤ D(V) + β with D(V) the KS statistic of n independent uniforms:
// P(D(U) ≥ d) ≤ P(D_n ≥ d − β). The p-value reported is that bound, with
// β the largest bound of the boards used, so the calibration test keeps its
// false-alarm rate without any asymptotic argument (boards are independent:
// each has its own simulation seed). P(D_n ≥ ·) is
// estimate.KolmogorovSurvival: exact for up to 1000 boards, far tail
// included, and above 1000 an upper bound (2·P(D⁺_n ≥ ·), high by about
// (p/2)³ relative), so the rate holds at any number of boards.
//
// Boards are left out when σ = 0 (a point mass: Z is 0 by convention, and
// the per-board test already demands exact equality), when they have no runs,
// and when β > MaxBerryEsseen (win probabilities very near 0 or 1, where the
// normal approximation is too coarse to be worth its cost in the bound).

// BerryEsseenC is Shevtsova's (2011) Berry–Esseen constant for sums of
// independent identically distributed variables.
const BerryEsseenC = 0.4748

// MaxBerryEsseen is the largest Berry–Esseen bound a board may have and still
// enter the calibration test.
const MaxBerryEsseen = 0.05

// Reasons a board is left out of the calibration (BoardCalibration.Skipped).
const (
	SkipSigmaZero   = "sigma-0"
	SkipNoRuns      = "no-runs"
	SkipBerryEsseen = "berry-esseen"
	// SkipNotPlayed: the referee cannot play the board to the end
	// (props.ErrTooLongToPlay), so it has no agreement test.
	SkipNotPlayed = "not-played"
	// SkipNotJudged: the analyst refused the board (props.ErrCannotJudge).
	SkipNotJudged = "not-judged"
	// SkipOutOfTime: the referee stopped at one of its own limits before
	// it played the board (props.ErrCannotJudge from Simulate, not
	// props.ErrTooLongToPlay: a referee program of a game defined by
	// programs out of its time or idleness limit, --program-timeout).
	SkipOutOfTime = "out-of-time"
)

// notPlayedSkip is the reason a board the referee did not play (err wraps
// props.ErrCannotJudge) is left out of the calibration: SkipOutOfTime when
// the referee ran out of its time or idleness limit (props.ErrOutOfTime),
// SkipNotPlayed otherwise (its games are longer than the referee plays,
// props.ErrTooLongToPlay, or another reason it cannot play them).
func notPlayedSkip(err error) string {
	if errors.Is(err, props.ErrOutOfTime) {
		return SkipOutOfTime
	}
	return SkipNotPlayed
}

// boardCalibration is U = Φ(Z) for a board whose exact outcome distribution
// is pmf, or the reason it is left out.
func boardCalibration(pmf []float64, a estimate.Agreement) BoardCalibration {
	sigma, rho := centralMoments(pmf)
	if math.IsNaN(a.Z) && a.Runs > 0 || !(sigma > 0) { // σ = 0 up to rounding (estimate.SigmaIsZero): no z-score
		return BoardCalibration{Skipped: SkipSigmaZero}
	}
	if a.Runs <= 0 {
		return BoardCalibration{Skipped: SkipNoRuns}
	}
	be := BerryEsseenC * rho / (sigma * sigma * sigma * math.Sqrt(float64(a.Runs)))
	c := BoardCalibration{BerryEsseen: &be}
	if be > MaxBerryEsseen {
		c.Skipped = SkipBerryEsseen
		return c
	}
	u := normalCDF(a.Z)
	c.U = &u
	return c
}

// centralMoments is σ and E|X − μ|³ of pmf as given.
func centralMoments(pmf []float64) (sigma, rho float64) {
	var mean float64
	for k, q := range pmf {
		mean += float64(k) * q
	}
	var v float64
	for k, q := range pmf {
		d := math.Abs(float64(k) - mean)
		v += d * d * q
		rho += d * d * d * q
	}
	return math.Sqrt(v), rho
}

// Why a calibration made no test (Calibration.NotTested).
const (
	// UntestedNonePlayed: no board of the game was played (not played,
	// not judged, or not checked at all), so none has a z-score.
	UntestedNonePlayed = "no board played"
	// UntestedNoU: boards were played, but none has a usable U (σ = 0, no
	// runs, or a Berry–Esseen bound above MaxBerryEsseen).
	UntestedNoU = "no board has a usable U"
	// UntestedTooFew: some boards have a U, too few for the test to
	// reject at all (criticalDistance: even D = 1 passes at its alpha), as
	// a coverage goal's CoverageTooFew.
	UntestedTooFew = "too few boards to judge"
)

// calibrate is the KS test of the U's of the boards that have one; it
// rejects when the p-value is ≤ alpha. Over no board, or over too few for
// it to reject whatever their U's, it makes no test: NotTested says why,
// and it neither passes nor fails.
func calibrate(boards []BoardReport, alpha float64) *Calibration {
	c := &Calibration{Alpha: alpha}
	var us []float64
	for _, b := range boards {
		if b.Calibration.U == nil {
			c.Skipped++
			continue
		}
		us = append(us, *b.Calibration.U)
		c.BerryEsseen = math.Max(c.BerryEsseen, *b.Calibration.BerryEsseen)
	}
	c.Boards = len(us)
	c.PValue = 1
	if len(us) > 0 {
		d, _ := estimate.KolmogorovSmirnov(us, func(u float64) float64 { return u })
		c.D = d
		c.PValue = estimate.KolmogorovSurvival(len(us), d-c.BerryEsseen)
	}
	if len(us) == 0 {
		c.NotTested = untestedWhy(boards)
		return c
	}
	if _, ok := criticalDistance(len(us), c.BerryEsseen, alpha); !ok {
		c.NotTested = UntestedTooFew
		return c
	}
	c.Pass = c.PValue > alpha
	return c
}

// untestedWhy is why a calibration over boards, none with a U, made no
// test: UntestedNoU when some board was played, else UntestedNonePlayed.
func untestedWhy(boards []BoardReport) string {
	for _, b := range boards {
		switch b.Calibration.Skipped {
		case SkipNotPlayed, SkipOutOfTime, SkipNotJudged, SkipError:
		default:
			return UntestedNoU
		}
	}
	return UntestedNonePlayed
}

// detectableZShift is the smallest shift s of every board's z-score that the
// calibration test of n boards at level alpha detects with probability about
// 1/2: such a shift moves the CDF of U to Φ(Φ⁻¹(u) − s), at sup distance
// 2Φ(s/2) − 1 from the uniform, and the test rejects when the observed
// distance passes its critical value (criticalDistance).
func detectableZShift(n int, beta, alpha float64) (float64, bool) {
	if n < 1 {
		return 0, false
	}
	crit, ok := criticalDistance(n, beta, alpha)
	if !ok {
		return 0, false
	}
	return 2 * normalQuantile((1+crit)/2), true
}

// criticalDistance is the KS distance at which the calibration test of n
// boards rejects: β plus the 1 − alpha quantile of D_n; false when even the
// largest distance, 1, is not rejected.
func criticalDistance(n int, beta, alpha float64) (float64, bool) {
	lo, hi := 0.0, 1.0 // KolmogorovSurvival(n, lo) > alpha ≥ KolmogorovSurvival(n, hi)
	for range 60 {
		mid := (lo + hi) / 2
		if estimate.KolmogorovSurvival(n, mid) <= alpha {
			hi = mid
		} else {
			lo = mid
		}
	}
	return beta + hi, beta+hi < 1
}

// normalCDF is Φ.
func normalCDF(z float64) float64 { return 0.5 * math.Erfc(-z/math.Sqrt2) }

// normalQuantile is Φ⁻¹.
func normalQuantile(p float64) float64 { return -math.Sqrt2 * math.Erfcinv(2*p) }
