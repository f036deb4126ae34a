// Command jenga answers Colored Jenga (Codeforces 424E) with the project's
// analyst (exact.SolveJenga): the correct solution the cross-check must never
// flag. An optional first argument plants a contestant's slip, or picks a
// contest-style search:
//
//	firsttop  the first line of the tower is taken as its top, as the
//	          statement's wording suggests and its sample contradicts
//	search    a memoised search over (lower levels, top), as a contestant
//	          writes it: correct, the baseline of bytekey
//	bytekey   search, with the memo key packing a byte per level into a
//	          uint64: nine bytes (eight live lower levels and the top, which
//	          only n = 6 towers reach) lose the first
package main

import (
	"fmt"
	"os"
	"slices"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/jenga"
)

func main() {
	t, err := jenga.Parse(os.Stdin, "stdin")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bug := ""
	if len(os.Args) > 1 {
		bug = os.Args[1]
	}
	switch bug {
	case "search", "bytekey":
		s := newSearch(bug == "bytekey")
		fmt.Printf("%.12f\n", s.value(t))
		return
	case "firsttop":
		slices.Reverse(t.Levels)
	}
	sol, err := exact.SolveJenga(t)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%.12f\n", sol.Expected)
}

// A level's code is its three positions in base 4 (0 empty, 1 R, 2 G, 3 B),
// left most significant, the smaller of it and its mirror image: below 64.

func code(a, b, c byte) byte { return min(a<<4|b<<2|c, c<<4|b<<2|a) }

func unpack(x byte) (a, b, c byte) { return x >> 4, x >> 2 & 3, x & 3 }

// state is a tower in play: its live lower levels (those a block can still
// be taken from, as sorted codes; a level of one middle block, or of two
// side blocks, can lose no block and is dropped) and its top, as raw
// positions (its orientation matters until it is full). At most 8 lower
// levels stay live: each holds two blocks or more, of 18, and the top one.
type state struct {
	lower [8]byte
	n     int
	top   [3]byte
}

// insert adds a level's code, keeping the codes sorted.
func (st *state) insert(x byte) {
	i := st.n
	for i > 0 && st.lower[i-1] > x {
		st.lower[i] = st.lower[i-1]
		i--
	}
	st.lower[i] = x
	st.n++
}

// remove takes out the i-th level.
func (st *state) remove(i int) {
	copy(st.lower[i:st.n], st.lower[i+1:st.n])
	st.n--
	st.lower[st.n] = 0
}

type search struct {
	memo    table
	bytekey bool
}

func newSearch(bytekey bool) *search {
	return &search{memo: newTable(20), bytekey: bytekey}
}

// table is an open-addressing hash table from non-zero keys to values: a
// tall tower has about a million states, which Go's map holds at twice
// the time.
type table struct {
	keys []uint64
	vals []float64
	bits int
	n    int
}

func newTable(bits int) table {
	return table{keys: make([]uint64, 1<<bits), vals: make([]float64, 1<<bits), bits: bits}
}

func (t *table) slot(k uint64) int {
	mask := len(t.keys) - 1
	i := int(k * 0x9E3779B97F4A7C15 >> (64 - t.bits))
	for t.keys[i] != 0 && t.keys[i] != k {
		i = (i + 1) & mask
	}
	return i
}

func (t *table) get(k uint64) (float64, bool) {
	i := t.slot(k)
	return t.vals[i], t.keys[i] == k
}

func (t *table) put(k uint64, v float64) {
	if 2*(t.n+1) > len(t.keys) {
		old := *t
		*t = newTable(t.bits + 1)
		for i, ok := range old.keys {
			if ok != 0 {
				t.put(ok, old.vals[i])
			}
		}
	}
	i := t.slot(k)
	if t.keys[i] == 0 {
		t.n++
	}
	t.keys[i], t.vals[i] = k, v
}

