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
	key   uint64 // the lanes with bit 63 set, so that 0 marks an empty slot
	block int32
}

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

// get returns the block of floor lanes, or -1 when it has none.
func (x *jengaFloors) get(lanes uint64) int32 {
	k := lanes | jengaFloorMark
	for i := jengaHash(k) & x.mask; ; i = (i + 1) & x.mask {
		switch x.slots[i].key {
		case k:
			return x.slots[i].block
		case 0:
			return -1
		}
	}
}

// put gives floor lanes block number b; lanes must not be in the index yet.
func (x *jengaFloors) put(lanes uint64, b int32) {
	if 2*(x.used+1) > len(x.slots) {
		x.grow()
	}
	k := lanes | jengaFloorMark
	i := jengaHash(k) & x.mask
	for x.slots[i].key != 0 {
		i = (i + 1) & x.mask
	}
	x.slots[i] = jengaFloorSlot{key: k, block: b}
	x.used++
}

func (x *jengaFloors) grow() {
	old := x.slots
	*x = *newJengaFloors(len(old))
	for _, s := range old {
		if s.key != 0 {
			x.put(s.key&^jengaFloorMark, s.block)
		}
	}
}
