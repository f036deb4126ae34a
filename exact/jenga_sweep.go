package exact

import (
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"sync"
)

// The analyst solves the canonical states in two sweeps. Every move lowers
// the potential 6·(complete lower levels) + 3·(two-block lower levels) +
// 2·(blocks on top) (see jenga.go), and all the states of one floor with
// the same number of blocks on top — a "group" — share it. So:
//
//   - forward, groups in decreasing potential: a group is taken out of its
//     bucket only when every group that can reach it has been, so its set of
//     reachable tops is complete; its removals are found once, the groups
//     they lead to are asked for the tops they need, and the blocks of those
//     floors are recorded ("refs") in the order the backward sweep reads
//     them;
//   - backward, the same groups in the reverse order: every successor is
//     solved already, and its value is read where the ref says with no
//     hashing and no test.
//
// Values are kept by class (blocks on top) in three dense arrays, one row
// per group (jengaClassValues): a group reads only the next class's values
// (one block more on top) or, for a complete top, the best start of a new
// level, so each sweep of reads stays in a smaller table.
//
// A floor's slot in the index holds the set of its reachable tops beside
// its block number, so that asking for tops costs one cache line; once both
// sweeps are done these are exactly the solved states.

// jengaGroup is a floor's states with a given number of blocks on top.
type jengaGroup struct {
	block int32
	row   int32 // the group's row in its class's values
	class uint8 // blocks on top: 1, 2 or 3
}

// jengaStep is a group in the order of the forward sweep, with where its
// refs start.
type jengaStep struct {
	jengaGroup
	refs int32
	tops uint64 // the group's reachable tops
}

// A ref names the row of the group a removal leads to (bits 4 up), how the
// successor's tops map into that group (bits 2..3, the frame: 0 as they
// are, 1 with green and blue swapped, 2 as the smaller of a top and its
// swap, for a floor equal to its own swap), and the colour (bits 0..1).
const jengaRefShift = 4

// jengaMaxPot bounds the potential: nine complete lower levels and a
// complete top.
const jengaMaxPot = 6*jengaMaxLive + 2*3

// jengaClassValues are the values of the states of one class (number of
// blocks on top): a row of stride values per group, by top index minus the
// class's first top index.
type jengaClassValues struct {
	v      []float64
	stride int
}

// sweep solves every state the state with key k (swap: w) reaches and
// returns its value.
func (s *JengaSolution) sweep(k, w uint64) float64 {
	t := s.tables
	buckets := &s.buckets
	top := keyTop(k)
	start := s.request(buckets, keyLanes(k), keyLanes(w), 1<<t.topIdx[top], t.blocks[top], t.floorPot(keyLanes(k)))
	var succ [jengaMaxSucc]jengaSucc
	var levels [jengaMaxPot + 2]int // steps of potential p: levels[p+1] .. levels[p]-1
	for p := jengaMaxPot; p >= 0; p-- {
		levels[p+1] = len(s.steps)
		for i := 0; i < len(buckets[p]); i++ {
			g := buckets[p][i]
			var tops uint64
			if g.class == 1 {
				tops = s.tops1[g.row]
			} else {
				i, _ := s.floors.find(s.keys[2*g.block])
				tops = s.floors.slots[i].tops() & t.classTops[g.class]
			}
			s.steps = append(s.steps, jengaStep{g, int32(len(s.refs)), tops})
			s.expand(buckets, g, tops, p-2*int(g.class), succ[:0])
		}
	}
	for c := 1; c <= 3; c++ {
		s.vals[c].stride = int(t.classStride[c])
		// 256 values of padding, so that a row can be read through a
		// *[256]float64 with a byte index and no bounds check.
		s.vals[c].v = make([]float64, int(s.rows[c])*s.vals[c].stride+256)
	}
	s.starts = slices.Grow(s.starts[:0], 3*int(s.rows[1]))[:3*s.rows[1]]
	levels[0] = len(s.steps)
	// The groups of one potential lead only to groups of lower potential:
	// two workers share each potential's groups.
	parallel := runtime.GOMAXPROCS(0) > 1
	var wg sync.WaitGroup
	var other int
	for p := 0; p <= jengaMaxPot; p++ {
		lo, hi := levels[p+1], levels[p]
		if parallel && hi-lo >= jengaParallelGroups {
			// Split where half the refs are on each side: a group's cost
			// goes with its refs, and groups of one potential differ a lot.
			end := len(s.refs)
			if hi < len(s.steps) {
				end = int(s.steps[hi].refs)
			}
			half := (int(s.steps[lo].refs) + end) / 2
			mid := lo + sort.Search(hi-lo, func(i int) bool { return int(s.steps[lo+i].refs) >= half })
			wg.Add(1)
			go func() {
				defer wg.Done()
				other += s.solveSteps(mid, hi)
			}()
			s.states += s.solveSteps(lo, mid)
			wg.Wait()
			continue
		}
		s.states += s.solveSteps(lo, hi)
	}
	s.states += other
	i := t.slot[start>>2&3][top] - 1 - t.classBase[t.blocks[top]]
	return s.vals[t.blocks[top]].v[int(start>>jengaRefShift)*s.vals[t.blocks[top]].stride+int(i)]
}

