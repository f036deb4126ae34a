// Package generators holds rapid generators of random valid boards for each
// game. Boards are built constructively — every draw yields a valid board, so
// nothing is filtered away and generation never starves — and they shrink
// toward small, readable boards (fewer jumps, fewer levels, smaller maps).
//
// Each game has its generator (Snakes, Patience, Traps, Jenga; TrapsWith and
// JengaUpTo take limits) and its coverage classifier (SnakesClass,
// PatienceClass, TrapsClass, JengaClass), which names the kind of board drawn.
//
// Outside tests, Generator.Example(seed) draws a board deterministically
// from a seed, which is how `chancecheck gen` and the report use them.
package generators
