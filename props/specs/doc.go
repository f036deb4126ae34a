// Package specs holds the four built-in games as the harness (package
// props) sees them: Snakes and Ladders (Snakes), Double Patience
// (Patience), the trap maze (Traps) and Colored Jenga (Jenga), each a Spec
// given to props.Define or props.DefineWithPolicy, as a user's game is. It
// imports props and nothing of props that a user's game could not use:
// that the built-ins use the same API as any game is checked by the
// compiler.
//
// Here each game's parts meet: its board type and formats (games/), its
// generator (generators), its analyst (exact), its referee
// (montecarlo/referees) and its rules (rules/gamerules, which the three-way
// games SnakesThreeWay, ... check the analyst against). All lists them as
// cmd/chancecheck runs them. Each game's properties and invariants (the
// symmetries of jenga, the normalisation of the traps posterior, ...) are
// beside its definition, with the planted-bug tests that show each can
// fail.
package specs