func (s *search) value(t jenga.Tower) float64 {
	var st state
	for i, l := range t.Levels {
		a, b, c := byte(l[0]), byte(l[1]), byte(l[2])
		if i == len(t.Levels)-1 {
			st.top = [3]byte{a, b, c}
		} else {
			st.insert(code(a, b, c))
		}
	}
	return s.expected(st)
}

// key packs a state, up to mirroring its top and swapping green with blue
// (both two faces of the die), into 64 bits: the lower levels' codes, 6
// bits each, then the top's. No live level codes 0, so the highest
// non-zero group tells how many levels there are: 8 levels and a top take
// 54 bits.
func (s *search) key(st *state) uint64 {
	var sw state
	for _, x := range st.lower[:st.n] {
		sw.insert(swapped[x])
	}
	sw.top = [3]byte{swapColour(st.top[0]), swapColour(st.top[1]), swapColour(st.top[2])}
	return min(s.pack(st), s.pack(&sw))
}

func (s *search) pack(st *state) uint64 {
	bits := 6
	if s.bytekey {
		bits = 8 // a byte per level: 72 bits for 8 levels and a top, the first shifted out
	}
	var u uint64
	for _, x := range st.lower[:st.n] {
		u = u<<bits | uint64(x)
	}
	return u<<bits | uint64(code(st.top[0], st.top[1], st.top[2]))
}

func swapColour(c byte) byte {
	switch c {
	case 2:
		return 3
	case 3:
		return 2
	}
	return c
}

// swapped is each level code with green and blue swapped.
var swapped = func() (t [64]byte) {
	for x := range t {
		a, b, c := unpack(byte(x))
		t[x] = code(swapColour(a), swapColour(b), swapColour(c))
	}
	return t
}()

// weight is the die's faces of colour c out of 6: R 1, G 2, B 2.
func weight(c byte) float64 { return float64(min(c, 2)) }

// expected is the least expected number of throws from st:
// E = (6 + Σ_c w_c·min E(next)) / Σ_c w_c over the colours c with a move.
func (s *search) expected(st state) float64 {
	k := s.key(&st)
	if v, ok := s.memo.get(k); ok {
		return v
	}
	var best [4]float64
	var has [4]bool
	s.moves(&st, func(c byte, next state) {
		v := s.expected(next)
		if !has[c] || v < best[c] {
			best[c], has[c] = v, true
		}
	})
	num, den := 6.0, 0.0
	for c := byte(1); c <= 3; c++ {
		if has[c] {
			num += weight(c) * best[c]
			den += weight(c)
		}
	}
	v := 0.0
	if den > 0 {
		v = num / den
	}
	s.memo.put(k, v)
	return v
}

// moves calls f for every move: a block of colour c taken from a live lower
// level, leaving it standing, put in any free place of the top, or, when
// the top is full, starting a new top (the old one becomes a lower level).
func (s *search) moves(st *state, f func(c byte, next state)) {
	for i := range st.n {
		x := st.lower[i]
		if i > 0 && st.lower[i-1] == x {
			continue // the same level as the one before: the same moves
		}
		a, b, c := unpack(x)
		lv := [3]byte{a, b, c}
		full := a != 0 && b != 0 && c != 0
		for p := range 3 {
			if lv[p] == 0 || (!full && p == 1) {
				continue // a two-block level keeps its middle, or falls
			}
			next := *st
			next.remove(i)
			if full && p != 1 { // two blocks with the middle: still live
				rest := lv
				rest[p] = 0
				// Its middle can never be taken (the side alone would be
				// left), so its colour does not matter: one code for all.
				rest[1] = 1
				next.insert(code(rest[0], rest[1], rest[2]))
			}
			if t := next.top; t[0] != 0 && t[1] != 0 && t[2] != 0 {
				next.insert(code(t[0], t[1], t[2]))
				next.top = [3]byte{}
			}
			for q := range 3 {
				if q == 2 && next.top[0] == 0 && next.top[2] == 0 {
					continue // the mirror image of placing on the left
				}
				if next.top[q] == 0 {
					nt := next
					nt.top[q] = lv[p]
					f(lv[p], nt)
				}
			}
		}
	}
}
