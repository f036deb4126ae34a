package exact

import (
	"fmt"
	"math/big"

	"github.com/chancecheck/chancecheck/exact/belief"
	"github.com/chancecheck/chancecheck/games/traps"
)

// TrapStats counts the work of one trap-maze solve.
type TrapStats struct {
	Knowledges int // knowledges whose free regions were searched, of 3^K possible
	Layers     int // (life, knowledge) layers evaluated, of H·3^K possible
	Regions    int // (layer, free region) values evaluated
	Frontier   int // frontier steps (onto an unknown or harmful trap) evaluated
	CellVisit  int // cells visited by the region searches (once per knowledge, shared by all lives)
}

// TrapSurvival is the optimal probability of reaching an exit alive, in float64.
func TrapSurvival(z *traps.Maze) (float64, TrapStats, error) {
	s, err := newTrapSolver[float64](z, floatField{})
	if err != nil {
		return 0, TrapStats{}, err
	}
	v := s.answer()
	return v, s.stats, nil
}

// TrapSurvivalExact is the optimal probability of reaching an exit alive, as
// an exact fraction (sample 4 gives 429/500).
func TrapSurvivalExact(z *traps.Maze) (*big.Rat, TrapStats, error) {
	s, err := newTrapSolver[*big.Rat](z, ratField{})
	if err != nil {
		return nil, TrapStats{}, err
	}
	v := s.answer()
	return v, s.stats, nil
}

// Cell codes of the solver's flat map.
const (
	cellWall  = -2
	cellPlain = -1 // floor, start or exit: always free
)

// trapSolver evaluates one maze. A layer is a (life h, knowledge k) pair.
// Inside a layer the player walks for free over floor and known-harmless
// traps, so the layer splits into free regions; a region's value is 1 if it
// holds an exit, else the best step from it onto an unknown or harmful trap.
// Every such step loses a life or learns a kind, so it lands in a later
// layer: the recursion over layers is well-founded, and no cyclic search over
// cells is ever needed. The regions depend on the knowledge alone, so they
// are searched once per knowledge, with their frontiers, and shared by every
// life; they are searched and evaluated on demand, so only those a player
// can enter ever are.
type trapSolver[T any, F trapField[T]] struct {
	f       F
	z       *traps.Maze
	prior   *belief.Prior
	m, n    int
	code    []int8     // per cell: cellWall, cellPlain or the trap kind
	exit    []bool     // per cell
	nbrs    [][4]int32 // per cell: the neighbour in each direction of traps.Steps(), -1 for none or wall
	trapIdx []int16    // per cell: its index among the trap cells, -1 for other cells
	nTraps  int
	start   int32
	nk      int             // 3^K
	knows   []*trapKnow     // index k; nil until first used
	layers  []*trapLayer[T] // index (h-1)·3^K + k; nil until first used
	queue   []int32         // the region search's queue
	stamp   []uint32        // per cell: frontier de-duplication mark of the region search
	stampAt uint32
	stats   TrapStats
}

// trapKnow is what depends on the knowledge k alone: which cells are free,
// and the free regions found so far with their frontiers.
type trapKnow struct {
	k        belief.Knowledge
	freeCode [traps.MaxKinds + 2]bool // indexed by cell code + 2
	reveal   [traps.MaxKinds]traps.Reveal
	region   []int16 // per cell: 0 not searched (or not free), else 1 + region id
	regions  []trapRegion
}

// trapRegion is one free region of a knowledge.
type trapRegion struct {
	exit     bool
	frontier []int32 // the distinct unknown or harmful trap cells next to the region
}

// trapLayer is one layer: its knowledge, the prior masses behind a reveal,
// the child layers each kind's steps lead to (fetched on first use), and the
// values found so far.
type trapLayer[T any] struct {
	h       int
	k       belief.Knowledge
	know    *trapKnow
	fetched [traps.MaxKinds]bool
	safe    [traps.MaxKinds]*trapLayer[T] // (h, k with t harmless); for a known-harmful t, (h-1, k)
	bad     [traps.MaxKinds]*trapLayer[T] // (h-1, k with t harmful)
	wSafe   [traps.MaxKinds]int64
	wBad    [traps.MaxKinds]int64
	total   int64
	regVal  []T    // per region of know
	regDone []bool // per region of know
	harmVal []T    // per trap cell index: the value of standing on it (known harmful)
	hasHarm []bool
	stepVal []T // per trap cell index: the value of stepping onto it from this layer
	hasStep []bool
	move    []int8 // per cell: 0 undecided, else 1 + the policy's traps.Dir (filled by the policy builder)
}

