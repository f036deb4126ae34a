package generators

import (
	"fmt"
	"strings"

	"github.com/chancecheck/chancecheck/games/traps"
	"pgregory.net/rapid"
)

// TrapsOptions bound the mazes Traps draws.
type TrapsOptions struct {
	MaxRows, MaxCols int // map size, at most traps.MaxRows × traps.MaxCols
	MaxKinds         int // K, at most traps.MaxKinds
	MaxLife          int // H, at most traps.MaxLife
}

// DefaultTrapsOptions are the full limits of the statement, with n ≤ 29 (the
// stated bound: solutions with a 30×30 buffer overflow at n = 30).
func DefaultTrapsOptions() TrapsOptions {
	return TrapsOptions{MaxRows: traps.MaxRows, MaxCols: 29, MaxKinds: traps.MaxKinds, MaxLife: traps.MaxLife}
}

// trapsMapStyles are the map styles, simplest (the one rapid shrinks to) first.
func trapsMapStyles() []string { return []string{"open", "corridor", "carved", "rooms"} }

// trapsPriorStyles are the prior styles, simplest first.
func trapsPriorStyles() []string {
	return []string{"uniform", "sparse", "certain", "independent", "correlated"}
}

// Traps draws valid trap mazes with the default options.
func Traps() *rapid.Generator[*traps.Maze] { return TrapsWith(DefaultTrapsOptions()) }

// TrapsWith draws valid trap mazes of several map styles — open noise grids,
// carved corridors with loops, rooms whose doors are traps, 1-wide winding
// corridors — with K, H and a prior of several styles: uniform, sparse with
// zeros, nearly certain, independent per kind, strongly correlated. Every
// draw is a valid maze; mazes shrink toward small open maps, few kinds, one
// life and a uniform prior.
func TrapsWith(o TrapsOptions) *rapid.Generator[*traps.Maze] {
	o.MaxRows = clamp(o.MaxRows, 1, traps.MaxRows)
	o.MaxCols = clamp(o.MaxCols, 1, traps.MaxCols)
	o.MaxKinds = clamp(o.MaxKinds, 0, traps.MaxKinds)
	o.MaxLife = clamp(o.MaxLife, 1, traps.MaxLife)
	return rapid.Custom(func(t *rapid.T) *traps.Maze {
		// K = 0 (no traps: p is 0 or 1) is drawn rarely; rapid shrinks K
		// toward 1.
		kinds := 0
		if o.MaxKinds > 0 && rapid.IntRange(0, 9).Draw(t, "no traps") < 9 {
			kinds = rapid.IntRange(1, o.MaxKinds).Draw(t, "K")
		}
		// Half the mazes get at most two lives: with many lives most mazes
		// are won surely, and answers strictly between 0 and 1 are the
		// interesting ones.
		maxLife := o.MaxLife
		if rapid.Bool().Draw(t, "few lives") {
			maxLife = min(2, maxLife)
		}
		life := rapid.IntRange(1, maxLife).Draw(t, "H")
		g := &trapsDraft{t: t, kinds: kinds}
		switch rapid.SampledFrom(trapsMapStyles()).Draw(t, "map style") {
		case "open":
			g.open(o)
		case "corridor":
			g.corridor(o)
		case "carved":
			g.carved(o)
		case "rooms":
			g.rooms(o)
		}
		return &traps.Maze{Rows: g.rows(), Kinds: kinds, Life: life, Prior: trapsPrior(t, kinds)}
	})
}

func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }

// trapsDraft is a map under construction.
type trapsDraft struct {
	t     *rapid.T
	kinds int
	grid  [][]byte
}

func (g *trapsDraft) fill(m, n int, ch byte) {
	g.grid = make([][]byte, m)
	for r := range g.grid {
		g.grid[r] = []byte(strings.Repeat(string(ch), n))
	}
}

func (g *trapsDraft) rows() []string {
	out := make([]string, len(g.grid))
	for r, row := range g.grid {
		out[r] = string(row)
	}
	return out
}

// trap draws a trap letter, or floor when there are no kinds.
func (g *trapsDraft) trap() byte {
	if g.kinds == 0 {
		return traps.Floor
	}
	return byte('A' + rapid.IntRange(0, g.kinds-1).Draw(g.t, "kind"))
}

// size draws the map size, shrinking toward 1 × 1 (or lo × lo).
func (g *trapsDraft) size(o TrapsOptions, lo int) (m, n int) {
	m = rapid.IntRange(min(lo, o.MaxRows), o.MaxRows).Draw(g.t, "m")
	n = rapid.IntRange(min(lo, o.MaxCols), o.MaxCols).Draw(g.t, "n")
	return m, n
}

