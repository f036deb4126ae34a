// Package montecarlo holds the referees: programs that play each game's rules
// as written, with real randomness, and count what happened.
//
// A referee never imports the exact solvers (package exact), and they never
// import it: if both sides called one rule function, a bug there would be
// invisible to the comparison. What the referees share with the analysts is
// limited to the board types and their I/O (packages under games/).
//
// Every referee has one shape: SnakesReferee(b), PatienceReferee(d),
// TrapsReferee(z, newPolicy) and JengaReferee(t, newPolicy) check the board
// and return (func() Player, error), the function making one Player per
// worker for Run. Games with choices take the policy maker as the second
// argument, called once per worker.
//
// Run is the parallel, seeded runner all referees use. Runs are grouped in
// fixed blocks, and block b draws its randomness from a PCG stream seeded by
// (seed, b), so the result depends on the seed alone, never on how many
// workers ran or in which order blocks finished.
package montecarlo