func newTrapSolver[T any, F trapField[T]](z *traps.Maze, f F) (*trapSolver[T, F], error) {
	if err := z.Validate(); err != nil {
		return nil, fmt.Errorf("traps: %w", err)
	}
	prior, err := belief.NewPrior(z.Kinds, z.Prior)
	if err != nil {
		return nil, err
	}
	m, n := z.M(), z.N()
	s := &trapSolver[T, F]{f: f, z: z, prior: prior, m: m, n: n, nk: belief.Count(z.Kinds)}
	s.code = make([]int8, m*n)
	s.exit = make([]bool, m*n)
	s.nbrs = make([][4]int32, m*n)
	s.trapIdx = make([]int16, m*n)
	for r := range m {
		for c := range n {
			i := r*n + c
			ch := z.At(r, c)
			s.trapIdx[i] = -1
			switch {
			case ch == traps.Wall:
				s.code[i] = cellWall
			case traps.Kind(ch) >= 0:
				s.code[i] = int8(traps.Kind(ch))
				s.trapIdx[i] = int16(s.nTraps)
				s.nTraps++
			default:
				s.code[i] = cellPlain
			}
			s.exit[i] = ch == traps.Exit
			if ch == traps.Start {
				s.start = int32(i)
			}
			for j, d := range traps.Steps() {
				dr, dc := d.Delta()
				s.nbrs[i][j] = -1
				if z.Inside(r+dr, c+dc) && z.At(r+dr, c+dc) != traps.Wall {
					s.nbrs[i][j] = int32((r+dr)*n + c + dc)
				}
			}
		}
	}
	s.knows = make([]*trapKnow, s.nk)
	s.layers = make([]*trapLayer[T], z.Life*s.nk)
	s.queue = make([]int32, 0, m*n)
	s.stamp = make([]uint32, m*n)
	return s, nil
}

func (s *trapSolver[T, F]) answer() T {
	return s.value(s.layer(s.z.Life, 0), s.start)
}

// knowOf returns the region structure of knowledge k, creating it on first use.
func (s *trapSolver[T, F]) knowOf(k belief.Knowledge) *trapKnow {
	if kn := s.knows[k]; kn != nil {
		return kn
	}
	s.stats.Knowledges++
	kn := &trapKnow{k: k, region: make([]int16, len(s.code))}
	kn.freeCode[cellPlain+2] = true
	for t := range s.z.Kinds {
		kn.reveal[t] = k.Of(t)
		kn.freeCode[t+2] = kn.reveal[t] == traps.Harmless
	}
	s.knows[k] = kn
	return kn
}

// layer returns layer (h, k), creating it on first use.
func (s *trapSolver[T, F]) layer(h int, k belief.Knowledge) *trapLayer[T] {
	idx := (h-1)*s.nk + int(k)
	if ly := s.layers[idx]; ly != nil {
		return ly
	}
	s.stats.Layers++
	ly := &trapLayer[T]{h: h, k: k, know: s.knowOf(k), total: s.prior.Mass(k)}
	s.layers[idx] = ly
	return ly
}

// free reports whether cell i is walked on for free in layer ly.
func (s *trapSolver[T, F]) free(ly *trapLayer[T], i int32) bool {
	return ly.know.freeCode[s.code[i]+2]
}

// regionOf is the id of the free region of free cell i under kn, searching
// the region (and its frontier) on first use. The search does not recurse,
// so one queue serves every knowledge.
func (s *trapSolver[T, F]) regionOf(kn *trapKnow, i int32) int {
	if r := kn.region[i]; r != 0 {
		return int(r) - 1
	}
	id := int16(len(kn.regions) + 1)
	var reg trapRegion
	s.stampAt++
	s.queue = append(s.queue[:0], i)
	kn.region[i] = id
	for q := 0; q < len(s.queue); q++ {
		u := s.queue[q]
		reg.exit = reg.exit || s.exit[u]
		for _, d := range s.nbrs[u] {
			switch {
			case d < 0:
			case kn.freeCode[s.code[d]+2]:
				if kn.region[d] == 0 {
					kn.region[d] = id
					s.queue = append(s.queue, d)
				}
			case s.stamp[d] != s.stampAt:
				s.stamp[d] = s.stampAt
				reg.frontier = append(reg.frontier, d)
			}
		}
	}
	s.stats.CellVisit += len(s.queue)
	if reg.exit {
		reg.frontier = nil // never needed: the region is worth 1
	}
	kn.regions = append(kn.regions, reg)
	return int(id) - 1
}

