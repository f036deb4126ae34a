// Package generators holds rapid generators of random valid boards for each
// game. Boards are built constructively — every draw yields a valid board, so
// nothing is filtered away and generation never starves — and they shrink
// toward small, readable boards (fewer jumps, fewer levels, smaller maps).
//
// Outside tests, Generator.Example(seed) draws a board deterministically
// from a seed, which is how `chancecheck gen` and the report use them.
package generators
