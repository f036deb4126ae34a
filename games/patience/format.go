package patience

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// String writes the deal in the input format: nine lines, bottom card first.
func (d Deal) String() string {
	var b strings.Builder
	for p := range Piles {
		for k, c := range d[p] {
			if k > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(c.String())
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Write writes deals in the original input format, one after another with no
// blank lines, as the judge's files are laid out.
func Write(w io.Writer, deals []Deal) error {
	bw := bufio.NewWriter(w)
	for _, d := range deals {
		if _, err := bw.WriteString(d.String()); err != nil {
			return fmt.Errorf("patience: writing deals: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("patience: writing deals: %w", err)
	}
	return nil
}

// WriteAnswers writes one probability a line with six decimals, the
// output of an accepted solution.
func WriteAnswers(w io.Writer, ps []float64) error {
	bw := bufio.NewWriter(w)
	for _, p := range ps {
		if _, err := fmt.Fprintf(bw, "%.6f\n", p); err != nil {
			return fmt.Errorf("patience: writing answers: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("patience: writing answers: %w", err)
	}
	return nil
}
