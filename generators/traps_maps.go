package generators

import (
	"strings"

	"github.com/chancecheck/chancecheck/games/traps"
	"pgregory.net/rapid"
)

// trapsDraft is a map under construction.
type trapsDraft struct {
	t            *rapid.T
	kinds        int
	grid         [][]byte
	roomH, roomW int // the rooms' inner size, for roomExit
}

func (g *trapsDraft) fill(m, n int, ch byte) {
	g.grid = make([][]byte, m)
	for r := range g.grid {
		g.grid[r] = []byte(strings.Repeat(string(ch), n))
	}
}

func (g *trapsDraft) size() (m, n int) { return len(g.grid), len(g.grid[0]) }

func (g *trapsDraft) rows() []string {
	out := make([]string, len(g.grid))
	for r, row := range g.grid {
		out[r] = string(row)
	}
	return out
}

// at is the cell at (r, c), a wall outside the map.
func (g *trapsDraft) at(r, c int) byte {
	if m, n := g.size(); r < 0 || r >= m || c < 0 || c >= n {
		return traps.Wall
	}
	return g.grid[r][c]
}

// trap draws a trap letter, or floor when there are no kinds.
func (g *trapsDraft) trap() byte {
	if g.kinds == 0 {
		return traps.Floor
	}
	return byte('A' + rapid.IntRange(0, g.kinds-1).Draw(g.t, "kind"))
}

// placeStart puts the start on cell i (row-major).
func (g *trapsDraft) placeStart(i int) {
	_, n := g.size()
	g.grid[i/n][i%n] = traps.Start
}

// start is the start's cell (row-major).
func (g *trapsDraft) start() int {
	_, n := g.size()
	for r, row := range g.grid {
		for c, ch := range row {
			if ch == traps.Start {
				return r*n + c
			}
		}
	}
	panic("generators: a traps draft without a start")
}

// open is a noise grid: floor with a drawn number of features (traps and
// walls, two to one) on distinct cells, the first of a drawn order of the
// cells (rapid's integers would crowd them into the first rows). Drawing
// features rather than every cell lets rapid shrink a maze by dropping
// features and columns.
func (g *trapsDraft) open(m, n, features int) {
	g.fill(m, n, traps.Floor)
	for _, i := range trapsCellOrder(g.t, m*n)[:min(features, m*n)] {
		if rapid.IntRange(0, 2).Draw(g.t, "wall or trap") < 2 {
			g.grid[i/n][i%n] = g.trap()
		} else {
			g.grid[i/n][i%n] = traps.Wall
		}
	}
}

// exits places up to three exits and usually guards them: every open
// neighbour of an exit becomes a trap, so reaching it takes a risk.
func (g *trapsDraft) exits() {
	m, n := g.size()
	count := rapid.IntRange(0, 3).Draw(g.t, "exits")
	guard := rapid.IntRange(0, 3).Draw(g.t, "unguarded exits") > 0
	for range count {
		i := rapid.IntRange(0, m*n-1).Draw(g.t, "exit")
		r, c := i/n, i%n
		g.grid[r][c] = traps.Exit
		if !guard {
			continue
		}
		for _, d := range traps.Steps() {
			dr, dc := d.Delta()
			if g.at(r+dr, c+dc) == traps.Floor {
				g.grid[r+dr][c+dc] = g.trap()
			}
		}
	}
}

