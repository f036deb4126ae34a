package exact

import (
	"math/bits"

	"github.com/chancecheck/chancecheck/games/traps"
)

// trapMap is the maze as the knowledges with one set of harmless kinds see
// it: which cells are walked on for free, and the free regions and harmful
// cells named so far. What is free depends on the harmless kinds alone, and
// so does a region's frontier (its traps not known harmless, unknown and
// harmful alike), so the layers of every life and every set of harmful
// kinds share one map, and each region is searched once however many of
// them meet it.
type trapMap struct {
	free     cellSet               // floor, start, exit and the traps known harmless
	harmless [traps.MaxKinds]bool  // per kind: known harmless
	freeRows [traps.MaxRows]uint32 // the same by row: bit c for column c
	// id names each cell on first use: 0 not yet named, r+1 for a free cell
	// of region r, -(j+1) for the j-th trap cell named that a layer knows
	// harmful. A layer never stands on a trap of a kind it does not know,
	// nor on a wall.
	id      []int16
	regions []trapRegion
	harmful int // harmful cells named
}

// trapRegion is one free region of a map. Its frontier, trapSearch.frontier,
// lists once each the cells next to the region that are traps not known
// harmless, grouped by kind: every step out of the region lands on one of
// them.
type trapRegion struct {
	exit       bool
	block      uint16 // the frontier is trapSearch.blocks[block][start:end]
	start, end int32
}

func newTrapMap(g *trapGrid, reveal [traps.MaxKinds]traps.Reveal) *trapMap {
	m := &trapMap{free: g.plain, id: make([]int16, len(g.code)), freeRows: g.plainRows}
	for t := range g.kinds {
		if m.harmless[t] = reveal[t] == traps.Harmless; m.harmless[t] {
			for w, word := range g.ofKind[t] {
				m.free[w] |= word
			}
			for r, row := range g.kindRows[t] {
				m.freeRows[r] |= row
			}
		}
	}
	return m
}

// cellSet is a set of cells, bit i%64 of word i/64 for cell i.
type cellSet [(traps.MaxRows*traps.MaxCols + 63) / 64]uint64

func (c *cellSet) add(i int32)        { c[i>>6] |= 1 << (i & 63) }
func (c *cellSet) holds(i int32) bool { return c[i>>6]>>(i&63)&1 != 0 }

// trapGrid is the maze as flat per-cell arrays and as row masks (bit c of a
// row for column c: n ≤ 30 columns fit a uint32).
type trapGrid struct {
	rows, cols int
	kinds      int
	code       []int8     // per cell: cellWall, cellPlain or the trap kind
	exit       []bool     // per cell
	nbrs       [][4]int32 // per cell: the neighbour in each direction of traps.Steps(), -1 for none or wall
	// plain holds the cells free whatever is known (floor, start, exit);
	// ofKind the trap cells of each kind.
	plain     cellSet
	ofKind    [traps.MaxKinds]cellSet
	plainRows [traps.MaxRows]uint32
	exitRows  [traps.MaxRows]uint32
	trapRows  [traps.MaxRows]uint32 // the trap cells of every kind
	kindRows  [traps.MaxKinds][traps.MaxRows]uint32
}

// trapSearch is the working memory of the region searches. A search never
// recurses, so one serves the whole solve.
type trapSearch struct {
	region [traps.MaxRows]uint32 // the region being searched, by row; zero between searches
	stack  []int                 // rows whose part of the region grew
	// blocks hold the frontiers of every region of every map, one after the
	// other (trapRegion), as cell indices (below traps.MaxRows·traps.MaxCols,
	// so int16 holds them). A frontier is written whole into one block and
	// never changed; a block never grows past its capacity, so it never
	// moves, and a frontier read stays valid while later regions are named.
	blocks [][]int16
}

// frontier is region rg's frontier.
func (sc *trapSearch) frontier(rg trapRegion) []int16 {
	return sc.blocks[rg.block][rg.start:rg.end]
}

