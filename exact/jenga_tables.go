package exact

import (
	"slices"

	"github.com/chancecheck/chancecheck/games/jenga"
)

// buildJengaTables derives every rule table from the rules, in dependency
// order: each step reads only what the steps before it filled in.
func buildJengaTables() *jengaTables {
	t := &jengaTables{}
	t.canonicalCodes()
	t.numberTops()
	t.findLiveLevels()
	t.mergeRemovals()
	t.listPlacements()
	t.indexTops()
	t.buildFrames()
	t.layOutClasses()
	t.placeInClasses()
	return t
}

// canonicalCodes fills, for every level code, its canonical code as a top
// (up to mirroring), as a lower level (what it can still do, up to
// mirroring), and whether it is complete.
func (t *jengaTables) canonicalCodes() {
	for c := range 64 {
		l := codeLevel(uint8(c))
		t.top[c] = mirrorMin(l)
		t.lower[c] = mirrorMin(forgetMiddle(l))
		t.full[c] = l.Blocks() == 3
	}
}

// findLiveLevels numbers the live levels 1..nLive: the canonical lower codes
// that stand and have a removal leaving a level that stands. It lists their
// removals (rests still as level codes) and gives every level code the live
// code of its canonical lower code.
func (t *jengaTables) findLiveLevels() {
	for c := range 64 {
		if t.lower[c] != uint8(c) {
			continue
		}
		l := codeLevel(uint8(c))
		if !lowerLevelStands(l) {
			continue
		}
		var rs []jengaRemoval
		for p := range 3 {
			if l[p] == jenga.Empty {
				continue
			}
			rest := l
			rest[p] = jenga.Empty
			if lowerLevelStands(rest) {
				rs = append(rs, jengaRemoval{colour: uint8(l[p]) - 1, pos: uint8(p), rest: levelCode(rest)})
			}
		}
		if len(rs) == 0 {
			continue
		}
		t.nLive++
		t.live[c] = uint8(t.nLive)
		t.code[t.nLive] = uint8(c)
		t.removes[t.nLive] = rs
	}
	for c := range 64 {
		t.live[c] = t.live[t.lower[c]]
	}
}

// mergeRemovals maps the rests to live codes (0 when dead) and keeps one
// removal per (colour, rest), since the others lead to the same state; it
// then fills each live code's swap and potential, and each removal's swapped
// rest and potential drop.
func (t *jengaTables) mergeRemovals() {
	for lc := 1; lc <= t.nLive; lc++ {
		var kept []jengaRemoval
		for _, r := range t.removes[lc] {
			r.rest = t.live[r.rest]
			if !slices.ContainsFunc(kept, func(k jengaRemoval) bool { return k.colour == r.colour && k.rest == r.rest }) {
				kept = append(kept, r)
			}
		}
		t.removes[lc] = kept
		t.swapLive[lc] = t.live[levelCode(swapGreenBlue(codeLevel(t.code[lc])))]
		t.livePot[lc] = 3 * uint8(codeLevel(t.code[lc]).Blocks()-1)
	}
	for lc := 1; lc <= t.nLive; lc++ {
		for i := range t.removes[lc] {
			r := &t.removes[lc][i]
			r.swapRest, r.potDrop = t.swapLive[r.rest], t.livePot[lc]-t.livePot[r.rest]
		}
	}
}

// listPlacements lists the placements of each colour on every canonical
// incomplete top and on an empty new level, and fills each top's green–blue
// swap and the set of tops a new level starts as.
func (t *jengaTables) listPlacements() {
	for c := range 64 {
		l := codeLevel(uint8(c))
		t.swapTop[c] = t.top[levelCode(swapGreenBlue(l))]
		if t.top[c] != uint8(c) || l.Blocks() == 0 || l.Blocks() == 3 {
			continue
		}
		for col := range 3 {
			t.places[c][col] = placements(t, l, jenga.Colour(col+1))
		}
	}
	for col := range 3 {
		t.start[col] = placements(t, jenga.Level{}, jenga.Colour(col+1))
		for _, p := range t.start[col] {
			t.startMask[col] |= 1 << t.topIdx[p.newTop]
		}
	}
}

// indexTops fills the tables by top index: its code, its swap and its
// symmetric form as indices, the set of tops of each class, and the set of
// tops each colour's placements make from it.
func (t *jengaTables) indexTops() {
	for c := range 64 {
		t.blocks[c] = uint8(codeLevel(uint8(c)).Blocks())
		if t.top[c] != uint8(c) || t.blocks[c] == 0 {
			continue
		}
		i := t.topIdx[c]
		t.idxCode[i] = uint8(c)
		t.swapIdx[i] = t.topIdx[t.swapTop[c]]
		t.symIdx[i] = t.topIdx[min(uint8(c), t.swapTop[c])]
		t.classTops[t.blocks[c]] |= 1 << i
		for col := range 3 {
			for _, p := range t.places[c][col] {
				t.placeMask[i][col] |= 1 << t.topIdx[p.newTop]
			}
		}
	}
}

