// Package estimate holds the statistics chancecheck uses to decide whether a
// simulation agrees with an exact solution, with false-alarm rates that hold
// by a theorem rather than by a normal approximation.
//
// The pieces:
//
//   - DKW (dkw.go): the Dvoretzky–Kiefer–Wolfowitz inequality with Massart's
//     constant, P(sup|Fn−F| > ε) ≤ 2·exp(−2nε²), for whole distributions of an
//     integer outcome (number of throws, …).
//   - Binomial (binomial.go): exact Clopper–Pearson intervals and exact
//     two-sided binomial p-values, for win/loss probabilities.
//   - AgreeKind and Agree (agree.go): the exact binomial test for win/loss
//     outcomes, DKW for counts (AgreeKind is told which; Agree reads it off
//     the pmf), reporting statistic, threshold, p-value, z-score and the
//     smallest shift the check could have seen.
//   - Bonferroni (bonferroni.go): split one family-wise false-alarm budget over many
//     checks by Bonferroni's inequality.
//   - KolmogorovSmirnov and KolmogorovSurvival (ks.go): the one-sample KS
//     test, its p-value exact up to 1000 draws (Marsaglia, Tsang and Wang
//     2003, with an exact far tail) and a valid upper bound beyond, used to
//     check that the z-scores of many boards are calibrated.
//
// The package knows nothing about games: montecarlo produces histograms,
// exact produces pmfs, and props/reports call Agree on the pair.
//
//	pmf := []float64{0.25, 0.75}       // P(loss), P(win)
//	counts := []int64{2480, 7520}       // simulated losses, wins
//	a := estimate.Agree(pmf, 0, counts, estimate.Bonferroni{Alpha: 1e-6, Checks: 100}.PerCheck())
//	fmt.Println(a.Pass)
package estimate
