package snakes

import (
	"math/rand/v2"
	"testing"
)

// stuckCellBySearch is StuckCell as it was first written, by a search
// forward from 1 and one backward from 100 over every throw: the
// reference the one-sweep StuckCell must match.
func stuckCellBySearch(b Board) int {
	if !b.MayTrap() {
		return 0
	}
	land := b.Targets()
	// One throw from c leaves the player on land[c+d] for d = 1..6 with
	// c+d ≤ 100, or on c itself when the throw overshoots.
	var fromStart [Cells + 1]bool
	var stack [Cells + 1]uint8 // each cell is pushed at most once per search
	n := 0
	stack[n], n, fromStart[1] = 1, n+1, true
	for n > 0 {
		n--
		c := int(stack[n])
		for d := 1; d <= 6 && c+d <= Cells; d++ {
			if t := land[c+d]; !fromStart[t] {
				fromStart[t] = true
				stack[n], n = uint8(t), n+1
			}
		}
	}
	// Backward search from 100 over reversed moves: predecessor lists built once.
	var predHead [Cells + 1]uint16 // 1 + index of the first edge into a cell, 0 if none
	var predNext [6 * Cells]uint16
	var predFrom [6 * Cells]uint8
	edges := 0
	for c := 1; c < Cells; c++ {
		if land[c] != c {
			continue // a jump's start is never stood on
		}
		for d := 1; d <= 6 && c+d <= Cells; d++ {
			t := land[c+d]
			predFrom[edges], predNext[edges] = uint8(c), predHead[t]
			edges++
			predHead[t] = uint16(edges)
		}
	}
	var reaches [Cells + 1]bool
	stack[0], n, reaches[Cells] = Cells, 1, true
	for n > 0 {
		n--
		c := stack[n]
		for e := predHead[c]; e != 0; e = predNext[e-1] {
			if p := predFrom[e-1]; !reaches[p] {
				reaches[p] = true
				stack[n], n = p, n+1
			}
		}
	}
	for c := Cells - 1; c >= 1; c-- { // the largest stuck cell is the one nearest the wall
		if fromStart[c] && !reaches[c] {
			return c
		}
	}
	return 0
}

// randomRuleBoard draws jumps that keep the rules of Validate apart from
// finiteness, often in runs of snake heads (walls), so that many boards
// trap the player and many come close to it.
func randomRuleBoard(r *rand.Rand) Board {
	var b Board
	var start, end [Cells + 1]bool
	add := func(from, to int) {
		if from <= 1 || from >= Cells || to < 1 || to > Cells || from == to || start[from] || end[from] || start[to] {
			return
		}
		start[from], end[to] = true, true
		b.Jumps = append(b.Jumps, Jump{From: from, To: to})
	}
	for range r.IntN(3) { // walls of 5..8 snake heads
		top, size := 10+r.IntN(90), 5+r.IntN(4)
		target := 1 + r.IntN(top-size)
		for c := top; c > top-size; c-- {
			add(c, target+r.IntN(3))
		}
	}
	for range r.IntN(40) {
		add(2+r.IntN(98), 1+r.IntN(100))
	}
	return b
}

// TestStuckCellMatchesSearch compares StuckCell with the two searches it
// replaced on 200,000 random boards, a third of them trapped.
func TestStuckCellMatchesSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 12))
	stuck := 0
	for i := range 200_000 {
		b := randomRuleBoard(r)
		got, want := b.StuckCell(), stuckCellBySearch(b)
		if got != want {
			t.Fatalf("board %d %v: StuckCell %d, want %d", i, b.Jumps, got, want)
		}
		if got != 0 {
			stuck++
		}
	}
	if stuck < 10_000 {
		t.Errorf("only %d of 200,000 boards trapped the player: the test hardly tests", stuck)
	}
}

// FuzzStuckCell compares StuckCell with the searches on boards read from
// bytes, two a jump, keeping the jumps the rules allow.
func FuzzStuckCell(f *testing.F) {
	f.Add([]byte{94, 3, 95, 3, 96, 3, 97, 3, 98, 3, 99, 3})
	f.Add([]byte{88, 80, 89, 80, 90, 80, 91, 80, 92, 80, 93, 80, 85, 95})
	f.Fuzz(func(t *testing.T, data []byte) {
		var b Board
		var start, end [Cells + 1]bool
		for i := 0; i+1 < len(data); i += 2 {
			from, to := int(data[i])%Cells+1, int(data[i+1])%Cells+1
			if from <= 1 || from >= Cells || from == to || start[from] || end[from] || start[to] {
				continue
			}
			start[from], end[to] = true, true
			b.Jumps = append(b.Jumps, Jump{From: from, To: to})
		}
		if got, want := b.StuckCell(), stuckCellBySearch(b); got != want {
			t.Fatalf("%v: StuckCell %d, want %d", b.Jumps, got, want)
		}
	})
}
