package props

// builtins are the four built-in games at their defaults, in the order
// cmd/chancecheck lists them.
func builtins() []Game {
	return []Game{Snakes(), Patience(), Traps(TrapsConfig{}), Jenga(JengaConfig{})}
}
