package exact

import (
	"fmt"
	"sync"

	"github.com/chancecheck/chancecheck/games/jenga"
)

// The Jenga analyst: with die faces R (weight 1), G (2), B (2) and black (1)
// out of 6, the expected number of throws from state s is
//
//	E(s) = 1 + Σ_c P(c)·min_{m of colour c} E(m(s)) + P(wait)·E(s),
//
// where P(wait) is the chance of black or of a colour with no legal move.
// Solving for E(s): E(s) = (6 + Σ_{c with moves} w_c·best_c) / Σ_{c with moves} w_c,
// and E(s) = 0 when no block can be removed. Every move lowers the potential
// 6·(full lower levels) + 3·(two-block lower levels) + 2·(blocks on top) by
// at least one, so the states form a DAG; two sweeps over the canonical
// states (see jenga_canon.go), grouped by floor and blocks on top and
// ordered by potential, solve them all (jenga_sweep.go).

// jengaWeight is the die weight (faces out of 6) of colour c: 1 for R (c = 0),
// 2 for G and B.
func jengaWeight(c int) float64 {
	if c == 0 {
		return 1
	}
	return 2
}

// JengaSolution is the analyst's answer for one tower: the minimal expected
// number of throws, and the value of every canonical state some play
// reaches, from which the optimal policy is read (jenga_policy.go).
type JengaSolution struct {
	// Expected is the minimal expected number of throws.
	Expected float64

	tables    *jengaTables
	floors    *jengaFloors
	vals      [4]jengaClassValues // by class (blocks on top), jenga_sweep.go
	rows      [4]int32            // groups by class
	groupRows []int32             // by block: the row of its group of class 1, 2, 3, and its row of pushRefs (jengaRowsPerFloor a block)
	tops1     []uint64            // by class-1 row: the group's reachable tops (classes 2 and 3 keep theirs in the floor's slot)
	jengaScratch
	states int
	input  jenga.Tower
	start  uint64 // canonical key of the input tower
	twin   uint64 // its green–blue swap
}

// States is the number of canonical states the analyst solved.
func (s *JengaSolution) States() int { return s.states }

// SolveJenga returns the minimal expected number of throws for tower t and
// the optimal policy. t must be a valid input tower (complete levels) of at
// most JengaMaxLevels levels. Concurrent calls are safe; each takes its own
// scratch buffers, which a later call reuses.
func SolveJenga(t jenga.Tower) (*JengaSolution, error) { return solveJenga(t, false) }

// solveJenga is SolveJenga; keepScratch keeps what only the sweeps use in
// the solution (for tests) instead of handing it to the next solve.
func solveJenga(t jenga.Tower, keepScratch bool) (*JengaSolution, error) {
	if err := t.ValidateUpTo(JengaMaxLevels); err != nil {
		return nil, fmt.Errorf("jenga: %w", err)
	}
	tables := jengaTablesOnce()
	k, ok := tables.keyOf(t)
	if !ok {
		return nil, fmt.Errorf("jenga: tower has more than %d lower levels", jengaMaxLive)
	}
	size := 1 << (2*len(t.Levels) + 2) // about the floors of a tall tower
	s := &JengaSolution{tables: tables, floors: newJengaFloors(size), input: t.Clone()}
	s.groupRows = make([]int32, 0, jengaRowsPerFloor*size)
	s.tops1 = make([]uint64, 0, size)
	sc := jengaScratchPool.Get().(*jengaScratch)
	if cap(sc.refs) == 0 { // a new scratch: sized for a tall tower up front
		sc.keys, sc.steps, sc.refs = make([]uint64, 0, 2*size), make([]jengaStep, 0, 2*size), make([]uint32, 0, 32*size)
	}
	s.jengaScratch = *sc
	w := tables.swapKey(k)
	s.start, s.twin = min(k, w), max(k, w)
	s.Expected = s.sweep(k, w)
	if keepScratch {
		return s, nil
	}
	sc.keys, sc.steps, sc.refs, sc.starts, sc.pushRefs = s.keys[:0], s.steps[:0], s.refs[:0], s.starts[:0], s.pushRefs[:0]
	for p := range sc.buckets {
		sc.buckets[p] = s.buckets[p][:0]
	}
	s.jengaScratch = jengaScratch{}
	jengaScratchPool.Put(sc)
	return s, nil
}