// name gives cell i of map m its id: a free cell's whole region is searched
// and named; a harmful cell takes the next harmful index.
func (sc *trapSearch) name(g *trapGrid, m *trapMap, i int32, stats *TrapStats) int16 {
	ids := m.id
	if !m.free.holds(i) {
		m.harmful++
		ids[i] = int16(-m.harmful)
		return ids[i]
	}
	id := int16(len(m.regions) + 1)
	// A scanline flood fill on row masks: a row's part of the region is a
	// union of runs of free cells, and a row that grows seeds the rows above
	// and below wherever they are free beside it.
	reg := &sc.region
	r0, c0 := int(i)/g.cols, int(i)%g.cols
	reg[r0] = runAt(m.freeRows[r0], 1<<c0)
	lo, hi := r0, r0
	stack := append(sc.stack[:0], r0)
	for len(stack) > 0 {
		r := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, nr := range [2]int{r - 1, r + 1} {
			if nr < 0 || nr >= g.rows {
				continue
			}
			grow := reg[r] & m.freeRows[nr] &^ reg[nr]
			if grow == 0 {
				continue
			}
			for grow != 0 {
				run := runAt(m.freeRows[nr], grow&-grow)
				reg[nr] |= run
				grow &^= run
			}
			lo, hi = min(lo, nr), max(hi, nr)
			stack = append(stack, nr)
		}
	}
	sc.stack = stack
	exit := false
	for r := lo; r <= hi; r++ {
		exit = exit || reg[r]&g.exitRows[r] != 0
		stats.CellVisit += bits.OnesCount32(reg[r])
		for b := reg[r]; b != 0; b &= b - 1 {
			ids[r*g.cols+bits.TrailingZeros32(b)] = id
		}
	}
	rg := trapRegion{exit: exit}
	if !exit { // a region with an exit is worth its whole mass: no step is taken
		rg.block, rg.start, rg.end = sc.listFrontier(g, m, lo, hi)
	}
	for r := lo; r <= hi; r++ {
		reg[r] = 0
	}
	m.regions = append(m.regions, rg)
	return id
}

// listFrontier appends the traps not known harmless beside the region in
// rows lo..hi, grouped by kind, to the last block, or to a new one if they
// do not fit, and says where they are.
func (sc *trapSearch) listFrontier(g *trapGrid, m *trapMap, lo, hi int) (block uint16, start, end int32) {
	reg := &sc.region
	first, last := max(lo-1, 0), min(hi+1, g.rows-1)
	var near [traps.MaxRows]uint32
	for r := first; r <= last; r++ {
		// Bits shifted past the last column meet no trap of kindRows.
		near[r] = reg[r]<<1 | reg[r]>>1
		if r > 0 {
			near[r] |= reg[r-1]
		}
		if r+1 < g.rows {
			near[r] |= reg[r+1]
		}
		near[r] &^= m.freeRows[r]
	}
	n := 0
	for r := first; r <= last; r++ {
		n += bits.OnesCount32(near[r] & g.trapRows[r])
	}
	lastBlock := len(sc.blocks) - 1
	if lastBlock < 0 || len(sc.blocks[lastBlock])+n > cap(sc.blocks[lastBlock]) {
		// Blocks double, so there are few; the unused end of the last is
		// never written.
		size := 1024
		if lastBlock >= 0 {
			size = 2 * cap(sc.blocks[lastBlock])
		}
		sc.blocks = append(sc.blocks, make([]int16, 0, max(n, size)))
		lastBlock++
	}
	out := sc.blocks[lastBlock]
	start = int32(len(out))
	out = out[:len(out)+n]
	j := start
	for t := range g.kinds {
		if m.harmless[t] {
			continue // its traps are free: none is on a frontier
		}
		rows := &g.kindRows[t]
		for r := first; r <= last; r++ {
			at := int16(r * g.cols)
			for b := near[r] & rows[r]; b != 0; b &= b - 1 {
				out[j] = at + int16(bits.TrailingZeros32(b))
				j++
			}
		}
	}
	sc.blocks[lastBlock] = out
	return uint16(lastBlock), start, j
}

// runAt is the run of consecutive ones of f that holds bit b, a one of f.
func runAt(f, b uint32) uint32 {
	up := ((f + b) ^ f) & f // b and the ones above it: adding b carries through them
	down := b - 1           // the bits under b ...
	if zeros := ^f & (b - 1); zeros != 0 {
		down &^= 1<<bits.Len32(zeros) - 1 // ... above the highest zero under b
	}
	return up | down
}