// jengaParallelGroups is the fewest groups of one potential worth sharing
// between two workers.
const jengaParallelGroups = 256

// solveSteps solves the groups of steps lo..hi-1 and returns the number of
// states solved.
func (s *JengaSolution) solveSteps(lo, hi int) int {
	n := 0
	for i := lo; i < hi; i++ {
		end := len(s.refs)
		if i+1 < len(s.steps) {
			end = int(s.steps[i+1].refs)
		}
		st := &s.steps[i]
		n += s.solveGroup(st.jengaGroup, st.tops, s.refs[st.refs:end])
	}
	return n
}

// request asks for the tops want (indices in the frame of lanes) of the floor
// lanes (swap: wlanes), whose potential is pot, with class blocks on top,
// queueing the group if it is new, and returns the ref (colour 0) of the group.
//
// The common case — the group exists — stays here, small; adding a floor or
// a group is left to newGroup, so that its appends do not make this path
// save and reload its registers around them.
func (s *JengaSolution) request(buckets *[jengaMaxPot + 1][]jengaGroup, lanes, wlanes, want uint64, class uint8, pot int) uint32 {
	t := s.tables
	frame := uint32(0)
	switch {
	case wlanes < lanes:
		lanes, wlanes = wlanes, lanes
		want = t.mapTops(want, &t.swapIdx)
		frame = 1
	case wlanes == lanes:
		want = t.mapTops(want, &t.symIdx)
		frame = 2
	}
	i, found := s.floors.find(lanes)
	if !found {
		return s.newGroup(buckets, -1, lanes, wlanes, want, class, pot) | frame<<2
	}
	sl := &s.floors.slots[i]
	row := s.groupRows[jengaRowsPerFloor*int(sl.block())+int(class)-1]
	if row < 0 {
		return s.newGroup(buckets, i, lanes, wlanes, want, class, pot) | frame<<2
	}
	if class == 1 { // rare here: complete tops' requests mostly read pushRefs
		s.tops1[row] |= want
	} else {
		sl.val |= want << jengaTopsShift
	}
	return uint32(row)<<jengaRefShift | frame<<2
}

