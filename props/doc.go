// Package props holds the properties chancecheck checks: the exact solvers
// and the referees agree within confidence bounds, and each game's invariants
// hold. Each property is a rapid property (func(*rapid.T)), run by go test,
// exposed as a fuzz target, and run over generated boards by the report.
//
// Game is the small interface through which the CLI, the reports and the
// solver checker treat the four games alike.
package props
