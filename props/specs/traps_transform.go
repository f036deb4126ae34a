package specs

import "github.com/chancecheck/chancecheck/games/traps"

// The map and prior transformations the trap-maze invariants use. Each
// returns a new maze and leaves its argument alone.

// trapsRotate turns the map a quarter turn clockwise: new[r][c] = old[m-1-c][r].
func trapsRotate(z *traps.Maze) *traps.Maze {
	out := z.Clone()
	m, n := z.M(), z.N()
	out.Rows = make([]string, n)
	for r := range n {
		row := make([]byte, m)
		for c := range m {
			row[c] = z.At(m-1-c, r)
		}
		out.Rows[r] = string(row)
	}
	return out
}

// trapsMirrorColumns reverses every row (a mirror about the vertical axis).
func trapsMirrorColumns(z *traps.Maze) *traps.Maze {
	out := z.Clone()
	for r, row := range out.Rows {
		b := []byte(row)
		for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
			b[i], b[j] = b[j], b[i]
		}
		out.Rows[r] = string(b)
	}
	return out
}

// trapsMirrorRows reverses the order of the rows (a mirror about the horizontal axis).
func trapsMirrorRows(z *traps.Maze) *traps.Maze {
	out := z.Clone()
	for i, j := 0, len(out.Rows)-1; i < j; i, j = i+1, j-1 {
		out.Rows[i], out.Rows[j] = out.Rows[j], out.Rows[i]
	}
	return out
}

// trapsRename renames kind t to kind sigma[t] on the map and moves the prior
// weights with it: bit t of an old index becomes bit sigma[t] of the new one.
func trapsRename(z *traps.Maze, sigma []int) *traps.Maze {
	out := z.Clone()
	for r, row := range out.Rows {
		b := []byte(row)
		for i, ch := range b {
			if t := traps.Kind(ch); t >= 0 {
				b[i] = byte('A' + sigma[t])
			}
		}
		out.Rows[r] = string(b)
	}
	for i, w := range z.Prior {
		j := 0
		for t := range z.Kinds {
			if i>>t&1 == 1 {
				j |= 1 << sigma[t]
			}
		}
		out.Prior[j] = w
	}
	return out
}

// trapsScale multiplies every weight by c.
func trapsScale(z *traps.Maze, c int) *traps.Maze {
	out := z.Clone()
	for i := range out.Prior {
		out.Prior[i] *= c
	}
	return out
}

// trapsSetCell returns the maze with cell (r, c) replaced by ch.
func trapsSetCell(z *traps.Maze, r, c int, ch byte) *traps.Maze {
	out := z.Clone()
	b := []byte(out.Rows[r])
	b[c] = ch
	out.Rows[r] = string(b)
	return out
}

// trapsCells lists up to three cells whose character satisfies keep: the
// first, the last and the middle one in row-major order.
func trapsCells(z *traps.Maze, keep func(ch byte) bool) [][2]int {
	var all [][2]int
	for r, row := range z.Rows {
		for c := range len(row) {
			if keep(row[c]) {
				all = append(all, [2]int{r, c})
			}
		}
	}
	if len(all) <= 3 {
		return all
	}
	return [][2]int{all[0], all[len(all)/2], all[len(all)-1]}
}