// jengaScratch holds what only the sweeps use: the largest buffers of a
// solve, growing with its states, and not needed once the values are known.
// Solves hand it on through jengaScratchPool, so that a run of solves (a
// report, a benchmark) does not allocate, zero and fault in those pages
// every time (the cold solve's cost: BENCHMARKS.md, jenga).
type jengaScratch struct {
	keys     []uint64    // by block: its floor's lanes and their swap
	steps    []jengaStep // the groups in the order of the forward sweep
	refs     []uint32    // the blocks their removals lead to (jenga_sweep.go)
	starts   []float64   // by class-1 group and colour: the best start of a new level
	pushRefs []uint32    // the class-1 groups a floor leads to with a complete top pushed onto it (jenga_push.go)
	buckets  [jengaMaxPot + 1][]jengaGroup
}

var jengaScratchPool = sync.Pool{New: func() any { return &jengaScratch{} }}

// canonicalTop returns the top code of the canonical frame of a state whose
// floor is k1 and whose swap's floor is w1.
func (t *jengaTables) canonicalTop(top uint8, k1, w1 uint64) uint8 {
	switch {
	case w1 < k1:
		return t.swapTop[top]
	case w1 == k1:
		return min(top, t.swapTop[top])
	}
	return top
}

// jengaChoice is a move in canonical terms.
type jengaChoice struct {
	level uint8 // canonical code of the lower level taken from
	pos   uint8 // position taken, in that level's canonical orientation
	to    uint8 // position filled, in the canonical orientation of the top (or of a new level)
}

// forMoves calls f for every distinct move of colour colour (every colour
// when colour < 0) from the state with key k (swap: w), with the floor, its
// swap's floor and the top code the move leads to. Moves of one colour come
// in a fixed order, which fixes how ties between equal values break.
//
// Its loop over removals has the shape of the sweep's (expand) but is not
// shared with it: the sweep wants every colour's successors at once, while
// a policy asks for one colour per throw, and a shared listing would build
// all three colours' successors to answer for one.
func (s *JengaSolution) forMoves(k, w uint64, colour int, f func(c int, m jengaChoice, k1, w1 uint64, top uint8)) {
	t := s.tables
	top, lanes, wlanes := keyTop(k), keyLanes(k), keyLanes(w)
	topFull := t.full[top]
	var topLive, wTopLive uint8
	if topFull {
		topLive = t.live[top]
		wTopLive = t.swapLive[topLive]
	}
	prev := uint8(0)
	for i, rest := 0, lanes; rest != 0; i, rest = i+1, rest>>laneBits {
		x := uint8(rest & (1<<laneBits - 1))
		if x == prev {
			continue // the same kind of level as the previous one: same moves
		}
		prev = x
		k0 := removeLane(lanes, i)
		w0 := removeCode(wlanes, t.swapLive[x])
		for _, r := range t.removes[x] {
			if colour >= 0 && int(r.colour) != colour {
				continue
			}
			k1, w1 := k0, w0
			if r.rest != 0 {
				k1 = insertCode(k1, r.rest)
				w1 = insertCode(w1, r.swapRest)
			}
			places := t.places[top][r.colour]
			if topFull { // the old top becomes a lower level
				k1 = insertCode(k1, topLive)
				w1 = insertCode(w1, wTopLive)
				places = t.start[r.colour]
			}
			for _, p := range places {
				f(int(r.colour), jengaChoice{level: t.code[x], pos: r.pos, to: p.pos}, k1, w1, p.newTop)
			}
		}
	}
}
