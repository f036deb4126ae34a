// Package exact holds the analysts: for each game, the exact answer by
// equations, dynamic programming or an optimal policy, in float64 and, where
// the size allows, as an exact fraction (math/big.Rat). The names say which:
// ExpectedThrows, WinProbability, TrapSurvival and EvaluateTrapPolicy return
// float64, and the same name with Rat (ExpectedThrowsRat, …) the fraction.
//
// Nothing here imports package montecarlo, and the referees (package
// montecarlo/referees) import nothing from here: the comparison between the two is only worth something
// because they share no rule code.
package exact
