package main

import (
	"fmt"
	"io"

	"github.com/chancecheck/chancecheck/props"
)

// writePolicies prints the optimal policy of each board after the answers,
// for `solve GAME --policy`; games without a policy (props.PolicyWriter) are
// a usage error. Jenga is the first game that has one.
func writePolicies(w io.Writer, g props.Game, boards []props.Board) error {
	pw, ok := g.(props.PolicyWriter)
	if !ok {
		return usagef("%s has no policy to print", g.Name())
	}
	for i, b := range boards {
		if len(boards) > 1 {
			if _, err := fmt.Fprintf(w, "# policy %d\n", i+1); err != nil {
				return err
			}
		}
		if err := pw.WritePolicy(w, b); err != nil {
			return fmt.Errorf("case %d: %w", i+1, err)
		}
	}
	return nil
}
