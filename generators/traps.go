package generators

import (
	"github.com/chancecheck/chancecheck/games/traps"
	"pgregory.net/rapid"
)

// TrapsOptions bound the mazes TrapsWith draws: m in MinRows..MaxRows, n in
// MinCols..MaxCols, K in MinKinds..MaxKinds, H in MinLife..MaxLife. Each
// bound is clamped to the game's limits (m, n ≤ 30, K ≤ 5, H ≤ 5); a
// minimum left at 0 is the game's least value (1 row, 1 column, no kinds,
// one life), and a minimum above its maximum raises the maximum to it.
type TrapsOptions struct {
	MaxRows, MaxCols int // map size, at most traps.MaxRows × traps.MaxCols
	MaxKinds         int // K, at most traps.MaxKinds
	MaxLife          int // H, at most traps.MaxLife

	MinRows, MinCols int // the smallest map; 0: 1 × 1
	MinKinds         int // the fewest kinds; 0: none
	MinLife          int // the fewest lives; 0: 1
}

// TrapsStatementCols is the most columns the statement allows, and the
// default: official tests 3–5 have n = 30, but solutions written to the
// stated bound (a 30-character row buffer) overflow there, so n = 30 is
// asked for (TrapsOptions.MaxCols = 30), not drawn by default.
const TrapsStatementCols = 29

// DefaultTrapsOptions are the full limits of the statement, with n ≤ 29.
func DefaultTrapsOptions() TrapsOptions {
	return TrapsOptions{MaxRows: traps.MaxRows, MaxCols: TrapsStatementCols, MaxKinds: traps.MaxKinds, MaxLife: traps.MaxLife}
}

// Clamped is o as TrapsWith reads it: clamped to the game's limits, its
// minima filled in, no minimum above its maximum.
func (o TrapsOptions) Clamped() TrapsOptions {
	o.MinRows = clamp(o.MinRows, 1, traps.MaxRows)
	o.MaxRows = max(clamp(o.MaxRows, 1, traps.MaxRows), o.MinRows)
	o.MinCols = clamp(o.MinCols, 1, traps.MaxCols)
	o.MaxCols = max(clamp(o.MaxCols, 1, traps.MaxCols), o.MinCols)
	o.MinKinds = clamp(o.MinKinds, 0, traps.MaxKinds)
	o.MaxKinds = max(clamp(o.MaxKinds, 0, traps.MaxKinds), o.MinKinds)
	o.MinLife = clamp(o.MinLife, 1, traps.MaxLife)
	o.MaxLife = max(clamp(o.MaxLife, 1, traps.MaxLife), o.MinLife)
	return o
}

// trapsMix is the documented mix of TrapsWith, simplest first.
var trapsMix = []mixStyle{{"small", 4}, {"informative", 8}, {"limits", 4}}

// TrapsSmallSide bounds the small style's maps: at most 6 × 6.
const TrapsSmallSide = 6

// Traps draws valid trap mazes with the default options.
func Traps() *rapid.Generator[*traps.Maze] { return TrapsWith(DefaultTrapsOptions()) }

// TrapsWith draws valid trap mazes within o, in a mix of three styles
// (weights out of 16):
//
//   - 4 "small": at most 6 × 6, K ≤ 3, H ≤ 3 (or o's minima), of four
//     map styles — open noise grids, 1-wide winding corridors, carved
//     corridors with loops, rooms whose doors are traps — with up to three
//     exits (usually guarded by traps) and a prior of five styles: uniform,
//     sparse with zeros, nearly certain, independent per kind, strongly
//     correlated. Answers 0, 1 and in between; where shrinking goes.
//   - 8 "informative": any size up to o's largest (at least two thirds of
//     it, half the time), K ≥ 1, a carved maze with many loops, an open
//     noise grid or rooms with trap doors — so many cycles run through trap
//     cells — and one to three exits, each ringed by r ≥ 1 rings of traps
//     (every floor cell within r steps, diagonals counted, of the exit
//     becomes a trap; r is drawn first, and the map is at least r + 2 on a
//     side); H is at most the fewest traps a walk from the start to an exit
//     steps on, and the prior gives weight to "every kind harmless" and to
//     "every kind harmful". Then 0 < p < 1 (TrapsSurelyUncertain): in the
//     first state any path to an exit is safe, in the second none is. It
//     fails only where the start reaches no cell beyond the rings (a noise
//     grid walling the start in): 3 mazes in 2,000 at the defaults, 12 at
//     6 × 6.
//   - 4 "limits": o's largest maze — 30 × 29, K = 5, H = 5 by default —
//     densely filled with traps (carved with loops and half the corridor
//     cells traps, or a noise grid of 60–90% traps and walls), exits ringed
//     by H rings of traps three times in four (then 0 < p < 1 as above) and
//     left open otherwise.
//
// Every draw is a valid maze; mazes shrink toward the small style's small
// open maps, one kind, one life and a uniform prior. TrapsClass names the
// class of a maze; the informative and limits classes hold what the
// styles guarantee, read off the maze.
func TrapsWith(o TrapsOptions) *rapid.Generator[*traps.Maze] {
	o = o.Clamped()
	return rapid.Custom(func(t *rapid.T) *traps.Maze {
		switch drawStyle(t, trapsMix) {
		case "informative":
			if o.MaxKinds > 0 { // with no kinds, every answer is 0 or 1
				return trapsInformative(t, o)
			}
		case "limits":
			return trapsAtLimits(t, o)
		}
		return trapsSmall(t, o)
	})
}

