package props

// ErrTooLongToPlay is the error of Simulate on a board whose games the
// referee cannot play to the end: by the analyst's distribution, an outcome
// above montecarlo.MaxOutcome is not negligible (a snakes board that takes
// an expected 672,476 throws is valid, and its game often outlasts 2^20).
// Such a board is not judged by the referee, and the agreement property
// skips it; its answer and invariants are checked as on any board. It
// wraps ErrCannotJudge: errors.Is(err, ErrCannotJudge) is the one test for
// a board nobody can judge.
var ErrTooLongToPlay error = cannotJudge("the referee cannot play this board to the end")

// UnplayableMass is the probability of an outcome above
// montecarlo.MaxOutcome beyond which Simulate refuses a board
// (ErrTooLongToPlay): below it, a run past the limit would fail the run as
// a harness error less often than once in 10^12 games.
const UnplayableMass = 1e-12

// massAbove is P(outcome > limit) under sol's distribution, its cut tail
// included.
func massAbove(sol Solution, limit int) float64 {
	p := sol.PMFTail
	for t := limit + 1; t < len(sol.PMF); t++ {
		p += sol.PMF[t]
	}
	return p
}
