package snakes

import "fmt"

// Cells is the number of cells; the goal is cell Cells and the start is cell 1.
const Cells = 100

// MaxCases is the largest T the original statement allows in one input.
const MaxCases = 105

// Jump is a ladder (From < To) or a snake (From > To).
type Jump struct {
	From, To int
}

// IsLadder reports whether the jump goes up.
func (j Jump) IsLadder() bool { return j.To > j.From }

// Board is one Snakes and Ladders board: its jumps, in input order.
type Board struct {
	Jumps []Jump
}

// JumpError is a problem with one jump of a board; Index is its position in Board.Jumps.
type JumpError struct {
	Index int
	Msg   string
}

func (e *JumpError) Error() string { return fmt.Sprintf("jump %d: %s", e.Index+1, e.Msg) }

// UnreachableError says that the expected number of throws is infinite:
// Cell can be reached from 1, but 100 cannot be reached from Cell.
type UnreachableError struct {
	Cell int
}

func (e *UnreachableError) Error() string {
	return fmt.Sprintf("cell %d can be reached from 1 but 100 cannot be reached from it: the expected number of throws is infinite", e.Cell)
}

// Targets returns, for every cell c in 1..100, where a move ending on c
// finally lands: the jump's end if a jump starts on c, else c itself.
// Index 0 is unused.
func (b Board) Targets() [Cells + 1]int {
	t := cellsInOrder
	for _, j := range b.Jumps {
		if j.From >= 1 && j.From <= Cells && j.To >= 1 && j.To <= Cells {
			t[j.From] = j.To
		}
	}
	return t
}

// cellsInOrder has c at index c: the targets of a board without jumps.
var cellsInOrder = func() (t [Cells + 1]int) {
	for c := range t {
		t[c] = c
	}
	return t
}()

// Validate checks the rules of the statement: each jump within 1..100 with
// a ≠ b, none starting on 1 or 100, one jump per start, no jump ending on
// another's start, and a finite expected number of throws. It returns a
// *JumpError or an *UnreachableError.
func (b Board) Validate() error {
	if len(b.Jumps) > Cells-2 {
		return &JumpError{Index: Cells - 2, Msg: fmt.Sprintf("a board has at most %d jumps (one per cell 2..99)", Cells-2)}
	}
	var startOf [Cells + 1]uint8 // 1-based index of the jump starting on a cell (at most Cells-2), 0 if none
	for i, j := range b.Jumps {
		switch {
		case j.From < 1 || j.From > Cells || j.To < 1 || j.To > Cells:
			return &JumpError{i, fmt.Sprintf("%d %d: cells must be in 1..%d", j.From, j.To, Cells)}
		case j.From == j.To:
			return &JumpError{i, fmt.Sprintf("%d %d: a jump must go somewhere (a ≠ b)", j.From, j.To)}
		case j.From == 1:
			return &JumpError{i, fmt.Sprintf("%d %d: no jump may start on cell 1", j.From, j.To)}
		case j.From == Cells:
			return &JumpError{i, fmt.Sprintf("%d %d: no jump may start on cell %d", j.From, j.To, Cells)}
		case startOf[j.From] != 0:
			return &JumpError{i, fmt.Sprintf("%d %d: cell %d already starts jump %d", j.From, j.To, j.From, startOf[j.From])}
		}
		startOf[j.From] = uint8(i + 1)
	}
	for i, j := range b.Jumps {
		if k := startOf[j.To]; k != 0 {
			return &JumpError{i, fmt.Sprintf("%d %d: jumps do not chain, but cell %d starts jump %d", j.From, j.To, j.To, k)}
		}
	}
	if c := b.StuckCell(); c != 0 {
		return &UnreachableError{Cell: c}
	}
	return nil
}

// StuckCell returns the largest cell that can be reached from 1 but from
// which 100 cannot be reached, or 0 when there is none (the expected number
// of throws is then finite). It assumes the jumps are otherwise valid.
func (b Board) StuckCell() int {
	if !b.MayTrap() {
		return 0
	}
	land := b.Targets()
	reaches, all := reachersOfGoal(&land)
	if all {
		return 0 // every cell one can stand on leads to 100, those reached from 1 included
	}
	fromStart := reachedFromStart(&land)
	for c := Cells - 1; c >= 1; c-- { // the largest stuck cell is the one nearest the wall
		if fromStart[c] && !reaches[c] {
			return c
		}
	}
	return 0
}

