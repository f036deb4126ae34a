package props

import (
	"fmt"
	"strings"
)

// Games lists every game chancecheck knows, in the order reports show them.
func Games() []Game {
	return []Game{
		Snakes{},
		NewPatience(),
		Traps{},
		Jenga{},
	}
}

// Lookup returns the game called name, or an error listing the known ones.
func Lookup(name string) (Game, error) {
	var names []string
	for _, g := range Games() {
		if g.Name() == name {
			return g, nil
		}
		names = append(names, g.Name())
	}
	return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(names, ", "))
}
