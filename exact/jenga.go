package exact

import (
	"fmt"
	"math"
	"math/bits"

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
	stack  []jengaSucc // removals from the floors being solved, one frame per level of recursion
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
	s.vals.w = make([]uint64, 0, jengaStride<<(2*len(t.Levels)+2))
	w := tables.swapKey(k)
	s.start, s.twin = min(k, w), max(k, w)
	b := s.solveFloor(keyLanes(k), keyLanes(w), 1<<keyTop(k))
	s.Expected = s.vals.value(int(b)*jengaStride + int(tables.slot[jengaFrame(keyLanes(k), keyLanes(w))][keyTop(k)]))
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
// top, in one flat slice: a block of jengaStride words starts with the set of
// top codes solved (bit c for top code c), then the values (as float64 bits)
// by top index. A block starts a cache line, and the set of solved tops
// shares its line with the values of the tops a new level starts with, which
// a complete top's moves read right after asking whether they are solved.
type jengaValues struct {
	w []uint64
}

// jengaStride is the words of a block: the solved set and 39 canonical tops.
const jengaStride = 40

func (v *jengaValues) newBlock() int32 {
	b := int32(len(v.w) / jengaStride)
	v.w = append(v.w, make([]uint64, jengaStride)...)
	return b
}

func (v *jengaValues) blocks() int { return len(v.w) / jengaStride }

// get returns the value of the state of block b and canonical top code top
// (its word in the block: slot[top]) and whether it is solved.
func (v *jengaValues) get(b int32, top uint8, slot *[64]uint8) (float64, bool) {
	o := int(b) * jengaStride
	if v.w[o]&(1<<top) == 0 {
		return 0, false
	}
	return v.value(o + int(slot[top])), true
}

// value returns the value at word i of the table (a block's offset plus
// 1 + a top index); the state must be solved.
func (v *jengaValues) value(i int) float64 { return math.Float64frombits(v.w[i]) }

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

// solveFloor solves the states of floor lanes (green–blue swap: wlanes)
// whose top codes, in the frame of lanes, are the bits of want, and every
// state after them first; it returns the block of the floor's canonical
// frame (the smaller of lanes and wlanes). The states of one floor are
// solved together: the floors a removal leads to do not depend on the top
// (unless the top is complete and becomes a lower level), so they are
// found once for all the floor's tops, and the values of their successors
// are read while the same few blocks are in cache.
func (s *JengaSolution) solveFloor(lanes, wlanes uint64, want uint64) int32 {
	t := s.tables
	switch {
	case wlanes < lanes:
		lanes, wlanes = wlanes, lanes
		want = t.mapTops(want, &t.swapTop)
	case wlanes == lanes:
		want = t.mapTops(want, &t.symTop)
	}
	b := s.block(lanes)
	o := int(b) * jengaStride
	want &^= s.vals.w[o]
	if want == 0 {
		return b
	}
	// The removals from this floor, each with the floor it leads to. A
	// frame of the solver's own stack of successors: a local array would be
	// zeroed on every call.
	base := len(s.stack)
	if cap(s.stack) < base+jengaMaxSucc {
		s.stack = append(s.stack[:cap(s.stack)], make([]jengaSucc, cap(s.stack)+jengaMaxSucc)...)
	}
	s.stack = s.stack[:base+jengaMaxSucc]
	succ := s.stack[base:]
	n := 0
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
			succ[n] = jengaSucc{k1: k1, w1: w1, colour: r.colour}
			n++
		}
	}
	succ = succ[:n]
	if open := want &^ t.fullTops; open != 0 {
		// An incomplete top: the block taken goes on it, and the floor
		// left is the successor's.
		var need [3]uint64
		for m := open; m != 0; m &= m - 1 {
			top := bits.TrailingZeros64(m)
			for c := range need {
				need[c] |= t.placeMask[top][c]
			}
		}
		for j := range succ {
			e := &succ[j]
			e.off = s.solveFloor(e.k1, e.w1, need[e.colour]) * jengaStride
			e.frame = jengaFrame(e.k1, e.w1)
		}
		vals := s.vals.w
		for m := open; m != 0; m &= m - 1 {
			top := uint8(bits.TrailingZeros64(m))
			if vals[o]&(1<<top) != 0 {
				continue // solved meanwhile, as a later state of a successor
			}
			bestV := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
			for j := range succ {
				e := &succ[j]
				ps := &t.placeSlots[e.frame][top][e.colour]
				v := min(math.Float64frombits(vals[int(e.off)+int(ps[0])]), math.Float64frombits(vals[int(e.off)+int(ps[1])]))
				bestV[e.colour] = min(bestV[e.colour], v)
			}
			s.finish(o, top, bestV)
		}
	}
	for m := want & t.fullTops; m != 0; m &= m - 1 {
		// A complete top: it becomes a lower level and the block taken
		// starts a new level.
		top := uint8(bits.TrailingZeros64(m))
		if s.vals.w[o]&(1<<top) != 0 {
			continue
		}
		l := t.live[top]
		wl := t.swapLive[l]
		bestV := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
		for j := range succ {
			e := &succ[j]
			k2, w2 := insertCode(e.k1, l), insertCode(e.w1, wl)
			o2 := int(s.solveFloor(k2, w2, t.startMask[e.colour])) * jengaStride
			ps := &t.startSlots[jengaFrame(k2, w2)][e.colour]
			v := min(s.vals.value(o2+int(ps[0])), s.vals.value(o2+int(ps[1])))
			bestV[e.colour] = min(bestV[e.colour], v)
		}
		s.finish(o, top, bestV)
	}
	s.stack = s.stack[:base]
	return b
}

// finish stores the value of the state of the block at word o and top code
// top from the best successor value of each colour (+Inf for a colour
// without a move).
func (s *JengaSolution) finish(o int, top uint8, bestV [3]float64) {
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
	s.vals.w[o+int(s.tables.slot[0][top])] = math.Float64bits(v)
	s.vals.w[o] |= 1 << top
	s.states++
}

// jengaFrame says how a state of floor k1 (swap: w1) is kept: 0 as it is,
// 1 swapped, 2 as the smaller of itself and its swap (a floor equal to its
// own swap).
func jengaFrame(k1, w1 uint64) uint8 {
	switch {
	case w1 < k1:
		return 1
	case w1 == k1:
		return 2
	}
	return 0
}

// jengaMaxSucc bounds the removals from a floor: at most 9 kinds of lower
// level, 3 removals each.
const jengaMaxSucc = 27

// jengaSucc is a removal from the floor being solved.
type jengaSucc struct {
	k1, w1 uint64 // floor left and its swap's floor
	off    int32  // the word where the block of the floor left starts
	colour uint8
	frame  uint8 // jengaFrame(k1, w1)
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