// value is the value of standing on cell i in layer ly: for a free cell the
// value of its region, for a known-harmful trap the best step away from it.
func (s *trapSolver[T, F]) value(ly *trapLayer[T], i int32) T {
	if s.free(ly, i) {
		r := s.regionOf(ly.know, i)
		if r < len(ly.regDone) && ly.regDone[r] {
			return ly.regVal[r]
		}
		return s.evalRegion(ly, r)
	}
	ti := s.trapIdx[i]
	if ly.hasHarm != nil && ly.hasHarm[ti] {
		return ly.harmVal[ti]
	}
	return s.evalHarmful(ly, i)
}

// evalRegion evaluates region r of layer ly: 1 with an exit, else the best
// of its frontier steps. The frontier slice is never changed once made, so
// holding it is safe while the recursion adds regions to the knowledge.
func (s *trapSolver[T, F]) evalRegion(ly *trapLayer[T], r int) T {
	s.stats.Regions++
	reg := ly.know.regions[r]
	best := s.f.zero()
	if reg.exit {
		best = s.f.one()
	}
	for _, d := range reg.frontier {
		if v := s.stepMemo(ly, d); s.f.less(best, v) {
			best = v
		}
	}
	for len(ly.regDone) <= r {
		ly.regDone = append(ly.regDone, false)
		ly.regVal = append(ly.regVal, s.f.zero())
	}
	ly.regVal[r], ly.regDone[r] = best, true
	return best
}

// evalHarmful evaluates standing on the known-harmful trap cell i of layer ly.
func (s *trapSolver[T, F]) evalHarmful(ly *trapLayer[T], i int32) T {
	best := s.f.zero()
	for _, d := range s.nbrs[i] {
		if d < 0 {
			continue
		}
		var v T
		if s.free(ly, d) {
			v = s.value(ly, d)
		} else {
			v = s.stepMemo(ly, d)
		}
		if s.f.less(best, v) {
			best = v
		}
	}
	if ly.hasHarm == nil {
		ly.hasHarm = make([]bool, s.nTraps)
		ly.harmVal = make([]T, s.nTraps)
	}
	ti := s.trapIdx[i]
	ly.harmVal[ti], ly.hasHarm[ti] = best, true
	return best
}

// fetch links the layers the steps onto kind t lead to from ly. Branches of
// zero prior mass are never linked, so no layer of zero mass is ever reached.
func (s *trapSolver[T, F]) fetch(ly *trapLayer[T], t int8) {
	ly.fetched[t] = true
	h, k := ly.h, ly.k
	if ly.know.reveal[t] == traps.Harmful {
		if h > 1 {
			ly.safe[t] = s.layer(h-1, k)
		}
		return
	}
	ly.wSafe[t], ly.wBad[t], _ = s.prior.Split(k, int(t))
	if ly.wSafe[t] > 0 {
		ly.safe[t] = s.layer(h, k.With(int(t), traps.Harmless))
	}
	if ly.wBad[t] > 0 && h > 1 {
		ly.bad[t] = s.layer(h-1, k.With(int(t), traps.Harmful))
	}
}

// stepMemo is step, remembered per layer and trap cell: a trap borders
// several regions of a layer (up to four in a checkerboard).
func (s *trapSolver[T, F]) stepMemo(ly *trapLayer[T], d int32) T {
	ti := s.trapIdx[d]
	if ly.hasStep == nil {
		ly.hasStep = make([]bool, s.nTraps)
		ly.stepVal = make([]T, s.nTraps)
	} else if ly.hasStep[ti] {
		return ly.stepVal[ti]
	}
	v := s.step(ly, d)
	ly.stepVal[ti], ly.hasStep[ti] = v, true
	return v
}

// step is the value of stepping, in layer ly, onto cell d, an unknown or
// known-harmful trap. An unknown kind is revealed first: harmless with
// probability Mass(k, t harmless)/Mass(k), harmful otherwise; a harmful trap
// costs a life, and the player dies at 0.
func (s *trapSolver[T, F]) step(ly *trapLayer[T], d int32) T {
	s.stats.Frontier++
	t := s.code[d]
	if !ly.fetched[t] {
		s.fetch(ly, t)
	}
	if ly.know.reveal[t] == traps.Harmful {
		if ly.safe[t] == nil {
			return s.f.zero() // the last life is lost
		}
		return s.value(ly.safe[t], d)
	}
	safe, bad := s.f.zero(), s.f.zero()
	if ly.safe[t] != nil {
		safe = s.value(ly.safe[t], d)
	}
	if ly.bad[t] != nil {
		bad = s.value(ly.bad[t], d)
	}
	return s.f.mix(safe, ly.wSafe[t], bad, ly.wBad[t], ly.total)
}