// The states of a cell in reachersOfGoal's sweep.
const (
	cellUnseen  = iota
	cellReaches // 100 can be reached from it
	cellDead    // every throw from it lands on a dead cell (or back on it)
	cellWaits   // its fate hangs on a cell below it
)

// reachersOfGoal marks the cells one can stand on (no jump starts there)
// from which 100 can be reached. One sweep from 99 down settles every cell
// whose throws land on cells above it, which the sweep has settled already:
// plain cells, ladder ends, snakes ending higher up. A cell whose fate
// hangs on a snake's target below it waits, and so does a cell that may
// land on a waiting one. The waiting cells, few and all below a run of
// snake heads, are then settled by repeated passes until none changes: the
// least fixed point, so a ring of cells that only lead to each other stays
// cut off from 100. all reports whether every cell one can stand on is
// marked.
func reachersOfGoal(land *[Cells + 1]int) (reaches [Cells + 1]bool, all bool) {
	var state [Cells + 1]uint8
	state[Cells] = cellReaches
	var waiting [Cells]uint8 // in descending order
	n := 0
	cut := false // some cell is dead
	for c := Cells - 1; c >= 1; c-- {
		if land[c] != c {
			continue // a jump's start is never stood on
		}
		s := uint8(cellDead)
	throws:
		for d := 1; d <= 6 && c+d <= Cells; d++ {
			t := land[c+d]
			switch {
			case t < c:
				s = cellWaits
			case state[t] == cellReaches:
				s = cellReaches
				break throws
			case state[t] == cellWaits:
				s = cellWaits
			}
		}
		state[c] = s
		if s == cellWaits {
			waiting[n], n = uint8(c), n+1
		}
		cut = cut || s == cellDead
	}
	settled := 0 // waiting cells found to reach 100
	for changed := true; changed; {
		changed = false
		for _, c := range waiting[:n] {
			if state[c] != cellWaits {
				continue
			}
			for d := 1; d <= 6 && int(c)+d <= Cells; d++ {
				if state[land[int(c)+d]] == cellReaches {
					state[c], changed = cellReaches, true
					settled++
					break
				}
			}
		}
	}
	if !cut && settled == n {
		return reaches, true // the caller reads no mark
	}
	for c, s := range state {
		reaches[c] = s == cellReaches
	}
	return reaches, false
}

// reachedFromStart marks the cells the player can stand on after some
// throws from cell 1.
func reachedFromStart(land *[Cells + 1]int) [Cells + 1]bool {
	// One throw from c leaves the player on land[c+d] for d = 1..6 with
	// c+d ≤ 100, or on c itself when the throw overshoots.
	var fromStart [Cells + 1]bool
	var stack [Cells + 1]uint8 // each cell is pushed at most once
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
	return fromStart
}

// MayTrap reports whether some cell might be unable to move the player up:
// that needs all six cells above it to start snakes, since a plain cell or a
// ladder start within reach moves the player up and 100 starts no jump.
// When it reports false, 100 can be reached from every cell by climbing, so
// every expectation is finite: the common case, decided with a few word
// operations. It assumes the jumps are otherwise valid.
func (b Board) MayTrap() bool {
	var lo, hi uint64 // bit c of the 128-bit word hi:lo: a snake starts on cell c
	for _, j := range b.Jumps {
		c := uint(j.From)
		if c >= 128 {
			continue
		}
		// Without branches on the jump's direction or half, which follow no
		// pattern a predictor could learn.
		var snake uint64
		if j.To < j.From {
			snake = 1
		}
		bit := snake << (c & 63)
		upper := -uint64(c >> 6) // all ones for cells 64..127
		lo |= bit &^ upper
		hi |= bit & upper
	}
	heads := [2]uint64{lo, hi}
	// run keeps bit c while cells c..c+5 all start snakes.
	run, shifted := heads, heads
	for range 5 {
		shifted = [2]uint64{shifted[0]>>1 | shifted[1]<<63, shifted[1] >> 1}
		run[0] &= shifted[0]
		run[1] &= shifted[1]
	}
	return run[0]|run[1] != 0
}