// newGroup is request's rare case: it adds the floor lanes (swap: wlanes)
// when slot is −1, then its group of class class, asks it for the tops
// want (in the frame of lanes), and returns the group's ref (colour 0,
// frame 0).
func (s *JengaSolution) newGroup(buckets *[jengaMaxPot + 1][]jengaGroup, slot int, lanes, wlanes, want uint64, class uint8, pot int) uint32 {
	if slot < 0 {
		slot = s.addFloor(lanes, wlanes)
	}
	sl := &s.floors.slots[slot]
	b := sl.block()
	row := &s.groupRows[jengaRowsPerFloor*int(b)+int(class)-1]
	if *row < 0 {
		*row = s.rows[class]
		s.rows[class]++
		if class == 1 {
			s.tops1 = append(s.tops1, 0)
		}
		p := pot + 2*int(class)
		buckets[p] = append(buckets[p], jengaGroup{b, *row, class})
	}
	if class == 1 {
		s.tops1[*row] |= want
	} else {
		sl.val |= want << jengaTopsShift
	}
	return uint32(*row) << jengaRefShift
}

// addFloor adds the floor lanes (swap: wlanes), with no groups yet, and
// returns its slot.
func (s *JengaSolution) addFloor(lanes, wlanes uint64) int {
	slot := s.floors.add(lanes, int32(len(s.keys)/2))
	s.keys = append(s.keys, lanes, wlanes)
	s.groupRows = append(s.groupRows, -1, -1, -1, -1)
	return slot
}

// expand finds the removals from group g's floor (potential pot), asks the
// groups they lead to for the tops g's tops need, and records their refs.
func (s *JengaSolution) expand(buckets *[jengaMaxPot + 1][]jengaGroup, g jengaGroup, tops uint64, pot int, succ []jengaSucc) {
	t := s.tables
	lanes, wlanes := s.keys[2*g.block], s.keys[2*g.block+1]
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
				w1 = insertCode(w1, r.swapRest)
			}
			succ = append(succ, jengaSucc{k1: k1, w1: w1, colour: r.colour, pot: uint8(pot - int(r.potDrop))})
		}
	}
	if g.class < 3 {
		// An incomplete top: the block taken goes on it.
		var need [3]uint64
		for m := tops; m != 0; m &= m - 1 {
			pm := &t.placeMask[bits.TrailingZeros64(m)&63]
			need[0], need[1], need[2] = need[0]|pm[0], need[1]|pm[1], need[2]|pm[2]
		}
		for _, e := range succ {
			s.refs = append(s.refs, s.request(buckets, e.k1, e.w1, need[e.colour], g.class+1, int(e.pot))|uint32(e.colour))
		}
		return
	}
	// A complete top becomes a lower level, and the block taken starts a
	// new level. These requests are most of all (a complete top times every
	// removal), but they go to few distinct places: the floor a removal
	// leaves (the "base") with one complete level pushed onto it. So each
	// base keeps the ref of the class-1 group each pushed code leads to
	// (jenga_push.go), and a request is mostly one read of that cache.
	for j := range succ {
		s.pushBase(&succ[j])
	}
	for m := tops; m != 0; m &= m - 1 {
		l := t.live[t.idxCode[bits.TrailingZeros64(m)]]
		wl := t.swapLive[l]
		codes := [2]uint8{l, wl} // by flip
		for _, e := range succ {
			code := codes[e.flip&1]
			ref := s.pushRefs[int(e.push)+int(code)]
			if ref == jengaNoRef {
				ref = s.pushRef(buckets, e, code)
			}
			frame := t.reframe[e.flip&1][ref>>2&3]
			row := ref >> jengaRefShift
			s.tops1[row] |= t.startTops[e.colour&3][frame&3]
			s.refs = append(s.refs, row<<jengaRefShift|frame<<2|uint32(e.colour))
		}
	}
}

