// Package snakes holds the Snakes and Ladders board (LightOJ 1151): its type,
// the parser and writer of the original input format, validation, and the
// published sample (Samples).
//
// A board is a set of jumps between cells 1..100. The player starts on 1,
// throws a fair die, follows a jump where a move ends on its start, loses a
// throw that would overshoot 100, and finishes on 100. Validate rejects
// boards whose expected number of throws is infinite, naming a cell from
// which 100 cannot be reached.
package snakes