// corridor is a 1-wide corridor winding down the map in rows joined at
// alternate ends, from the start at one end to an exit at the other, with
// traps along it and perhaps exits part way. An even m leaves the last row
// walls.
func (g *trapsDraft) corridor(m, n int) {
	lanes := (m + 1) / 2
	g.fill(m, n, traps.Wall)
	var path [][2]int
	for l := range lanes {
		r := 2 * l
		for i := range n {
			c := i
			if l%2 == 1 {
				c = n - 1 - i
			}
			path = append(path, [2]int{r, c})
		}
		if l+1 < lanes { // the joint to the next lane, at this lane's end
			path = append(path, [2]int{r + 1, path[len(path)-1][1]})
		}
	}
	for i, p := range path {
		ch := byte(traps.Floor)
		switch v := rapid.IntRange(0, 9).Draw(g.t, "corridor cell"); {
		case i == 0:
			ch = traps.Start
		case i == len(path)-1:
			ch = traps.Exit
		case v <= 4:
		case v <= 8:
			ch = g.trap()
		default:
			ch = traps.Exit
		}
		g.grid[p[0]][p[1]] = ch
	}
}

// carved is a maze carved by a randomised depth-first search over the cells
// at even coordinates, with loops walls knocked out to make cycles, and
// traps on about one floor cell in trapOdds; the start goes in a corner
// later.
func (g *trapsDraft) carved(m, n, loops, trapOdds int) {
	g.fill(m, n, traps.Wall)
	nodesR, nodesC := (m+1)/2, (n+1)/2
	seen := make([]bool, nodesR*nodesC)
	stack := []int{0}
	seen[0] = true
	g.grid[0][0] = traps.Floor
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		ur, uc := u/nodesC, u%nodesC
		var next []int
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			vr, vc := ur+d[0], uc+d[1]
			if vr >= 0 && vr < nodesR && vc >= 0 && vc < nodesC && !seen[vr*nodesC+vc] {
				next = append(next, vr*nodesC+vc)
			}
		}
		if len(next) == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		v := next[rapid.IntRange(0, len(next)-1).Draw(g.t, "carve")]
		vr, vc := v/nodesC, v%nodesC
		seen[v] = true
		g.grid[2*vr][2*vc] = traps.Floor
		g.grid[ur+vr][uc+vc] = traps.Floor // the wall between them
		stack = append(stack, v)
	}
	for _, i := range trapsCellOrder(g.t, m*n)[:min(loops, m*n)] {
		g.grid[i/n][i%n] = traps.Floor // knocked out: a loop
	}
	for r := range m {
		for c := range n {
			if g.grid[r][c] == traps.Floor && rapid.IntRange(1, trapOdds).Draw(g.t, "trap here") == trapOdds {
				g.grid[r][c] = g.trap()
			}
		}
	}
}

// rooms is a grid of rectangular rooms separated by walls, the last ones
// cut by the map's edge; each wall between neighbouring rooms has one
// door, a trap four times in five. The start is in the first room.
func (g *trapsDraft) rooms(m, n int) {
	rh := rapid.IntRange(1, 4).Draw(g.t, "room height")
	rw := rapid.IntRange(1, 4).Draw(g.t, "room width")
	g.roomH, g.roomW = rh, rw
	g.fill(m, n, traps.Floor)
	for r := range m {
		for c := range n {
			if r%(rh+1) == rh || c%(rw+1) == rw {
				g.grid[r][c] = traps.Wall
			}
		}
	}
	door := func(r, c int) {
		if rapid.IntRange(0, 4).Draw(g.t, "door kind") == 0 {
			g.grid[r][c] = traps.Floor
		} else {
			g.grid[r][c] = g.trap()
		}
	}
	for top := 0; top < m; top += rh + 1 {
		for left := 0; left < n; left += rw + 1 {
			h, w := min(rh, m-top), min(rw, n-left)
			if c := left + rw; c+1 < n { // door in the wall to the right
				door(top+rapid.IntRange(0, h-1).Draw(g.t, "door row"), c)
			}
			if r := top + rh; r+1 < m { // door in the wall below
				door(r, left+rapid.IntRange(0, w-1).Draw(g.t, "door column"))
			}
		}
	}
	g.grid[0][0] = traps.Start
}

