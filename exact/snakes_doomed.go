package exact

import "github.com/chancecheck/chancecheck/games/snakes"

// doomedCells returns the cells whose expected number of throws is infinite:
// those from which a cell that cannot reach 100 can be reached (a jump's
// start shares its end's fate). It returns nil when there is none.
func doomedCells(land *[snakes.Cells + 1]int) *[snakes.Cells + 1]bool {
	// Predecessor lists of the move graph over the cells a player stands on.
	var head [snakes.Cells + 1]int16 // 1 + index of the first edge into a cell, 0 if none
	var next, from [6 * snakes.Cells]int16
	edges := 0
	for c := 1; c < snakes.Cells; c++ {
		if land[c] != c {
			continue
		}
		for d := 1; d <= 6 && c+d <= snakes.Cells; d++ {
			t := land[c+d]
			from[edges], next[edges] = int16(c), head[t]
			edges++
			head[t] = int16(edges)
		}
	}
	var stack [snakes.Cells + 1]int16
	// search marks every cell with a path into the cells already marked.
	search := func(mark *[snakes.Cells + 1]bool, n int) {
		for n > 0 {
			n--
			for e := head[stack[n]]; e != 0; e = next[e-1] {
				if p := from[e-1]; !mark[p] {
					mark[p] = true
					stack[n] = p
					n++
				}
			}
		}
	}
	var reaches [snakes.Cells + 1]bool
	reaches[snakes.Cells], stack[0] = true, snakes.Cells
	search(&reaches, 1)
	var doomed [snakes.Cells + 1]bool
	n := 0
	for c := 1; c < snakes.Cells; c++ {
		if land[c] == c && !reaches[c] {
			doomed[c] = true
			stack[n] = int16(c)
			n++
		}
	}
	if n == 0 {
		return nil
	}
	search(&doomed, n)
	for c := 1; c < snakes.Cells; c++ {
		doomed[c] = doomed[land[c]]
	}
	return &doomed
}
