package exact

import (
	"fmt"
	"math/big"

	"github.com/chancecheck/chancecheck/exact/belief"
	"github.com/chancecheck/chancecheck/games/traps"
)

// TrapStats counts the work of one trap-maze solve.
type TrapStats struct {
	Layers    int // (life, knowledge) layers evaluated, of H·3^K possible
	Regions   int // free regions evaluated, over all layers
	Frontier  int // frontier steps (onto an unknown or harmful trap) evaluated
	CellVisit int // cells visited by the region searches
}

// TrapSurvival is the optimal probability of reaching an exit alive, as the
// float64 nearest the exact fraction (bit for bit TrapSurvivalRat's Float64).
func TrapSurvival(z *traps.Maze) (float64, TrapStats, error) {
	survives, total, stats, err := trapSurvivingMass(z)
	// Both masses are integers below 2^53, so exact in float64, and IEEE 754
	// division rounds their exact quotient to nearest, ties to even, as
	// big.Rat.Float64 does.
	return float64(survives) / float64(total), stats, err
}

// TrapSurvivalRat is the optimal probability of reaching an exit alive, as
// an exact fraction (sample 4 gives 429/500).
func TrapSurvivalRat(z *traps.Maze) (*big.Rat, TrapStats, error) {
	survives, total, stats, err := trapSurvivingMass(z)
	if err != nil {
		return nil, stats, err
	}
	return big.NewRat(survives, total), stats, nil
}

