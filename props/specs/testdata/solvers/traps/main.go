// Command traps solves the trap maze (SDOI 2011, BZOJ 2246) over
// (component, life, knowledge) states, as a contestant would: the cells
// joined through floor and known-harmless traps form free components; a
// step onto a trap either learns its type or costs a life. An optional
// first argument plants a contestant's slip or changes the printing:
//
//	unnormalised  the chance of a type being harmful is taken over the whole prior, not renormalised to what is known
//	independent   the types are treated as independent: the prior's marginal chance, whatever is known
//	provisional  a search over single cells, not components, whose memo takes a
//	             provisional 0 before recursing, so a walk round a cycle of free
//	             cells reads that unfinished value; to mend that, every cell the
//	             search met takes the first cell's value when it ends. Right
//	             for a search from a free cell, which meets its component only;
//	             wrong after a harmful trap, whose search meets each component
//	             around the trap, and gives them all the best of them
//	rowsize      region's memo is one flat table laid out as a C++ double
//	             f[cells][1024] would be, a state at f[c][(h-1)·243 + s]:
//	             1024 slots a cell looked enough, but 5 lives of 3^5 knowledge
//	             states need 1215, so a state of 5 lives whose knowledge is 52
//	             or more lands in the next cell's slots, those of 1 life and
//	             knowledge s - 52. With 5 lives nothing harmful is known, so
//	             that takes H = 5, K = 5 and type E known harmless
//	printf        the answer is printed with %.3f (round half to even on exact ties) instead of half up
//	digits        the answer is printed with 9 decimals (for --full-precision)
package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
)

type maze struct {
	m, n, k, life int
	grid          []byte
	p             []float64
	bug           string
	comps         map[int][]int32    // knowledge → component of each cell (-1: not free)
	members       map[int][][]int    // knowledge → component → its cells
	adjacent      [][]int            // the neighbours of each cell
	chance        map[[2]int]float64 // harmful's memo: (type, knowledge)
	memo          stateMemo          // region's, by the component's first cell
	rowMemo       []float64          // rowsize's region memo: 1024 slots a cell
	cells         stateMemo          // provisional's, by cell
	met           []int              // the cells the running searches met, innermost last
}

func main() {
	z := &maze{chance: map[[2]int]float64{}, comps: map[int][]int32{}, members: map[int][][]int{}}
	if len(os.Args) > 1 {
		z.bug = os.Args[1]
	}
	in := bufio.NewReader(os.Stdin)
	fmt.Fscan(in, &z.m, &z.n, &z.k, &z.life)
	for i := 0; i < z.m; i++ {
		var row string
		fmt.Fscan(in, &row)
		z.grid = append(z.grid, row...)
	}
	switch z.bug {
	case "provisional":
		z.cells = newStateMemo(len(z.grid))
	case "rowsize":
		z.rowMemo = newRowMemo(len(z.grid))
	default:
		z.memo = newStateMemo(len(z.grid))
	}
	z.p = make([]float64, 1<<z.k)
	for i := range z.p {
		fmt.Fscan(in, &z.p[i])
	}
	start := 0
	for c, ch := range z.grid {
		if ch == '$' {
			start = c
		}
	}
	v := z.enter(start, z.life, 0)
	switch z.bug {
	case "printf":
		fmt.Printf("%.3f\n", v)
	case "digits":
		fmt.Printf("%.9f\n", v)
	default:
		fmt.Printf("%.3f\n", math.Floor(v*1000+0.5)/1000)
	}
}

// stateMemo holds a value for each (cell, life, knowledge): at most 30·30
// cells, lives 1..5 and 3^5 knowledge states, NaN where none is known yet.
type stateMemo []float64

const knowledgeStates = 243 // 3^5

func newStateMemo(cells int) stateMemo {
	m := make(stateMemo, cells*6*knowledgeStates)
	for i := range m {
		m[i] = math.NaN()
	}
	return m
}

func (m stateMemo) get(c, h, s int) (float64, bool) {
	v := m[(c*6+h)*knowledgeStates+s]
	return v, !math.IsNaN(v)
}

func (m stateMemo) put(c, h, s int, v float64) { m[(c*6+h)*knowledgeStates+s] = v }

// digit is what knowledge s says of type t: 0 unknown, 1 harmless, 2 harmful.
func digit(s, t int) int {
	for ; t > 0; t-- {
		s /= 3
	}
	return s % 3
}

func pow3(t int) int {
	r := 1
	for ; t > 0; t-- {
		r *= 3
	}
	return r
}

func (z *maze) trap(c int) int {
	if ch := z.grid[c]; ch >= 'A' && ch <= 'Z' {
		return int(ch - 'A')
	}
	return -1
}

func (z *maze) free(c, s int) bool {
	if z.grid[c] == '#' {
		return false
	}
	t := z.trap(c)
	return t < 0 || digit(s, t) == 1
}

func (z *maze) neighbours(c int) []int {
	if z.adjacent == nil {
		z.adjacent = make([][]int, len(z.grid))
		for x := range z.adjacent {
			z.adjacent[x] = z.around(x)
		}
	}
	return z.adjacent[c]
}

// around lists the cells beside c in the grid.
func (z *maze) around(c int) []int {
	r, col := c/z.n, c%z.n
	var out []int
	if r > 0 {
		out = append(out, c-z.n)
	}
	if r+1 < z.m {
		out = append(out, c+z.n)
	}
	if col > 0 {
		out = append(out, c-1)
	}
	if col+1 < z.n {
		out = append(out, c+1)
	}
	return out
}

