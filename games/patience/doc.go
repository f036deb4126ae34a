// Package patience holds Double Patience (UVa 1637, NEERC 2005 problem D):
// the cards, a deal of nine piles of four, its validation, the reader and
// writer of the original input format, and the published sample (Samples).
//
// A deal file holds deals until end of file. Each deal is nine lines, one
// per pile, and each line lists four two-character cards (rank then suit)
// from the bottom card to the top card:
//
//	AS 9S 6C KS
//	JC QH AC KH
//	...
//
// A valid deal is a permutation of the 36-card deck (ranks 6 7 8 9 T J Q K A,
// suits S C D H). Blank lines between deals are tolerated.
//
// Where the rest of the game lives (one page to start from):
//
//   - analyst: exact/patience.go (WinProbability over the memoised piles'
//     heights, PatienceSolver to reuse its memo) and exact/patience_rat.go
//     (WinProbabilityRat, the exact fraction);
//   - referee: montecarlo/referees/patience.go (PatienceReferee lists the legal pairs
//     and picks one at random);
//   - generator: generators/patience.go (Patience) and its coverage classes
//     in generators/patience_class.go;
//   - definition: props/specs/patience.go (Patience, PatienceSpec), with its
//     invariants (symmetries, bounds) in props/specs/patience_invariants.go;
//   - rules: rules/gamerules/patience.go, written from the statement, checked
//     three ways by PatienceThreeWay (props/specs/threeway.go);
//   - a contest-style solver with planted slips, for check's tests:
//     props/specs/testdata/solvers/patience.
package patience
