package snakes

import (
	"bufio"
	"fmt"
	"io"
)

// Write writes boards in the original input format, a blank line before each
// case as in the published sample. It does not validate them.
func Write(w io.Writer, boards []Board) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d\n", len(boards))
	for _, b := range boards {
		fmt.Fprintf(bw, "\n%d\n", len(b.Jumps))
		for _, j := range b.Jumps {
			fmt.Fprintf(bw, "%d %d\n", j.From, j.To)
		}
	}
	return bw.Flush()
}

// WriteAnswers prints expected throw counts as an accepted solution does:
// "Case i: x" with ten decimals (the judge accepts 1e-6 absolute or relative).
func WriteAnswers(w io.Writer, expected []float64) error {
	bw := bufio.NewWriter(w)
	for i, e := range expected {
		fmt.Fprintf(bw, "Case %d: %.10f\n", i+1, e)
	}
	return bw.Flush()
}
