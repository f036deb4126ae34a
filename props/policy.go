package props

import "io"

// PolicyWriter is implemented by games whose analyst plays an optimal policy
// worth printing (`chancecheck solve GAME --policy`): WritePolicy solves b
// and prints that policy readably.
type PolicyWriter interface {
	WritePolicy(w io.Writer, b Board) error
}
