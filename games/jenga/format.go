package jenga

import (
	"bufio"
	"fmt"
	"io"
)

// Write writes a tower in the original input format: n, then the levels
// bottom to top. It does not validate the tower.
func Write(w io.Writer, t Tower) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d\n", len(t.Levels))
	for _, l := range t.Levels {
		fmt.Fprintf(bw, "%s\n", l)
	}
	return bw.Flush()
}

// WriteAnswer prints the expected number of minutes as an accepted solution
// does, with 12 decimals (the judge accepts 1e-6 absolute or relative).
func WriteAnswer(w io.Writer, expected float64) error {
	_, err := fmt.Fprintf(w, "%.12f\n", expected)
	return err
}