// open is a noise grid: floor with a drawn number of features (traps and
// walls) at drawn places, the density varying from maze to maze; a few
// exits, perhaps guarded; then the start. Drawing features rather than
// every cell lets rapid shrink a maze by dropping features and columns.
func (g *trapsDraft) open(o TrapsOptions) {
	m, n := g.size(o, 1)
	g.fill(m, n, traps.Floor)
	features := rapid.IntRange(0, m*n).Draw(g.t, "features")
	for range features {
		i := rapid.IntRange(0, m*n-1).Draw(g.t, "where")
		if rapid.IntRange(0, 2).Draw(g.t, "wall or trap") < 2 {
			g.grid[i/n][i%n] = g.trap()
		} else {
			g.grid[i/n][i%n] = traps.Wall
		}
	}
	g.exits(m, n)
	s := rapid.IntRange(0, m*n-1).Draw(g.t, "start")
	g.grid[s/n][s%n] = traps.Start
}

// exits places up to three exits and usually guards them: every open
// neighbour of an exit becomes a trap, so reaching it takes a risk.
func (g *trapsDraft) exits(m, n int) {
	count := rapid.IntRange(0, 3).Draw(g.t, "exits")
	guard := rapid.IntRange(0, 3).Draw(g.t, "unguarded exits") > 0 // guarded 3 times in 4
	for range count {
		i := rapid.IntRange(0, m*n-1).Draw(g.t, "exit")
		r, c := i/n, i%n
		g.grid[r][c] = traps.Exit
		if !guard {
			continue
		}
		for _, d := range traps.Steps() {
			dr, dc := d.Delta()
			if rr, cc := r+dr, c+dc; rr >= 0 && rr < m && cc >= 0 && cc < n && g.grid[rr][cc] == traps.Floor {
				g.grid[rr][cc] = g.trap()
			}
		}
	}
}

