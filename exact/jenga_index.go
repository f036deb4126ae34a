package exact

// jengaFloors numbers the floors (the multisets of live lower levels, as
// lane words) the analyst has met: open addressing with linear probing over
// a power-of-two table. Floors number a few tens of thousands at n = 6, so
// the table stays in cache; each floor owns a block of values, one per
// canonical top, so the successors of a move that differ only in where the
// block goes on top share one look-up and one cache line or two.
type jengaFloors struct {
	slots []jengaFloorSlot
	used  int
	mask  uint64
}

type jengaFloorSlot struct {
	key uint64 // the lanes with bit 63 set, so that 0 marks an empty slot
	val uint64 // the floor's block (bits 0..24), and its reachable tops (bit jengaTopsShift+i for top index i)
}

// jengaTopsShift places the set of a floor's tops above its block number.
// 25 bits number every floor: there are C(30, 9) < 2^24 multisets of at
// most nine live codes out of 21.
const jengaTopsShift = 25

func (sl *jengaFloorSlot) block() int32 { return int32(sl.val & (1<<jengaTopsShift - 1)) }

func (sl *jengaFloorSlot) tops() uint64 { return sl.val >> jengaTopsShift }

const jengaFloorMark = 1 << 63

func newJengaFloors(capacity int) *jengaFloors {
	size := 256
	for size < 2*capacity {
		size *= 2
	}
	return &jengaFloors{slots: make([]jengaFloorSlot, size), mask: uint64(size - 1)}
}

func jengaHash(k uint64) uint64 {
	k ^= k >> 31
	k *= 0x9e3779b97f4a7c15
	return k ^ k>>29
}

// find returns the slot of floor lanes and true, or false when the floor
// is not in the index.
func (x *jengaFloors) find(lanes uint64) (int, bool) {
	k := lanes | jengaFloorMark
	i := jengaHash(k) & x.mask
	// Most floors sit in their first or second slot: step past the first
	// without a branch (SETNE), so that the branch that follows is nearly
	// always predicted.
	var step uint64
	if x.slots[i].key != k {
		step = 1
	}
	for i = (i + step) & x.mask; ; i = (i + 1) & x.mask {
		switch x.slots[i].key {
		case k:
			return int(i), true
		case 0:
			return 0, false
		}
	}
}

// get returns the block of floor lanes and its reachable tops, or block −1
// when it has none.
func (x *jengaFloors) get(lanes uint64) (int32, uint64) {
	i, ok := x.find(lanes)
	if !ok {
		return -1, 0
	}
	return x.slots[i].block(), x.slots[i].tops()
}

// add gives floor lanes block number b, with no tops yet, and returns its
// slot; lanes must not be in the index yet.
func (x *jengaFloors) add(lanes uint64, b int32) int {
	if 2*(x.used+1) > len(x.slots) {
		x.grow()
	}
	k := lanes | jengaFloorMark
	i := jengaHash(k) & x.mask
	for x.slots[i].key != 0 {
		i = (i + 1) & x.mask
	}
	x.slots[i] = jengaFloorSlot{key: k, val: uint64(b)}
	x.used++
	return int(i)
}

func (x *jengaFloors) grow() {
	old := x.slots
	*x = *newJengaFloors(len(old))
	for _, s := range old {
		if s.key != 0 {
			x.slots[x.add(s.key&^jengaFloorMark, s.block())].val = s.val
		}
	}
}
