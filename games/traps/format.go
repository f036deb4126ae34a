package traps

import (
	"bufio"
	"fmt"
	"io"
	"math/big"
	"strings"
)

// Write writes the maze in the original format, one map row per line and no
// blank lines. It does not validate.
func Write(w io.Writer, z *Maze) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d %d %d %d\n", z.M(), z.N(), z.Kinds, z.Life)
	for _, row := range z.Rows {
		fmt.Fprintln(bw, row)
	}
	ws := make([]string, len(z.Prior))
	for i, p := range z.Prior {
		ws[i] = fmt.Sprint(p)
	}
	fmt.Fprintln(bw, strings.Join(ws, " "))
	return bw.Flush()
}

// FormatProbability prints an exact probability with the given number of
// decimals, rounded half up on the exact value as the statement asks
// ("四舍五入"): 1/16 with 3 decimals is "0.063", where C's printf, rounding
// the binary double half to even, prints "0.062". p must be non-negative.
func FormatProbability(p *big.Rat, decimals int) string {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)
	// floor(p·10^d + 1/2) = floor((2·num·10^d + den) / (2·den))
	num := new(big.Int).Mul(p.Num(), scale)
	num.Mul(num, big.NewInt(2))
	num.Add(num, p.Denom())
	den := new(big.Int).Mul(p.Denom(), big.NewInt(2))
	q := new(big.Int).Quo(num, den)
	s := q.String()
	if decimals == 0 {
		return s
	}
	if len(s) <= decimals {
		s = strings.Repeat("0", decimals-len(s)+1) + s
	}
	return s[:len(s)-decimals] + "." + s[len(s)-decimals:]
}

// WriteAnswer prints the answer as an accepted solution does: the
// probability with three decimals, rounded half up, and a newline.
func WriteAnswer(w io.Writer, p *big.Rat) error {
	_, err := fmt.Fprintln(w, FormatProbability(p, 3))
	return err
}
