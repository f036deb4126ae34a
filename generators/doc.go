// Package generators holds rapid generators of random valid boards for each
// game. Boards are built constructively — every draw yields a valid board, so
// nothing is filtered away and generation never starves — and they shrink
// toward small, readable boards (fewer jumps, fewer levels, smaller maps).
//
// Each game has its generator (Snakes, Patience, Traps, Jenga; SnakesWith,
// TrapsWith and JengaWith take options, which props turns into the games'
// command-line parameters) and its coverage classifier (SnakesClass,
// PatienceClass, TrapsClass, JengaClass), which names the kind of board
// drawn from the board alone. Every generator is a documented mix of
// styles with fixed weights — small boards first, where rapid shrinks to;
// informative boards, whose answer is neither trivial nor 0 or 1; boards
// at the limits — drawn from unbiased bits (drawStyle), since rapid's
// integers favour small values and would skew the weights.
//
// Outside tests, Generator.Example(seed) draws a board deterministically
// from a seed, which is how `chancecheck gen` and the report use them.
package generators
