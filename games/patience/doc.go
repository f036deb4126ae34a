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
package patience