// buildFrames fills how the frames of a ref (see jengaRefShift) read one
// another and where a top's value sits in its group's row in each frame.
func (t *jengaTables) buildFrames() {
	// Swapping green and blue exchanges frames 0 and 1; a floor equal to
	// its own swap keeps frame 2.
	t.reframe = [2][4]uint32{{0, 1, 2, 3}, {1, 0, 2, 3}}
	if t.nLive >= jengaPushCodes {
		panic("jenga: more live codes than a base's row of pushRefs holds")
	}
	for c := range 64 {
		t.slot[0][c] = 1 + t.topIdx[c]
		t.slot[1][c] = 1 + t.topIdx[t.swapTop[c]]
		t.slot[2][c] = 1 + t.topIdx[min(uint8(c), t.swapTop[c])]
	}
}

// layOutClasses fills where each class's top indices begin (numberTops made
// them consecutive) and how many values a group's row keeps: its tops, with
// class 2's 15 padded to 16 values, two whole cache lines, so that pairs of
// placements share a cache line.
func (t *jengaTables) layOutClasses() {
	for i := range t.nTops {
		c := t.blocks[t.idxCode[i]]
		if t.classStride[c] == 0 {
			t.classBase[c] = uint8(i)
		}
		t.classStride[c]++
	}
	t.classStride[2] += t.classStride[2] & 1
}

// placeInClasses fills the tops the placements and starts make as indices
// within the next class, in each frame, and which colour's start tops a
// frame maps each colour's start tops to.
func (t *jengaTables) placeInClasses() {
	for col := range 3 {
		framed := t.framedTops(t.startMask[col])
		copy(t.startTops[col][:], framed[:])
		t.startIn[col] = t.inClass(0, t.start[col])
		for f := range 3 {
			for i := range t.nTops {
				t.placeIn[f<<2|col][i] = t.inClass(f, t.places[t.idxCode[i]][col])
			}
			m := t.startMask[col]
			switch f {
			case 1:
				m = t.mapTops(m, &t.swapIdx)
			case 2:
				m = t.mapTops(m, &t.symIdx)
			}
			c2 := slices.Index(t.startMask[:], m)
			if c2 < 0 {
				panic("jenga: a frame maps the start tops of a colour to no colour's")
			}
			t.startColour[f<<2|col] = uint8(c2)
		}
	}
}

// inClass is the first and last of the tops ps makes, as indices in frame f
// within their class (the same twice for one placement; zeros for none).
func (t *jengaTables) inClass(f int, ps []jengaPlacement) [2]uint8 {
	switch len(ps) {
	case 0:
		return [2]uint8{}
	case 1, 2:
	default:
		panic("jenga: a block has more than two places on a level") // three empty places make two tops up to mirroring
	}
	first, last := t.slot[f][ps[0].newTop]-1, t.slot[f][ps[len(ps)-1].newTop]-1
	base := t.classBase[t.blocks[ps[0].newTop]]
	return [2]uint8{first - base, last - base}
}

// numberTops numbers the canonical tops so that the tops one throw can make
// from one top lie side by side in a block of values (one cache line or
// two): a block of colour c starts a new level as S(c) or M(c) (side or
// middle), and joins a side block a as SM(a,c) or SS(a,c).
func (t *jengaTables) numberTops() {
	seen := [64]bool{}
	add := func(l jenga.Level) {
		if c := t.top[levelCode(l)]; !seen[c] {
			seen[c] = true
			t.topIdx[c] = uint8(t.nTops)
			t.nTops++
		}
	}
	const e = jenga.Empty
	for _, c := range jenga.Colours() {
		add(jenga.Level{c, e, e})
		add(jenga.Level{e, c, e})
	}
	for _, a := range jenga.Colours() {
		for _, c := range jenga.Colours() {
			add(jenga.Level{a, c, e})
			add(jenga.Level{a, e, c})
		}
	}
	for code := range 64 {
		if l := codeLevel(uint8(code)); l.Blocks() == 3 {
			add(l)
		}
	}
}

// placements lists the distinct tops that putting a block of colour col on
// level l can make.
func placements(t *jengaTables, l jenga.Level, col jenga.Colour) []jengaPlacement {
	var ps []jengaPlacement
	for p := range 3 {
		if l[p] != jenga.Empty {
			continue
		}
		n := l
		n[p] = col
		top := t.top[levelCode(n)]
		if !slices.ContainsFunc(ps, func(q jengaPlacement) bool { return q.newTop == top }) {
			ps = append(ps, jengaPlacement{pos: uint8(p), newTop: top})
		}
	}
	return ps
}
