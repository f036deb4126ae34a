package exact

// A complete top's requests (jenga_sweep.go, expand) go from a floor F and
// a removal e to the class-1 group of F_e + l, for every complete top l the
// group reaches. They repeat: many floors, by many removals, leave the same
// floor F_e, and at most 21 live codes l can be pushed onto it, so the distinct
// pairs (F_e, l) are a small share of the requests (counts: BENCHMARKS.md,
// jenga). Each such "base" floor keeps the ref of the group each pushed code
// leads to, so that a repeated request reads one word instead of building a
// key and looking it up.
//
// The cache is kept in the base's canonical frame: a removal whose floor
// left is the green–blue swap of its canonical frame asks for the swapped
// code, and swaps the frame of the ref it reads (jengaTables.reframe).

// jengaRowsPerFloor is how many rows groupRows keeps a floor: its groups of
// class 1, 2 and 3, and its row of pushRefs.
const jengaRowsPerFloor = 4

// jengaPushCodes is the width of a base's row of pushRefs: one ref per live
// code (1..21; index 0 unused).
const jengaPushCodes = 22

// jengaNoRef marks a pushed code whose group has not been looked up yet.
const jengaNoRef = ^uint32(0)

// pushBase finds (or adds) the floor e leaves, in its canonical frame, and
// points e at its row of pushRefs.
func (s *JengaSolution) pushBase(e *jengaSucc) {
	base, swap := min(e.k1, e.w1), max(e.k1, e.w1)
	i, found := s.floors.find(base)
	if !found {
		i = s.addFloor(base, swap)
	}
	b := int(s.floors.slots[i].block())
	row := s.groupRows[jengaRowsPerFloor*b+3]
	if row < 0 {
		row = int32(len(s.pushRefs) / jengaPushCodes)
		s.groupRows[jengaRowsPerFloor*b+3] = row
		for range jengaPushCodes {
			s.pushRefs = append(s.pushRefs, jengaNoRef)
		}
	}
	e.push = row * jengaPushCodes
	e.flip = 0
	if e.w1 < e.k1 {
		e.flip = 1
	}
}

// pushRef looks up (or creates) the class-1 group of e's base floor with
// live code code pushed onto it, in the base's frame, and keeps its ref
// (frame relative to the base's frame; colour 0) in the base's row.
func (s *JengaSolution) pushRef(buckets *[jengaMaxPot + 1][]jengaGroup, e jengaSucc, code uint8) uint32 {
	t := s.tables
	base, swap := min(e.k1, e.w1), max(e.k1, e.w1)
	ref := s.request(buckets, insertCode(base, code), insertCode(swap, t.swapLive[code]), 0, 1, int(e.pot)+int(t.livePot[code]))
	s.pushRefs[int(e.push)+int(code)] = ref
	return ref
}
