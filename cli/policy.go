package cli

import (
	"fmt"
	"io"

	"github.com/chancecheck/chancecheck/props"
)

// writePolicies prints the optimal policy of each board after the answers,
// for `solve GAME --policy`; a game without a policy to print (one without
// choices, or whose Choices leave WritePolicy nil) is a usage error.
func writePolicies(w io.Writer, g props.Game, boards []props.Board) error {
	if !g.HasPolicy() {
		return usagef("%s has no policy to print", g.Name())
	}
	for i, b := range boards {
		if len(boards) > 1 {
			if _, err := fmt.Fprintf(w, "# policy %d\n", i+1); err != nil {
				return err
			}
		}
		if err := g.WritePolicy(w, b); err != nil {
			if props.IsUnsupported(err) {
				return usagef("%s has no policy to print", g.Name())
			}
			return fmt.Errorf("case %d: %w", i+1, err)
		}
	}
	return nil
}
