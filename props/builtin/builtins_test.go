package builtin

import "github.com/chancecheck/chancecheck/props"

// builtins are the four built-in games at their defaults, in the order
// cmd/chancecheck lists them.
func builtins() []props.Game {
	return []props.Game{Snakes(), Patience(), Traps(TrapsConfig{}), Jenga(JengaConfig{})}
}
