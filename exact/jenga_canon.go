package exact

import (
	"math/bits"
	"sync"

	"github.com/chancecheck/chancecheck/games/jenga"
)

// The Jenga analyst works on canonical states. A level is coded in six bits,
// two per position (left, middle, right; 0 for an empty position, then R, G,
// B). Three symmetries of the rules merge states:
//
//   - mirroring a level: the rules never tell left from right, so a level
//     and its mirror image get the same code, the smaller of the two;
//   - reordering the levels below the top: the rules look at each lower level
//     alone, so they form a multiset;
//   - swapping green and blue everywhere: both have two faces of the die, so a
//     state and its colour swap have the same value; a state's key is the
//     smaller of the two keys.
//
// Besides, what a lower level can still do is all that matters of it: a
// level that can give up no block is dropped, and a level of two blocks with
// the middle one can only give up its side block (taking the middle would
// leave one side block), so its middle colour is forgotten. This leaves 21
// kinds of live lower level (18 complete ones: side colours as a pair and the
// middle; three two-block ones: the side colour), numbered 1..21 ("live codes").
// The top level is kept exactly up to mirroring, since it becomes a complete
// lower level later.
//
// A state's key packs it into 64 bits: the top's code in bits 0..5, then the
// live codes in descending order in six-bit lanes from bit 6 (nine lanes, 0
// marking an empty lane). The lanes alone are the state's "floor key". Six-bit
// lanes leave a guard bit above every code (codes are below 32), so finding
// where a code goes is one subtraction and a population count over all lanes
// at once. A live lower level keeps at least two blocks, so a tower of n
// levels has at most (3n−1)/2 live lower levels: nine lanes hold every state
// for n ≤ 6, the statement's limit.

// jengaMaxLive is the most live lower levels a key holds.
const jengaMaxLive = 9

// JengaMaxLevels is the tallest input tower the analyst accepts: the states
// of a taller one may not fit a 64-bit key.
const JengaMaxLevels = 6

// jengaRemoval is one legal removal from a live lower level, in the level's
// canonical orientation.
type jengaRemoval struct {
	colour   uint8 // 0, 1, 2 for R, G, B
	pos      uint8 // position taken, in the canonical orientation
	rest     uint8 // live code of what is left, 0 when the level is dead
	swapRest uint8 // rest after swapping green and blue
	potDrop  uint8 // how much the removal lowers the potential of the lower levels
}

// jengaPlacement is one way to put a block of some colour on the top.
type jengaPlacement struct {
	pos    uint8 // position filled, in the canonical orientation of the top
	newTop uint8 // canonical code of the top afterwards
}

// jengaTables are the rule tables the analyst derives once from the rules.
type jengaTables struct {
	top      [64]uint8 // canonical top code of any level code: the smaller of it and its mirror
	lower    [64]uint8 // canonical code of what a lower level can still do
	live     [64]uint8 // live code (1..21) of any level code as a lower level, 0 when dead
	code     [32]uint8 // canonical lower code of a live code
	nLive    int
	topIdx   [64]uint8 // 0..nTops-1 for a canonical top code with 1..3 blocks
	nTops    int
	full     [64]bool                // the level has three blocks
	swapLive [32]uint8               // live code after swapping green and blue
	swapTop  [64]uint8               // canonical top code after swapping green and blue
	removes  [32][]jengaRemoval      // by live code
	places   [64][3][]jengaPlacement // by canonical top code with 1..2 blocks, and colour
	start    [3][]jengaPlacement     // a block of each colour starting a new level

	// Top codes as bit sets (bit c for code c), for solving a floor's tops together.
	slot        [3][64]uint8     // word of a top code's value in its block, in each frame (see jengaRefShift)
	idxCode     [64]uint8        // canonical top code of a top index
	swapIdx     [64]uint8        // top index after swapping green and blue
	symIdx      [64]uint8        // top index of a state of a floor equal to its own swap: the smaller of the two tops
	classBase   [4]uint8         // first top index of a class (number of blocks on top); the indices of a class are consecutive
	classStride [4]uint8         // values a group of the class keeps (its tops, padded so that pairs of placements share a cache line)
	placeIn     [16][64][2]uint8 // the tops places makes, as indices in the next class, by frame and colour (a ref's bits 0..3), and top index (twice the same for one)
	startIn     [3][2]uint8      // the tops start makes, as indices in class 1, by colour
	startColour [16]uint8        // the colour whose start tops a frame maps the start tops of a colour to, by frame and colour (a ref's bits 0..3)

	// Sets of tops (bit i for top index i), for solving a floor's tops together.
	classTops [4]uint64     // by number of blocks
	placeMask [64][3]uint64 // the tops places makes, by top index and colour
	startMask [3]uint64     // the tops start makes, by colour
	startTops [4][4]uint64  // the same in each frame of a ref (framedTops), by colour (padded to 4×4: indices masked by 3 need no bounds check)
	reframe   [2][4]uint32  // the frame of a ref read in a base's frame (jenga_push.go), as is (0) or for the base's swap (1)
	blocks    [64]uint8     // blocks of a level code
	livePot   [32]uint8     // potential of a live code: 6 for a complete level, 3 for two blocks
}

// floorPot is the potential of the lower levels of lanes.
func (t *jengaTables) floorPot(lanes uint64) int {
	p := 0
	for ; lanes != 0; lanes >>= laneBits {
		p += int(t.livePot[lanes&(1<<laneBits-1)])
	}
	return p
}