// solveGroup solves the states tops of group g, whose successors are
// solved, from its refs, and returns how many they are. It writes only g's
// values, so groups whose successors are solved may be solved at once.
func (s *JengaSolution) solveGroup(g jengaGroup, tops uint64, refs []uint32) int {
	t := s.tables
	row := s.vals[g.class].v[int(g.row)*s.vals[g.class].stride:][:s.vals[g.class].stride]
	base := t.classBase[g.class]
	switch g.class {
	case 1, 2:
		// The block taken goes on the top, making a state of the next class.
		// Refs outside, tops inside: a successor's row is read while in cache.
		var list [jengaMaxGroupTops]uint8
		var best [4][jengaMaxGroupTops]float64 // by colour (3: never used) and top
		n := 0
		for m := tops; m != 0; m &= m - 1 {
			list[n] = uint8(bits.TrailingZeros64(m))
			best[0][n], best[1][n], best[2][n] = math.Inf(1), math.Inf(1), math.Inf(1)
			n++
		}
		next := s.vals[g.class+1].v
		stride := s.vals[g.class+1].stride
		for _, r := range refs {
			c := r & 3
			in := &t.placeIn[r&15]
			succ := (*[256]float64)(next[int(r>>jengaRefShift)*stride:])
			b, tops := best[c][:n], list[:n] // the same length: no bounds checks below
			// The builtin min compiles to MINSD, without a branch to
			// mispredict; values are positive or +Inf, never NaN.
			if g.class == 2 { // one empty place: one placement (ps[1] = ps[0])
				for j, top := range tops {
					b[j] = min(b[j], succ[in[top&63][0]])
				}
				continue
			}
			for j, top := range tops {
				ps := &in[top&63]
				b[j] = min(b[j], succ[ps[0]], succ[ps[1]])
			}
		}
		for j, top := range list[:n] {
			row[top-base] = jengaValue([3]float64{best[0][j], best[1][j], best[2][j]})
		}
		if g.class == 1 {
			// The best start of a new level with a block of each colour, for
			// the complete tops that lead here.
			starts := s.starts[3*int(g.row):][:3]
			for c := range starts {
				if tops&t.startMask[c] == t.startMask[c] {
					ps := &t.startIn[c]
					starts[c] = min(row[ps[0]], row[ps[1]])
				}
			}
		}
	case 3:
		// The top becomes a lower level and the block taken starts a new
		// level: the best start was kept by the group led to.
		n := 0
		if tops != 0 {
			n = len(refs) / bits.OnesCount64(tops)
		}
		for m := tops; m != 0; m &= m - 1 {
			top := uint8(bits.TrailingZeros64(m))
			bestV := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
			for _, r := range refs[:n] {
				c := r & 3
				bestV[c] = min(bestV[c], s.starts[3*int(r>>jengaRefShift)+int(t.startColour[r&15])])
			}
			refs = refs[n:]
			row[top-base] = jengaValue(bestV)
		}
	}
	return bits.OnesCount64(tops)
}

// jengaMaxGroupTops bounds the tops of a group: 18 complete tops.
const jengaMaxGroupTops = 18

// jengaValue is the value of a state from the best successor value of each
// colour (+Inf for a colour without a move).
func jengaValue(bestV [3]float64) float64 {
	inf := math.Inf(1)
	num, den := 6.0, 0.0
	if v := bestV[0]; v != inf {
		num += jengaWeight(0) * v
		den += jengaWeight(0)
	}
	if v := bestV[1]; v != inf {
		num += jengaWeight(1) * v
		den += jengaWeight(1)
	}
	if v := bestV[2]; v != inf {
		num += jengaWeight(2) * v
		den += jengaWeight(2)
	}
	if den > 0 {
		return num / den
	}
	return 0
}

// jengaMaxSucc bounds the removals from a floor: at most 9 kinds of lower
// level, 3 removals each.
const jengaMaxSucc = 27

// jengaSucc is a removal from the floor being expanded.
type jengaSucc struct {
	k1, w1 uint64 // floor left and its swap's floor
	push   int32  // where the floor left keeps its pushRefs (jenga_push.go); set for complete tops only
	colour uint8
	pot    uint8 // potential of the floor left
	flip   uint8 // 1 when w1 < k1: the floor left's canonical frame swaps green and blue; set with push
}