// comp labels the free components of knowledge s.
func (z *maze) comp(s int) []int32 {
	if l, ok := z.comps[s]; ok {
		return l
	}
	l := make([]int32, len(z.grid))
	for i := range l {
		l[i] = -1
	}
	for c := range l {
		if l[c] >= 0 || !z.free(c, s) {
			continue
		}
		l[c] = int32(c)
		stack := []int{c}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, y := range z.neighbours(x) {
				if l[y] < 0 && z.free(y, s) {
					l[y] = int32(c)
					stack = append(stack, y)
				}
			}
		}
	}
	z.comps[s] = l
	members := make([][]int, len(l))
	for x, a := range l {
		if a >= 0 {
			members[a] = append(members[a], x)
		}
	}
	z.members[s] = members
	return l
}

// region is the best chance standing on cell c with life h and knowledge s.
func (z *maze) region(c, h, s int) float64 {
	l := z.comp(s)
	anchor := c
	if l[c] >= 0 {
		anchor = int(l[c])
	}
	if v, ok := z.recall(anchor, h, s); ok {
		return v
	}
	members := z.members[s]
	var cells []int
	if l[c] >= 0 {
		cells = members[l[c]]
	} else { // standing on a harmful trap: it and the components around it
		cells = []int{c}
		for _, y := range z.neighbours(c) {
			if l[y] >= 0 {
				cells = append(cells, members[l[y]]...)
			}
		}
	}
	best := 0.0
	seen := make([]bool, len(z.grid))
	for _, x := range cells {
		if z.grid[x] == '@' {
			best = 1
			break
		}
		for _, y := range z.neighbours(x) {
			if z.grid[y] == '#' || l[y] >= 0 || y == c || seen[y] {
				continue
			}
			seen[y] = true
			best = math.Max(best, z.step(y, h, s))
		}
	}
	z.remember(anchor, h, s, best)
	return best
}

// recall is region's memo: the state memo, or rowsize's flat table.
func (z *maze) recall(c, h, s int) (float64, bool) {
	if z.bug == "rowsize" {
		v := z.rowMemo[c*rowSlots+(h-1)*knowledgeStates+s]
		return v, !math.IsNaN(v)
	}
	return z.memo.get(c, h, s)
}

// remember stores region's value where recall finds it.
func (z *maze) remember(c, h, s int, v float64) {
	if z.bug == "rowsize" {
		z.rowMemo[c*rowSlots+(h-1)*knowledgeStates+s] = v
		return
	}
	z.memo.put(c, h, s, v)
}

// rowSlots is rowsize's slots a cell: fewer than the 5·243 states of a cell.
const rowSlots = 1024

// newRowMemo is rowsize's table, NaN where nothing is known. Its one spare
// row takes what the last cell spills, where C++ would write past the array.
func newRowMemo(cells int) []float64 {
	m := make([]float64, (cells+1)*rowSlots)
	for i := range m {
		m[i] = math.NaN()
	}
	return m
}

// enter is the best chance standing on cell c: region's, or, for the
// provisional slip, cell's.
func (z *maze) enter(c, h, s int) float64 {
	if z.bug == "provisional" {
		outer := len(z.met) // the searches this one runs inside
		v := z.cell(c, h, s)
		for _, x := range z.met[outer:] {
			z.cells.put(x, h, s, v)
		}
		z.met = z.met[:outer]
		return v
	}
	return z.region(c, h, s)
}

// cell is the best chance standing on cell c with life h and knowledge s,
// by a depth-first search over free cells. The memo holds 0 for a cell
// whose search is still running, so a cycle back to it counts nothing
// until enter mends the values when the search ends.
func (z *maze) cell(c, h, s int) float64 {
	if v, ok := z.cells.get(c, h, s); ok {
		return v
	}
	z.cells.put(c, h, s, 0) // provisional
	z.met = append(z.met, c)
	best := 0.0
	if z.grid[c] == '@' {
		best = 1
	} else {
		for _, y := range z.neighbours(c) {
			switch {
			case z.grid[y] == '#':
			case z.free(y, s):
				best = math.Max(best, z.cell(y, h, s))
			default:
				best = math.Max(best, z.step(y, h, s))
			}
		}
	}
	z.cells.put(c, h, s, best)
	return best
}

// step is the chance after stepping onto trap cell y.
func (z *maze) step(y, h, s int) float64 {
	t := z.trap(y)
	hurt := 0.0
	if h > 1 {
		hurt = z.enter(y, h-1, s+2*pow3(t)*boolInt(digit(s, t) == 0))
	}
	if digit(s, t) == 2 {
		return hurt
	}
	p := z.harmful(t, s)
	return p*hurt + (1-p)*z.enter(y, h, s+pow3(t))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// harmful is the chance that type t is harmful given knowledge s.
func (z *maze) harmful(t, s int) float64 {
	if p, ok := z.chance[[2]int{t, s}]; ok {
		return p
	}
	p := z.posterior(t, s)
	z.chance[[2]int{t, s}] = p
	return p
}

// posterior is harmful's chance, summed over the prior.
func (z *maze) posterior(t, s int) float64 {
	var bad, all, total float64
	for i, w := range z.p {
		total += w
		consistent := true
		for u := 0; u < z.k; u++ {
			if d := digit(s, u); d != 0 && (i>>u&1 == 1) != (d == 2) {
				consistent = false
			}
		}
		if z.bug == "independent" {
			consistent = true
		}
		if consistent {
			all += w
			if i>>t&1 == 1 {
				bad += w
			}
		}
	}
	if z.bug == "unnormalised" {
		return bad / total
	}
	if all == 0 {
		return 0
	}
	return bad / all
}
