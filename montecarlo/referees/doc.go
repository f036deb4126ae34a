// Package referees holds the referees of the four built-in games: programs
// that play each game's rules as written, with real randomness, and count
// what happened (package montecarlo runs them).
//
// A referee never imports the exact solvers (package exact), and they never
// import it: if both sides called one rule function, a bug there would be
// invisible to the comparison. What the referees share with the analysts is
// limited to the board types and their I/O (packages under games/).
//
// Every referee has one shape: SnakesReferee(b), PatienceReferee(d),
// TrapsReferee(z, newPolicy) and JengaReferee(t, newPolicy) check the board
// and return (func() montecarlo.Player, error), the function making one
// Player per worker for montecarlo.Run. Games with choices take the policy
// maker as the second argument, called once per worker.
package referees
