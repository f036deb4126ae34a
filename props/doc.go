// Package props is the harness's core: the game API, the properties
// chancecheck checks, and the solver cross-checks.
//
// A game is defined once, over its own board type, with a Spec (Define) —
// or a Spec and a Choices for a game whose referee must play the analyst's
// policy (DefineWithPolicy). The Game that Define returns is what the CLI
// (package cli), the reports (package reports), the conformance kit
// (package gametest) and the checks here see; none of them knows any game
// by name. docs/own-game.md is the contract of every part.
//
// The properties are rapid properties (func(*rapid.T)), run by go test,
// exposed as fuzz targets and run over generated boards by the report:
// Agreement (the exact outcome distribution and the referee's outcomes
// agree within a confidence bound that holds by a theorem), InvariantsHold
// and InvariantHolds (exact properties of every board). CheckSolver checks
// a Go solver in a test; CrossCheck checks a solver program.
//
// props is the harness alone: it imports no game, analyst, referee or
// generator (internal/archtest proves it), and its own tests run on small
// games defined in them. The four built-in games, Snakes, Patience, Traps
// and Jenga, are defined through the same API in package props/specs.
package props
