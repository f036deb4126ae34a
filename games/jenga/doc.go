// Package jenga holds the Colored Jenga tower (Codeforces 424E): its type,
// the parser and writer of the original input format, validation, and the
// published sample (Samples).
//
// A tower is a stack of levels of three blocks (left, middle, right), each
// red, green or blue; the last level is the top. During play the top level
// may be partly built and lower levels may have lost blocks, so a Level can
// hold Empty positions. The package knows the shape of a tower and nothing
// of the rules of play: the analyst (package exact) and the referee (package
// montecarlo) each implement those on their own, so that a mistake in one is
// caught by the other.
//
// The input format is n on the first line, then n lines of three letters
// from R, G, B, bottom to top (the last line is the top, as every accepted
// solution and the published sample answer read it).
package jenga