// corridor is a 1-wide corridor winding down the map in rows joined at
// alternate ends, from the start at one end to an exit at the other, with
// traps along it and perhaps exits part way.
func (g *trapsDraft) corridor(o TrapsOptions) {
	lanes := rapid.IntRange(1, (o.MaxRows+1)/2).Draw(g.t, "lanes")
	n := rapid.IntRange(min(2, o.MaxCols), o.MaxCols).Draw(g.t, "n")
	g.fill(2*lanes-1, n, traps.Wall)
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
// at even coordinates, with extra walls knocked out to make loops, traps
// scattered over the corridors, the start in one corner and exits elsewhere.
func (g *trapsDraft) carved(o TrapsOptions) {
	m, n := g.size(o, 1)
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
	loops := rapid.IntRange(0, m*n/6).Draw(g.t, "loops")
	for range loops {
		i := rapid.IntRange(0, m*n-1).Draw(g.t, "knock out")
		g.grid[i/n][i%n] = traps.Floor
	}
	for r := range m {
		for c := range n {
			if g.grid[r][c] == traps.Floor && rapid.IntRange(0, 3).Draw(g.t, "trap here") == 3 {
				g.grid[r][c] = g.trap()
			}
		}
	}
	g.exits(m, n)
	g.grid[0][0] = traps.Start
}

// rooms is a grid of rectangular rooms separated by walls; each wall between
// neighbouring rooms has one door, usually a trap. The start is in the first
// room and an exit in another.
func (g *trapsDraft) rooms(o TrapsOptions) {
	rh := rapid.IntRange(1, 4).Draw(g.t, "room height")
	rw := rapid.IntRange(1, 4).Draw(g.t, "room width")
	nr := rapid.IntRange(1, max(1, (o.MaxRows+1)/(rh+1))).Draw(g.t, "room rows")
	nc := rapid.IntRange(1, max(1, (o.MaxCols+1)/(rw+1))).Draw(g.t, "room columns")
	m, n := min(nr*(rh+1)-1, o.MaxRows), min(nc*(rw+1)-1, o.MaxCols)
	g.fill(m, n, traps.Floor)
	for r := range m {
		for c := range n {
			if r%(rh+1) == rh || c%(rw+1) == rw {
				g.grid[r][c] = traps.Wall
			}
		}
	}
	door := func(r, c int) {
		if r < m && c < n {
			if rapid.IntRange(0, 4).Draw(g.t, "door kind") == 0 {
				g.grid[r][c] = traps.Floor
			} else {
				g.grid[r][c] = g.trap()
			}
		}
	}
	for i := range nr {
		for j := range nc {
			top, left := i*(rh+1), j*(rw+1)
			if j+1 < nc { // door in the wall to the right
				door(top+rapid.IntRange(0, rh-1).Draw(g.t, "door row"), left+rw)
			}
			if i+1 < nr { // door in the wall below
				door(top+rh, left+rapid.IntRange(0, rw-1).Draw(g.t, "door column"))
			}
		}
	}
	g.grid[0][0] = traps.Start
	room := rapid.IntRange(0, nr*nc-1).Draw(g.t, "exit room")
	er := min(room/nc*(rh+1)+rh-1, m-1)
	ec := min(room%nc*(rw+1)+rw-1, n-1)
	if g.grid[er][ec] != traps.Start {
		g.grid[er][ec] = traps.Exit
	}
}

// trapsPrior draws the 2^K weights, at least one positive.
func trapsPrior(t *rapid.T, kinds int) []int {
	size := 1 << kinds
	p := make([]int, size)
	switch rapid.SampledFrom(trapsPriorStyles()).Draw(t, "prior style") {
	case "uniform":
		w := rapid.IntRange(1, traps.MaxWeight).Draw(t, "weight")
		for i := range p {
			p[i] = w
		}
	case "sparse": // zeros, and one weight certainly positive
		for i := range p {
			if rapid.Bool().Draw(t, "nonzero") {
				p[i] = rapid.IntRange(0, traps.MaxWeight).Draw(t, "weight")
			}
		}
		p[rapid.IntRange(0, size-1).Draw(t, "positive")] = rapid.IntRange(1, traps.MaxWeight).Draw(t, "positive weight")
	case "certain": // one state nearly certain
		for i := range p {
			p[i] = rapid.IntRange(0, 3).Draw(t, "small weight")
		}
		p[rapid.IntRange(0, size-1).Draw(t, "likely state")] = traps.MaxWeight
	case "independent": // p_i = Π_t (q_t if t harmful else 10−q_t), q_t ∈ 0..10: at most 10^5
		q := make([]int, kinds)
		for k := range q {
			q[k] = rapid.IntRange(0, 10).Draw(t, "tenths harmful")
		}
		for i := range p {
			p[i] = 1
			for k, qk := range q {
				if i>>k&1 == 1 {
					p[i] *= qk
				} else {
					p[i] *= 10 - qk
				}
			}
		}
	case "correlated": // all harmless or all harmful, rarely a mix
		for i := range p {
			p[i] = rapid.IntRange(0, 2).Draw(t, "mixed weight")
		}
		p[0] = rapid.IntRange(1, traps.MaxWeight).Draw(t, "all harmless")
		if size > 1 {
			p[size-1] += rapid.IntRange(0, traps.MaxWeight-2).Draw(t, "all harmful")
		}
	}
	return p
}

// TrapsClass names a maze's coverage class: how the exit is reached from
// the start ("no-exit", "walled-off" when no path exists even over traps,
// "free-exit" when one avoids every trap, "through-traps" otherwise), the
// shape of the prior ("uniform", "sparse" with a zero weight, "certain" when
// one state holds 90% of the mass, "mixed"), and K.
func TrapsClass(z *traps.Maze) string {
	return fmt.Sprintf("%s/%s/k%d", trapsReach(z), trapsPriorClass(z.Prior), z.Kinds)
}

func trapsReach(z *traps.Maze) string {
	hasExit := false
	for _, row := range z.Rows {
		hasExit = hasExit || strings.IndexByte(row, traps.Exit) >= 0
	}
	switch {
	case !hasExit:
		return "no-exit"
	case trapsExitReachable(z, false):
		return "free-exit"
	case trapsExitReachable(z, true):
		return "through-traps"
	}
	return "walled-off"
}

// trapsExitReachable searches from the start over non-wall cells, and over
// traps only when overTraps is set.
func trapsExitReachable(z *traps.Maze, overTraps bool) bool {
	r0, c0, ok := z.StartCell()
	if !ok {
		return false
	}
	m, n := z.M(), z.N()
	seen := make([]bool, m*n)
	stack := []int{r0*n + c0}
	seen[r0*n+c0] = true
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if z.At(u/n, u%n) == traps.Exit {
			return true
		}
		for _, d := range traps.Steps() {
			dr, dc := d.Delta()
			r, c := u/n+dr, u%n+dc
			if !z.Inside(r, c) || seen[r*n+c] {
				continue
			}
			ch := z.At(r, c)
			if ch == traps.Wall || (!overTraps && traps.Kind(ch) >= 0) {
				continue
			}
			seen[r*n+c] = true
			stack = append(stack, r*n+c)
		}
	}
	return false
}

func trapsPriorClass(p []int) string {
	total, top, zero := 0, 0, false
	for _, w := range p {
		total += w
		top = max(top, w)
		zero = zero || w == 0
	}
	allEqual := true
	for _, w := range p {
		allEqual = allEqual && w == p[0]
	}
	switch {
	case allEqual:
		return "uniform"
	case 10*top >= 9*total:
		return "certain"
	case zero:
		return "sparse"
	}
	return "mixed"
}
