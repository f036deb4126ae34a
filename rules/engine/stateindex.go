package engine

import "hash/maphash"

// stateIndex maps the explored states to their indices: an open-addressing
// table with linear probing whose slots hold an index into the states
// (kept by the caller, as Graph.States) and the key's hash. One probe
// sequence both finds a state and places a new one, where a Go map takes
// a lookup and then an insert, each hashing the key; growing rehashes
// from the stored hashes, not the keys. The seed is random, but the
// indices are the order of insertion, so nothing the engine returns
// depends on it.
type stateIndex[S comparable] struct {
	seed  maphash.Seed
	slots []int32  // per slot: the state's index + 1, or 0 when empty
	hash  []uint32 // per slot: the low 32 bits of the state's hash
	mask  uint32   // len(slots) − 1, a power of two less one
	n     int      // slots filled
}

func newStateIndex[S comparable](size int) stateIndex[S] {
	n := 1024
	for n < 2*size {
		n *= 2
	}
	return stateIndex[S]{seed: maphash.MakeSeed(), slots: make([]int32, n), hash: make([]uint32, n), mask: uint32(n - 1)}
}

// find returns s's index among states, and whether it is there.
func (t *stateIndex[S]) find(s S, states []S) (int32, bool) {
	h := uint32(maphash.Comparable(t.seed, s))
	for pos := h & t.mask; ; pos = (pos + 1) & t.mask {
		k := t.slots[pos]
		if k == 0 {
			return 0, false
		}
		if t.hash[pos] == h && states[k-1] == s {
			return k - 1, true
		}
	}
}

// findOrPut returns s's index among states and true when it is there;
// else it records s at index next and returns next and false (the caller
// appends s to states).
func (t *stateIndex[S]) findOrPut(s S, states []S, next int32) (int32, bool) {
	h := uint32(maphash.Comparable(t.seed, s))
	pos := h & t.mask
	for ; ; pos = (pos + 1) & t.mask {
		k := t.slots[pos]
		if k == 0 {
			break
		}
		if t.hash[pos] == h && states[k-1] == s {
			return k - 1, true
		}
	}
	t.slots[pos], t.hash[pos] = next+1, h
	t.n++
	if 4*t.n >= 3*len(t.slots) { // at most three quarters full
		t.grow()
	}
	return next, false
}

// grow doubles the table, placing each entry by its stored hash.
func (t *stateIndex[S]) grow() {
	slots, hash := make([]int32, 2*len(t.slots)), make([]uint32, 2*len(t.slots))
	mask := uint32(len(slots) - 1)
	for i, k := range t.slots {
		if k == 0 {
			continue
		}
		h := t.hash[i]
		pos := h & mask
		for slots[pos] != 0 {
			pos = (pos + 1) & mask
		}
		slots[pos], hash[pos] = k, h
	}
	t.slots, t.hash, t.mask = slots, hash, mask
}
