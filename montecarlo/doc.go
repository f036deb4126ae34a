// Package montecarlo is how a referee is run: Run plays a game many times,
// in parallel and seeded, and counts its outcomes in a Histogram. It knows
// no game: a referee (a built-in game's, in package montecarlo/referees, or
// a user's Spec.Play) is a Player, one per worker, and Die is a fair die
// for referees that throw one.
//
// Runs are grouped in fixed blocks, and block b draws its randomness from a
// PCG stream seeded by (seed, b), so the result depends on the seed alone,
// never on how many workers ran or in which order blocks finished.
package montecarlo