// trapSurvivingMass is the optimal play's surviving prior mass (massField)
// and the prior's whole mass: the answer is their quotient.
func trapSurvivingMass(z *traps.Maze) (survives, total int64, _ TrapStats, _ error) {
	s, err := newTrapSolver[int64](z, massField{})
	if err != nil {
		return 0, 1, TrapStats{}, err
	}
	return s.answer(), s.prior.Mass(0), s.stats, nil
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
// cells is ever needed. Regions are evaluated on demand, so only those a
// player can enter are ever searched.
type trapSolver[T any, F trapField[T]] struct {
	f       F
	z       *traps.Maze
	prior   *belief.Prior
	m, n    int
	code    []int8     // per cell: cellWall, cellPlain or the trap kind
	exit    []bool     // per cell
	nbrs    [][4]int32 // per cell: the neighbour in each direction of traps.Steps(), -1 for none or wall
	start   int32
	nk      int               // 3^K
	layers  []*trapLayer[T]   // index (h-1)·3^K + k; nil until first used
	slots   []int16           // the layers' slot tables, one block of cells per layer index
	freeOf  [][]bool          // index k: per cell, whether it is free at knowledge k; nil until first used
	scratch []*trapScratch[T] // per recursion depth
	stats   TrapStats
}

// trapLayer is one layer: what is known of each kind, the prior masses
// behind a reveal, the child layers each kind's steps lead to (fetched on
// first use), and the values found so far.
type trapLayer[T any] struct {
	h       int
	k       belief.Knowledge
	depth   int
	free    []bool // per cell: walked on for free; shared by the layers of one knowledge
	reveal  [traps.MaxKinds]traps.Reveal
	fetched [traps.MaxKinds]bool
	safe    [traps.MaxKinds]*trapLayer[T] // (h, k with t harmless); for a known-harmful t, (h-1, k)
	bad     [traps.MaxKinds]*trapLayer[T] // (h-1, k with t harmful)
	wSafe   [traps.MaxKinds]int64
	wBad    [traps.MaxKinds]int64
	total   int64
	slot    []int16 // per cell: 0 not yet evaluated, else 1 + index into vals (at most 2 per cell)
	move    []int8  // per cell: 0 undecided, else 1 + the policy's traps.Dir (filled by the policy builder)
	vals    []T     // one value per region, and one per harmful trap cell stood on
}

// trapScratch is one recursion depth's working memory.
type trapScratch[T any] struct {
	queue     []int32
	stepVal   []T      // per cell: memoised value of stepping onto it
	stepStamp []uint32 // per cell: stepVal is valid when equal to stamp
	stamp     uint32
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
	for r := range m {
		for c := range n {
			i := r*n + c
			ch := z.At(r, c)
			switch {
			case ch == traps.Wall:
				s.code[i] = cellWall
			case traps.Kind(ch) >= 0:
				s.code[i] = int8(traps.Kind(ch))
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
	s.layers = make([]*trapLayer[T], z.Life*s.nk)
	// One block for every layer's slots: one allocation instead of hundreds,
	// and int16 halves the memory the random lookups across layers touch.
	s.slots = make([]int16, len(s.layers)*m*n)
	s.freeOf = make([][]bool, s.nk)
	return s, nil
}

func (s *trapSolver[T, F]) answer() T {
	return s.value(s.layer(s.z.Life, 0), s.start)
}

// layer returns layer (h, k), creating it on first use.
func (s *trapSolver[T, F]) layer(h int, k belief.Knowledge) *trapLayer[T] {
	idx := (h-1)*s.nk + int(k)
	if ly := s.layers[idx]; ly != nil {
		return ly
	}
	s.stats.Layers++
	// Each step into a later layer loses a life or learns a kind, so the
	// depth grows along the recursion and a scratch is never in use twice.
	cells := len(s.code)
	ly := &trapLayer[T]{h: h, k: k, total: s.prior.Mass(k), slot: s.slots[idx*cells : (idx+1)*cells : (idx+1)*cells],
		depth: (s.z.Life - h) + (s.z.Kinds - k.Unknowns(s.z.Kinds))}
	for t := range s.z.Kinds {
		ly.reveal[t] = k.Of(t)
	}
	if s.freeOf[k] == nil {
		free := make([]bool, cells)
		for i, c := range s.code {
			free[i] = c == cellPlain || c >= 0 && ly.reveal[c] == traps.Harmless
		}
		s.freeOf[k] = free
	}
	ly.free = s.freeOf[k]
	s.layers[idx] = ly
	return ly
}

func (s *trapSolver[T, F]) scratchAt(depth int) *trapScratch[T] {
	for len(s.scratch) <= depth {
		cells := len(s.code)
		s.scratch = append(s.scratch, &trapScratch[T]{
			queue:     make([]int32, 0, cells),
			stepVal:   make([]T, cells),
			stepStamp: make([]uint32, cells),
		})
	}
	return s.scratch[depth]
}

// free reports whether cell i is walked on for free in layer ly.
func (s *trapSolver[T, F]) free(ly *trapLayer[T], i int32) bool {
	return ly.free[i]
}

// value is the value of standing on cell i in layer ly: for a free cell the
// value of its region, for a known-harmful trap the best step away from it.
func (s *trapSolver[T, F]) value(ly *trapLayer[T], i int32) T {
	if sl := ly.slot[i]; sl != 0 {
		return ly.vals[sl-1]
	}
	return s.evaluate(ly, i)
}

// evaluate is value for a cell not evaluated yet (kept apart so that the
// lookup above stays small enough to inline).
func (s *trapSolver[T, F]) evaluate(ly *trapLayer[T], i int32) T {
	if s.free(ly, i) {
		return s.region(ly, i)
	}
	best := s.f.zero()
	for _, d := range s.nbrs[i] {
		if d < 0 {
			continue
		}
		var v T
		if s.free(ly, d) {
			v = s.value(ly, d)
		} else {
			v = s.step(ly, d)
		}
		if s.f.less(best, v) {
			best = v
		}
	}
	ly.vals = append(ly.vals, best)
	ly.slot[i] = int16(len(ly.vals))
	return best
}

// region evaluates the free region of cell src in layer ly and records its
// value for each of its cells.
func (s *trapSolver[T, F]) region(ly *trapLayer[T], src int32) T {
	sc := s.scratchAt(ly.depth)
	s.stats.Regions++
	ly.vals = append(ly.vals, s.f.zero())
	id := int16(len(ly.vals))
	// Breadth-first search; the queue ends up holding the region's cells.
	sc.queue = append(sc.queue[:0], src)
	ly.slot[src] = id
	hasExit := false
	for q := 0; q < len(sc.queue); q++ {
		u := sc.queue[q]
		hasExit = hasExit || s.exit[u]
		for _, d := range s.nbrs[u] {
			if d >= 0 && ly.slot[d] == 0 && s.free(ly, d) {
				ly.slot[d] = id
				sc.queue = append(sc.queue, d)
			}
		}
	}
	s.stats.CellVisit += len(sc.queue)
	if hasExit {
		ly.vals[id-1] = s.f.whole(ly.total)
		return ly.vals[id-1]
	}
	// The best frontier step. Deeper layers use other scratches, so the
	// queue survives the recursion.
	sc.stamp++
	best := s.f.zero()
	for _, u := range sc.queue {
		for _, d := range s.nbrs[u] {
			if d < 0 || s.free(ly, d) || sc.stepStamp[d] == sc.stamp {
				continue
			}
			sc.stepStamp[d] = sc.stamp
			if v := s.step(ly, d); s.f.less(best, v) {
				best = v
			}
		}
	}
	ly.vals[id-1] = best
	return best
}

// fetch links the layers the steps onto kind t lead to from ly. Branches of
// zero prior mass are never linked, so no layer of zero mass is ever reached.
func (s *trapSolver[T, F]) fetch(ly *trapLayer[T], t int8) {
	ly.fetched[t] = true
	h, k := ly.h, ly.k
	if ly.reveal[t] == traps.Harmful {
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
	if ly.reveal[t] == traps.Harmful {
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