// trapsSmall draws a maze of the small style.
func trapsSmall(t *rapid.T, o TrapsOptions) *traps.Maze {
	rows := rapid.IntRange(o.MinRows, max(o.MinRows, min(o.MaxRows, TrapsSmallSide))).Draw(t, "m")
	cols := rapid.IntRange(o.MinCols, max(o.MinCols, min(o.MaxCols, TrapsSmallSide))).Draw(t, "n")
	// K = 0 (no traps: p is 0 or 1) is drawn rarely; rapid shrinks K
	// toward 1.
	kinds, most := 0, max(o.MinKinds, min(o.MaxKinds, 3))
	if most > 0 && (o.MinKinds > 0 || rapid.IntRange(0, 9).Draw(t, "no traps") < 9) {
		kinds = rapid.IntRange(max(1, o.MinKinds), most).Draw(t, "K")
	}
	life := rapid.IntRange(o.MinLife, max(o.MinLife, min(o.MaxLife, 3))).Draw(t, "H")
	g := &trapsDraft{t: t, kinds: kinds}
	switch rapid.SampledFrom([]string{"open", "corridor", "carved", "rooms"}).Draw(t, "map style") {
	case "open":
		g.open(rows, cols, rapid.IntRange(0, rows*cols).Draw(t, "features"))
		g.exits()
		g.placeStart(rapid.IntRange(0, rows*cols-1).Draw(t, "start"))
	case "corridor":
		g.corridor(rows, cols)
	case "carved":
		g.carved(rows, cols, rapid.IntRange(0, rows*cols/6).Draw(t, "loops"), 4)
		g.exits()
		g.placeStart(0)
	case "rooms":
		g.rooms(rows, cols)
		g.roomExit()
	}
	return &traps.Maze{Rows: g.rows(), Kinds: kinds, Life: life, Prior: trapsPrior(t, kinds, false)}
}

// trapsInformative draws a maze of the informative style; o.MaxKinds ≥ 1.
func trapsInformative(t *rapid.T, o TrapsOptions) *traps.Maze {
	rings := rapid.IntRange(o.MinLife, o.MaxLife).Draw(t, "rings of traps")
	// Room for an exit beyond the rings: a side of rings+2 cells at least.
	lo, loCols := max(o.MinRows, min(o.MaxRows, rings+2)), max(o.MinCols, min(o.MaxCols, rings+2))
	if rapid.Bool().Draw(t, "large") {
		lo, loCols = max(lo, (2*o.MaxRows+2)/3), max(loCols, (2*o.MaxCols+2)/3)
	}
	rows := rapid.IntRange(lo, o.MaxRows).Draw(t, "m")
	cols := rapid.IntRange(loCols, o.MaxCols).Draw(t, "n")
	kinds := rapid.IntRange(max(1, o.MinKinds), o.MaxKinds).Draw(t, "K")
	g := &trapsDraft{t: t, kinds: kinds}
	g.cyclic(rows, cols, false)
	g.moatedExits(rapid.IntRange(1, 3).Draw(t, "exits"), rings)
	life := o.MinLife
	if most := min(o.MaxLife, g.fewestTraps()); most > life {
		life = rapid.IntRange(life, most).Draw(t, "H")
	}
	return &traps.Maze{Rows: g.rows(), Kinds: kinds, Life: life, Prior: trapsPrior(t, kinds, true)}
}

// trapsAtLimits draws a maze of the limits style: every size and count at
// o's maximum.
func trapsAtLimits(t *rapid.T, o TrapsOptions) *traps.Maze {
	g := &trapsDraft{t: t, kinds: o.MaxKinds}
	g.cyclic(o.MaxRows, o.MaxCols, true)
	count := rapid.IntRange(1, 3).Draw(t, "exits")
	// Guarded unless two unbiased bits are both set: three times in four.
	open1, open2 := rapid.Bool().Draw(t, "open exits"), rapid.Bool().Draw(t, "open exits")
	guarded := !(open1 && open2)
	if guarded && o.MaxKinds > 0 {
		g.moatedExits(count, o.MaxLife)
	} else {
		g.moatedExits(count, 0)
	}
	return &traps.Maze{Rows: g.rows(), Kinds: o.MaxKinds, Life: o.MaxLife, Prior: trapsPrior(t, o.MaxKinds, guarded)}
}
