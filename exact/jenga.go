package exact

import (
	"fmt"
	"math"

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
// at least one, so the states form a DAG and a memoised depth-first search
// over canonical states (see jenga_canon.go) solves them all.

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

	tables *jengaTables
	floors *jengaFloors
	vals   jengaValues
	stack  []jengaSucc // successors of the states being solved, one frame per level of recursion
	states int
	input  jenga.Tower
	start  uint64 // canonical key of the input tower
	twin   uint64 // its green–blue swap
}

// States is the number of canonical states the analyst solved.
func (s *JengaSolution) States() int { return s.states }

// SolveJenga returns the minimal expected number of throws for tower t and
// the optimal policy. t must be a valid input tower (complete levels) of at
// most JengaMaxLevels levels.
func SolveJenga(t jenga.Tower) (*JengaSolution, error) {
	if err := t.ValidateUpTo(JengaMaxLevels); err != nil {
		return nil, fmt.Errorf("jenga: %w", err)
	}
	tables := jengaTablesOnce()
	k, ok := tables.keyOf(t)
	if !ok {
		return nil, fmt.Errorf("jenga: tower has more than %d lower levels", jengaMaxLive)
	}
	s := &JengaSolution{tables: tables, floors: newJengaFloors(1 << (2*len(t.Levels) + 2)), input: t.Clone(),
		stack: make([]jengaSucc, 0, 4*jengaMaxSucc)}
	w := tables.swapKey(k)
	s.start, s.twin = min(k, w), max(k, w)
	s.Expected = s.solve(k, w)
	return s, nil
}

// block returns the block of floor lanes, making it if needed.
func (s *JengaSolution) block(lanes uint64) int32 {
	if b := s.floors.get(lanes); b >= 0 {
		return b
	}
	b := s.vals.newBlock()
	s.floors.put(lanes, b)
	return b
}

// jengaValues holds the value of every state by block (one per floor) and
// top index, in chunks of blocks, so that growing never copies. A value is
// stored negated: the zero bits of fresh memory then mean "not solved yet",
// and a solved 0 is stored as −0, whose bits are not zero.
type jengaValues struct {
	chunks [][]float64
	blocks int32
}

const (
	jengaChunkShift = 7  // 128 blocks (39 KB) a chunk: small towers stay small
	jengaStride     = 40 // 39 canonical tops, padded so every block starts a cache line
)

func (v *jengaValues) newBlock() int32 {
	b := v.blocks
	if int(b>>jengaChunkShift) == len(v.chunks) {
		v.chunks = append(v.chunks, make([]float64, jengaStride<<jengaChunkShift))
	}
	v.blocks++
	return b
}

// jengaID names a state's value: its block and its top index.
type jengaID struct {
	block int32
	top   uint8
}

func (v *jengaValues) slot(id jengaID) *float64 {
	return &v.chunks[id.block>>jengaChunkShift][int(id.block&(1<<jengaChunkShift-1))*jengaStride+int(id.top)]
}

// get returns the value of state id and whether it is solved.
func (v *jengaValues) get(id jengaID) (float64, bool) {
	x := *v.slot(id)
	return -x, math.Float64bits(x) != 0
}

func (v *jengaValues) set(id jengaID, x float64) { *v.slot(id) = -x }

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

// value returns the value of the state with floor k1 and top code top
// (green–blue swap: floor w1), solving it first if needed.
func (s *JengaSolution) value(k1, w1 uint64, top uint8) float64 {
	t := s.tables
	if b := s.floors.get(min(k1, w1)); b >= 0 {
		if v, ok := s.vals.get(jengaID{b, t.topIdx[t.canonicalTop(top, k1, w1)]}); ok {
			return v
		}
	}
	return s.solve(jengaKey(k1, top), jengaKey(w1, t.swapTop[top]))
}

// solve returns the value of the state with key k, whose green–blue swap has
// key w, solving it and every state after it first. The state is kept in
// the frame of the smaller key.
func (s *JengaSolution) solve(k, w uint64) float64 {
	if w < k {
		k, w = w, k
	}
	t := s.tables
	id := jengaID{s.block(keyLanes(k)), t.topIdx[keyTop(k)]}
	if v, ok := s.vals.get(id); ok {
		return v
	}
	// Collect the successors first, then look them all up: the look-ups are
	// independent loads, so the processor overlaps their cache misses.
	// A frame of the solver's own stack of successors: a local array would
	// be zeroed on every call.
	base := len(s.stack)
	if cap(s.stack) < base+jengaMaxSucc {
		s.stack = append(s.stack[:cap(s.stack)], make([]jengaSucc, cap(s.stack)+jengaMaxSucc)...)
	}
	s.stack = s.stack[:base+jengaMaxSucc]
	succ := s.stack[base:]
	n := 0
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
			k1, w1 := k0, w0
			if r.rest != 0 {
				k1 = insertCode(k1, r.rest)
				w1 = insertCode(w1, t.swapLive[r.rest])
			}
			places := t.places[top][r.colour]
			if topFull { // the old top becomes a lower level
				k1 = insertCode(k1, topLive)
				w1 = insertCode(w1, wTopLive)
				places = t.start[r.colour]
			}
			b := s.floors.get(min(k1, w1))
			for _, p := range places {
				e := &succ[n]
				n++
				e.colour, e.k1, e.w1, e.top = r.colour, k1, w1, p.newTop
				e.id = jengaID{b, t.topIdx[t.canonicalTop(p.newTop, k1, w1)]}
			}
		}
	}
	for j := range succ[:n] {
		e := &succ[j]
		e.solved = false
		if e.id.block >= 0 {
			e.v, e.solved = s.vals.get(e.id)
		}
	}
	bestV := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
	for j := range succ[:n] {
		e := &succ[j]
		v := e.v
		if !e.solved {
			v = s.solve(jengaKey(e.k1, e.top), jengaKey(e.w1, t.swapTop[e.top]))
		}
		if v < bestV[e.colour] {
			bestV[e.colour] = v
		}
	}
	num, den := 6.0, 0.0
	for c, v := range bestV {
		if !math.IsInf(v, 1) {
			num += jengaWeight(c) * v
			den += jengaWeight(c)
		}
	}
	v := 0.0
	if den > 0 {
		v = num / den
	}
	s.stack = s.stack[:base]
	s.vals.set(id, v)
	s.states++
	return v
}

// jengaMaxSucc bounds the successors of a state: at most 9 kinds of lower
// level, 3 removals each, 2 placements each.
const jengaMaxSucc = 54

// jengaSucc is a successor of the state being solved.
type jengaSucc struct {
	k1, w1 uint64 // floor and its swap's floor
	v      float64
	id     jengaID // where its value is kept; block −1 when its floor has none yet
	solved bool
	colour uint8
	top    uint8
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
				w1 = insertCode(w1, t.swapLive[r.rest])
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