// framedTops is the set of tops m in each frame of a ref (see
// jengaRefShift): as it is, with green and blue swapped, and as the smaller
// of each top and its swap.
func (t *jengaTables) framedTops(m uint64) [3]uint64 {
	return [3]uint64{m, t.mapTops(m, &t.swapIdx), t.mapTops(m, &t.symIdx)}
}

// mapTops maps every top index of the set m through f.
func (t *jengaTables) mapTops(m uint64, f *[64]uint8) uint64 {
	var out uint64
	for ; m != 0; m &= m - 1 {
		out |= 1 << f[bits.TrailingZeros64(m)]
	}
	return out
}

var jengaTablesOnce = sync.OnceValue(buildJengaTables)

func levelCode(l jenga.Level) uint8 { return uint8(l[0])<<4 | uint8(l[1])<<2 | uint8(l[2]) }

func codeLevel(c uint8) jenga.Level {
	return jenga.Level{jenga.Colour(c >> 4 & 3), jenga.Colour(c >> 2 & 3), jenga.Colour(c & 3)}
}

// lowerLevelStands says whether a level below the top keeps the tower up:
// at least one block, and a single block only in the middle.
func lowerLevelStands(l jenga.Level) bool {
	switch l.Blocks() {
	case 0:
		return false
	case 1:
		return l[jenga.Middle] != jenga.Empty
	}
	return true
}

// forgetMiddle is what a lower level can still do: a level of two blocks
// with the middle one can only give up its side block, so its middle colour
// is replaced by red.
func forgetMiddle(l jenga.Level) jenga.Level {
	if l.Blocks() == 2 && l[jenga.Middle] != jenga.Empty {
		l[jenga.Middle] = jenga.Red
	}
	return l
}

func swapGreenBlue(l jenga.Level) jenga.Level {
	for p, c := range l {
		switch c {
		case jenga.Green:
			l[p] = jenga.Blue
		case jenga.Blue:
			l[p] = jenga.Green
		}
	}
	return l
}

func mirrorMin(l jenga.Level) uint8 { return min(levelCode(l), levelCode(l.Mirror())) }

// Lane arithmetic on keys.
const (
	laneBits  = 6
	laneOnes  = 0o_010101010101010101 // 1 in each of the nine lanes
	laneGuard = laneOnes << 5         // the guard bit of each lane
)

// lanesAbove counts the lanes of lanes holding a code ≥ c (c ≥ 1): that is
// where c goes in descending order, and, for c+1, where the first c sits.
func lanesAbove(lanes uint64, c uint8) int {
	// The guard bits left set mark those lanes; shifted down to bit 0 of
	// each lane and multiplied by laneOnes, they add up in the top lane (at
	// most nine, so no lane carries). Unlike bits.OnesCount64, this needs no
	// test for the POPCNT instruction, whose fallback call would make the
	// callers save their registers around it.
	marks := (((lanes | laneGuard) - uint64(c)*laneOnes) & laneGuard) >> 5
	return int(marks * laneOnes >> (laneBits * (jengaMaxLive - 1)) & (1<<laneBits - 1))
}

// insertCode puts live code c into lanes, keeping them descending.
func insertCode(lanes uint64, c uint8) uint64 {
	// shift is at most 54; "& 63" tells the compiler so, which spares it
	// the guard Go shifts need for counts of 64 and more.
	shift := uint(lanesAbove(lanes, c)) * laneBits & 63
	low := lanes & (1<<shift - 1)
	return low | uint64(c)<<shift | (lanes&^low)<<laneBits
}

// removeLane drops lane i.
func removeLane(lanes uint64, i int) uint64 {
	shift := uint(i) * laneBits & 63 // at most 48 (see insertCode)
	low := lanes & (1<<shift - 1)
	return low | (lanes>>((shift+laneBits)&63))<<shift
}

// removeCode drops one lane holding live code c, which must be present.
func removeCode(lanes uint64, c uint8) uint64 { return removeLane(lanes, lanesAbove(lanes, c+1)) }

func jengaKey(lanes uint64, top uint8) uint64 { return lanes<<6 | uint64(top) }

func keyTop(k uint64) uint8 { return uint8(k & 63) }

func keyLanes(k uint64) uint64 { return k >> 6 }

// swapKey is the key of the state k with green and blue swapped.
func (t *jengaTables) swapKey(k uint64) uint64 {
	var w uint64
	for lanes := keyLanes(k); lanes != 0; lanes >>= laneBits {
		w = insertCode(w, t.swapLive[lanes&(1<<laneBits-1)])
	}
	return jengaKey(w, t.swapTop[keyTop(k)])
}

// keyOf returns the key of a real tower, before the green–blue swap. It
// fails when the tower has more live lower levels than a key holds.
func (t *jengaTables) keyOf(tw jenga.Tower) (uint64, bool) {
	var lanes uint64
	n := 0
	top := tw.Top()
	for _, l := range tw.Levels[:top] {
		if lc := t.live[levelCode(l)]; lc != 0 {
			if n == jengaMaxLive {
				return 0, false
			}
			lanes = insertCode(lanes, lc)
			n++
		}
	}
	return jengaKey(lanes, t.top[levelCode(tw.Levels[top])]), true
}
