package exact

import (
	"slices"

	"github.com/chancecheck/chancecheck/games/traps"
)

// trapMap is the maze as one knowledge k sees it: which cells are walked on
// for free, and the free regions and harmful cells named so far. What is free
// depends on k alone, so the layers of every life share one map, and each
// region is searched once however many lives meet it.
type trapMap struct {
	free []bool // per cell: floor, start, exit or a trap known harmless
	// id names each cell on first use: 0 not yet named, r+1 for a free cell
	// of region r, -(j+1) for the j-th harmful trap cell named. Cells of
	// unknown kinds and walls are never stood on in a layer of k.
	id      []int16
	regions []trapRegion
	harmful int // harmful cells named
}

// trapRegion is one free region of a map. Its frontier, trapSearch.frontiers
// [start:end], lists once each the cells next to the region that are traps
// not known harmless, grouped by kind: every step out of the region lands on
// one of them.
type trapRegion struct {
	exit       bool
	start, end int32
}

func newTrapMap(g *trapGrid, reveal [traps.MaxKinds]traps.Reveal) *trapMap {
	m := &trapMap{free: slices.Clone(g.plain), id: make([]int16, len(g.code))}
	for t, cells := range g.ofKind {
		if reveal[t] == traps.Harmless {
			for _, c := range cells {
				m.free[c] = true
			}
		}
	}
	return m
}

// trapGrid is the maze as flat per-cell arrays.
type trapGrid struct {
	code []int8     // per cell: cellWall, cellPlain or the trap kind
	exit []bool     // per cell
	nbrs [][4]int32 // per cell: the neighbour in each direction of traps.Steps(), -1 for none or wall
	// plain marks the cells free whatever is known (floor, start, exit);
	// ofKind lists the trap cells of each kind.
	plain  []bool
	ofKind [traps.MaxKinds][]int32
}

// trapSearch is the working memory of the region searches. A search never
// recurses, so one serves the whole solve.
type trapSearch struct {
	queue  []int32
	seen   []uint32 // per cell: equal to stamp when already in the frontier being built
	stamp  uint32
	byKind [traps.MaxKinds][]int32
	// frontiers holds the frontiers of every region of every map, one after
	// the other (trapRegion). Entries are never changed once written.
	frontiers []int32
}

func newTrapSearch(cells int) trapSearch {
	return trapSearch{queue: make([]int32, 0, cells), seen: make([]uint32, cells)}
}

// name gives cell i of map m its id: a free cell's whole region is searched
// and named; a harmful cell takes the next harmful index.
func (sc *trapSearch) name(g *trapGrid, m *trapMap, i int32, stats *TrapStats) int16 {
	free, ids := m.free, m.id
	if !free[i] {
		m.harmful++
		ids[i] = int16(-m.harmful)
		return ids[i]
	}
	id := int16(len(m.regions) + 1)
	// Breadth-first search over the region, listing the traps around it on
	// the way (each once: seen) by kind.
	sc.stamp++
	for t := range sc.byKind {
		sc.byKind[t] = sc.byKind[t][:0]
	}
	exit := false
	queue := append(sc.queue[:0], i)
	ids[i] = id
	for q := 0; q < len(queue); q++ {
		u := queue[q]
		exit = exit || g.exit[u]
		for _, d := range &g.nbrs[u] {
			switch {
			case d < 0:
			case free[d]:
				if ids[d] == 0 {
					ids[d] = id
					queue = append(queue, d)
				}
			case sc.seen[d] != sc.stamp:
				sc.seen[d] = sc.stamp
				sc.byKind[g.code[d]] = append(sc.byKind[g.code[d]], d)
			}
		}
	}
	sc.queue = queue
	stats.CellVisit += len(queue)
	reg := trapRegion{exit: exit, start: int32(len(sc.frontiers))}
	if !exit { // a region with an exit is worth its whole mass: no step is taken
		for _, cells := range sc.byKind {
			sc.frontiers = append(sc.frontiers, cells...)
		}
	}
	reg.end = int32(len(sc.frontiers))
	m.regions = append(m.regions, reg)
	return id
}