// roomExit puts an exit in the far corner of a drawn room (none when that
// is the start).
func (g *trapsDraft) roomExit() {
	m, n := g.size()
	nr, nc := (m+g.roomH)/(g.roomH+1), (n+g.roomW)/(g.roomW+1)
	room := rapid.IntRange(0, nr*nc-1).Draw(g.t, "exit room")
	er := min(room/nc*(g.roomH+1)+g.roomH-1, m-1)
	ec := min(room%nc*(g.roomW+1)+g.roomW-1, n-1)
	if g.grid[er][ec] != traps.Start {
		g.grid[er][ec] = traps.Exit
	}
}

// cyclic draws a map of many cycles with traps on them, and its start: a
// carved maze with many loops knocked out, a noise grid, or rooms with trap
// doors. Dense maps have more traps: half the carved corridors, 60–90% of
// a noise grid's cells traps and walls.
func (g *trapsDraft) cyclic(m, n int, dense bool) {
	switch rapid.SampledFrom([]string{"carved", "open", "rooms"}).Draw(g.t, "map style") {
	case "carved":
		if dense {
			g.carved(m, n, rapid.IntRange(m*n/6, m*n/3).Draw(g.t, "loops"), 2)
		} else {
			g.carved(m, n, rapid.IntRange(m*n/12, m*n/4).Draw(g.t, "loops"), 3)
		}
		g.placeStart(0)
	case "open":
		if dense {
			g.open(m, n, rapid.IntRange(6*m*n/10, 9*m*n/10).Draw(g.t, "features"))
		} else {
			g.open(m, n, rapid.IntRange(m*n/4, m*n/2).Draw(g.t, "features"))
		}
		g.placeStart(rapid.IntRange(0, m*n-1).Draw(g.t, "start"))
	case "rooms":
		g.rooms(m, n)
	}
}

// moatedExits places count exits among the cells the start reaches over
// non-walls, farther than rings steps from it (diagonal steps counted:
// Chebyshev distance), the farthest likeliest, and rings each with traps:
// every floor cell within rings steps of it becomes a trap. A walk from the
// start crosses every ring, so it steps on at least rings traps before it
// reaches the exit (TrapsClass checks the maze itself). Traps are
// passable, so the exits stay reachable. With too small a map the rings
// are fewer; with no cell but the start reachable there is no exit.
func (g *trapsDraft) moatedExits(count, rings int) {
	m, n := g.size()
	s := g.start()
	order := trapsReachable(m, n, g.at, s)
	far := func(r int) []int {
		var out []int
		for i := len(order) - 1; i >= 0; i-- { // farthest first
			if u := order[i]; max(abs(u/n-s/n), abs(u%n-s%n)) > r {
				out = append(out, u)
			}
		}
		return out
	}
	cells := far(rings)
	for len(cells) == 0 && rings > 0 {
		rings--
		cells = far(rings)
	}
	if len(cells) == 0 {
		return
	}
	for range count {
		u := cells[rapid.IntRange(0, len(cells)-1).Draw(g.t, "exit")]
		er, ec := u/n, u%n
		g.grid[er][ec] = traps.Exit
		for r := er - rings; r <= er+rings; r++ {
			for c := ec - rings; c <= ec+rings; c++ {
				if g.at(r, c) == traps.Floor {
					g.grid[r][c] = g.trap()
				}
			}
		}
	}
}

// fewestTraps is the fewest trap cells a walk from the start to an exit
// steps on, or 0 when no exit can be reached.
func (g *trapsDraft) fewestTraps() int {
	m, n := g.size()
	d, ok := trapsFewestTraps(m, n, g.at, g.start())
	if !ok {
		return 0
	}
	return d
}

// trapsCellOrder is a drawn order of the cells 0..cells−1: uniform, unlike
// rapid's integers, which favour small values.
func trapsCellOrder(t *rapid.T, cells int) []int {
	order := make([]int, cells)
	for i := range order {
		order[i] = i
	}
	return rapid.Permutation(order).Draw(t, "cells")
}

func abs(x int) int { return max(x, -x) }
