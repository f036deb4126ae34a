package props

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// judgeLines compares two outputs line by line; numbers (the last field of a
// line) may differ by tol, absolute or relative; everything else must match.
func judgeLines(got, want string, tol float64) error {
	g, w := strings.Fields(got), strings.Fields(want)
	if len(g) != len(w) {
		return fmt.Errorf("%d fields, want %d", len(g), len(w))
	}
	for i := range w {
		wv, werr := strconv.ParseFloat(w[i], 64)
		gv, gerr := strconv.ParseFloat(g[i], 64)
		if werr != nil || gerr != nil {
			if g[i] != w[i] {
				return fmt.Errorf("field %d: %q, want %q", i+1, g[i], w[i])
			}
			continue
		}
		if d := math.Abs(gv - wv); math.IsNaN(gv) || d > tol && d > tol*math.Abs(wv) {
			return fmt.Errorf("field %d: %v, want %v", i+1, gv, wv)
		}
	}
	return nil
}
