package exact

import (
	"fmt"
	"math/big"

	"github.com/chancecheck/chancecheck/exact/belief"
	"github.com/chancecheck/chancecheck/games/traps"
)

// TrapStats counts the work of one trap-maze solve.
type TrapStats struct {
	Layers    int // (life, knowledge) layers created, of H·3^K possible (a step skipped by its bound may still create one)
	Regions   int // free regions evaluated, over all layers
	Frontier  int // frontier steps (onto an unknown or harmful trap) evaluated
	CellVisit int // cells visited by the region searches (one search per region of a set of harmless kinds, shared by its layers)
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

// trapSurvivingMass is the optimal play's surviving prior mass
// and the prior's whole mass: the answer is their quotient.
func trapSurvivingMass(z *traps.Maze) (survives, total int64, _ TrapStats, _ error) {
	s, err := newTrapSolver(z)
	if err != nil {
		return 0, 1, TrapStats{}, err
	}
	return int64(s.answer()), s.prior.Mass(0), s.stats, nil
}

// mass is a value of the analyst: surviving prior mass. A value in a layer of
// knowledge k is the total prior weight of the joint trap states consistent
// with k under which the play reaches an exit; the probability is that over
// Mass(k). This is exact: the play is deterministic given the joint state, so
// its survival probability under the posterior at k is the weight of the
// states it survives in over Mass(k). It is also the cheapest arithmetic:
//   - a reveal of kind t splits k's states into those with t harmless and
//     those with t harmful, so the value of a reveal is a plain sum of its
//     outcomes' values (Bayes' weights cancel: (a/wa·wa + b/wb·wb)/total);
//   - every comparison is between values of one layer (the steps from one
//     cell or region), which share the denominator Mass(k), so masses
//     compare as the probabilities do;
//   - certain survival in a layer is its whole mass, Mass(k).
//
// Values are integers at most Mass(0) ≤ 2^traps.MaxKinds·traps.MaxWeight = 3.2·10^6, so
// int32 holds them exactly (and float64 too: they are far below 2^53).
type mass = int32

// Cell codes of the solver's flat map.
const (
	cellWall  = -2
	cellPlain = -1 // floor, start or exit: always free
)

// trapSolver evaluates one maze. A layer is a (life h, knowledge k) pair.
// Inside a layer the player walks for free over floor and known-harmless
// traps, so the layer splits into free regions; a region's value is its
// whole mass if it holds an exit, else the best step from it onto an unknown
// or harmful trap. Every such step loses a life or learns a kind, so it lands
// in a later layer: the recursion over layers is well-founded, and no cyclic
// search over cells is ever needed. Regions are evaluated on demand, so only
// those a player can enter are ever searched.
type trapSolver struct {
	trapGrid
	z      *traps.Maze
	prior  *belief.Prior
	m, n   int
	start  int32
	nk     int          // 3^K
	layers []*trapLayer // index (h-1)·3^K + k; nil until first used
	maps   []*trapMap   // index: the harmless kinds, bit t for kind t; nil until first used
	search trapSearch   // the region searches' working memory
	stats  TrapStats
}

// trapLayer is one layer: what is known of each kind, the prior masses
// behind a reveal, the child layers each kind's steps lead to (fetched on
// first use), and the values found so far.
type trapLayer struct {
	h       int
	k       belief.Knowledge
	m       *trapMap // the regions of k's harmless kinds, shared with other layers
	reveal  [traps.MaxKinds]traps.Reveal
	fetched [traps.MaxKinds]bool
	safe    [traps.MaxKinds]*trapLayer // (h, k with t harmless); for a known-harmful t, (h-1, k)
	bad     [traps.MaxKinds]*trapLayer // (h-1, k with t harmful)
	wSafe   [traps.MaxKinds]int64
	wBad    [traps.MaxKinds]int64
	bound   [traps.MaxKinds]mass // the total mass of safe[t] and bad[t] (stepBound)
	total   mass                 // Mass(k)
	regions []mass               // per region of m, or unsolved
	harmful []mass               // per harmful cell of m that was stood on, or unsolved
	move    []int8               // per cell: 0 undecided, else 1 + the policy's traps.Dir (filled by the policy builder)
}

// unsolved marks a memo entry not evaluated yet (masses are never negative).
const unsolved mass = -1

// memo returns entry i of memos, growing it, as the map behind it names more
// regions or cells, to at least named entries (all named so far) and at
// least twice its length, so that a layer grows its memo a few times only.
func memo(memos *[]mass, i, named int) *mass {
	if i >= len(*memos) {
		grown := make([]mass, max(i+1, named, 2*len(*memos)))
		n := copy(grown, *memos)
		for j := n; j < len(grown); j++ {
			grown[j] = unsolved
		}
		*memos = grown
	}
	return &(*memos)[i]
}

func newTrapSolver(z *traps.Maze) (*trapSolver, error) {
	if err := z.Validate(); err != nil {
		return nil, fmt.Errorf("traps: %w", err)
	}
	prior, err := belief.NewPrior(z.Kinds, z.Prior)
	if err != nil {
		return nil, err
	}
	m, n := z.M(), z.N()
	s := &trapSolver{z: z, prior: prior, m: m, n: n, nk: belief.Count(z.Kinds)}
	s.code = make([]int8, m*n)
	s.exit = make([]bool, m*n)
	s.rows, s.cols, s.kinds = m, n, z.Kinds
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
				s.ofKind[traps.Kind(ch)].add(int32(i))
				s.kindRows[traps.Kind(ch)][r] |= 1 << c
				s.trapRows[r] |= 1 << c
			default:
				s.code[i] = cellPlain
				s.plain.add(int32(i))
				s.plainRows[r] |= 1 << c
			}
			s.exit[i] = ch == traps.Exit
			if s.exit[i] {
				s.exitRows[r] |= 1 << c
			}
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
	s.layers = make([]*trapLayer, z.Life*s.nk)
	s.maps = make([]*trapMap, 1<<z.Kinds)
	return s, nil
}

func (s *trapSolver) answer() mass {
	return s.value(s.layer(s.z.Life, 0), s.start)
}

// layer returns layer (h, k), creating it on first use.
func (s *trapSolver) layer(h int, k belief.Knowledge) *trapLayer {
	idx := (h-1)*s.nk + int(k)
	if ly := s.layers[idx]; ly != nil {
		return ly
	}
	s.stats.Layers++
	ly := &trapLayer{h: h, k: k, total: mass(s.prior.Mass(k))}
	harmless := 0
	for t := range s.z.Kinds {
		ly.reveal[t] = k.Of(t)
		if ly.reveal[t] == traps.Harmless {
			harmless |= 1 << t
		}
	}
	if s.maps[harmless] == nil {
		s.maps[harmless] = newTrapMap(&s.trapGrid, ly.reveal)
	}
	ly.m = s.maps[harmless]
	s.layers[idx] = ly
	return ly
}

// free reports whether cell i is walked on for free in layer ly.
func (s *trapSolver) free(ly *trapLayer, i int32) bool {
	return ly.m.free.holds(i)
}

// value is the value of standing on cell i in layer ly: for a free cell the
// value of its region, for a known-harmful trap the best step away from it.
func (s *trapSolver) value(ly *trapLayer, i int32) mass {
	id := ly.m.id[i]
	if id == 0 {
		id = s.search.name(&s.trapGrid, ly.m, i, &s.stats)
	}
	// Most lookups find the value solved: answer those without a call.
	if id > 0 {
		if r := int(id - 1); r < len(ly.regions) && ly.regions[r] != unsolved {
			return ly.regions[r]
		}
		return s.regionValue(ly, int(id-1))
	}
	if j := int(-id - 1); j < len(ly.harmful) && ly.harmful[j] != unsolved {
		return ly.harmful[j]
	}
	return s.harmfulValue(ly, int(-id-1), i)
}

// regionValue is the value of region r of layer ly: its whole mass if it
// holds an exit, else its best frontier step.
func (s *trapSolver) regionValue(ly *trapLayer, r int) mass {
	if v := *memo(&ly.regions, r, len(ly.m.regions)); v != unsolved {
		return v
	}
	s.stats.Regions++
	reg := ly.m.regions[r]
	var best mass
	if reg.exit {
		best = ly.total
	} else {
		// The frontier is grouped by kind: step onto each kind's cells at once.
		fr := s.search.frontier(reg) // never moved by the recursion's naming
		for len(fr) > 0 && best < ly.total {
			t := s.code[fr[0]]
			n := 1
			for n < len(fr) && s.code[fr[n]] == t {
				n++
			}
			if best < s.stepBound(ly, t) {
				if v := s.stepOnto(ly, t, fr[:n]); best < v {
					best = v
				}
			}
			fr = fr[n:]
		}
	}
	// The recursion reaches only later layers, so ly.regions is as it was.
	ly.regions[r] = best
	return best
}

// harmfulValue is the value of standing on known-harmful trap cell i, the
// j-th harmful cell of ly's map: the best step away from it.
func (s *trapSolver) harmfulValue(ly *trapLayer, j int, i int32) mass {
	if v := *memo(&ly.harmful, j, ly.m.harmful); v != unsolved {
		return v
	}
	var best mass
	for _, d := range s.nbrs[i] {
		if d < 0 {
			continue
		}
		var v mass
		if s.free(ly, d) {
			v = s.value(ly, d)
		} else {
			v = s.step(ly, d)
		}
		if best < v {
			best = v
		}
	}
	ly.harmful[j] = best
	return best
}

// fetch links the layers the steps onto kind t lead to from ly. Branches of
// zero prior mass are never linked, so no layer of zero mass is ever reached.
func (s *trapSolver) fetch(ly *trapLayer, t int8) {
	ly.fetched[t] = true
	h, k := ly.h, ly.k
	if ly.reveal[t] == traps.Harmful {
		if h > 1 {
			ly.safe[t] = s.layer(h-1, k)
			ly.bound[t] = ly.safe[t].total
		}
		return
	}
	ly.wSafe[t], ly.wBad[t], _ = s.prior.Split(k, int(t))
	if ly.wSafe[t] > 0 {
		ly.safe[t] = s.layer(h, k.With(int(t), traps.Harmless))
		ly.bound[t] += ly.safe[t].total
	}
	if ly.wBad[t] > 0 && h > 1 {
		ly.bad[t] = s.layer(h-1, k.With(int(t), traps.Harmful))
		ly.bound[t] += ly.bad[t].total
	}
}

// step is the value of stepping, in layer ly, onto cell d, an unknown or
// known-harmful trap.
func (s *trapSolver) step(ly *trapLayer, d int32) mass {
	return s.stepOnto(ly, s.code[d], []int16{int16(d)})
}

// stepBound is at least the value of any step, in layer ly, onto a trap of
// kind t, unknown or known harmful: the whole mass of the layers the step
// may land in, which hold only the states of ly where it lands there. A
// step whose bound is no more than the best found so far cannot beat it,
// and is left unevaluated: the maximum is the same.
func (s *trapSolver) stepBound(ly *trapLayer, t int8) mass {
	if !ly.fetched[t] {
		s.fetch(ly, t)
	}
	return ly.bound[t]
}

// stepOnto is the best step, in layer ly, onto one of cells, traps of one
// kind t that is unknown or known harmful, all bordering one free region of
// ly. An unknown kind is revealed first: harmless with probability
// Mass(k, t harmless)/Mass(k), harmful otherwise; a harmful trap costs a
// life, and the player dies at 0. When t proves harmless the player stands in
// the region grown by every cell of kind t next to it, the same whichever
// cell was stepped on, so only the harmful outcome tells the cells apart; the sum
// grows with it, so the best cell is the one best to stand on harmful.
func (s *trapSolver) stepOnto(ly *trapLayer, t int8, cells []int16) mass {
	s.stats.Frontier += len(cells)
	if !ly.fetched[t] {
		s.fetch(ly, t)
	}
	if ly.reveal[t] == traps.Harmful {
		return s.bestOn(ly.safe[t], cells)
	}
	var safe mass
	if ly.safe[t] != nil {
		safe = s.value(ly.safe[t], int32(cells[0]))
	}
	return safe + s.bestOn(ly.bad[t], cells) // the two outcomes partition k's joint states
}

// bestOn is the best value of standing on one of cells in layer ly, or zero
// for no layer (the last life lost).
func (s *trapSolver) bestOn(ly *trapLayer, cells []int16) mass {
	var best mass
	if ly == nil {
		return best
	}
	for _, d := range cells {
		if v := s.value(ly, int32(d)); best < v {
			best = v
		}
	}
	return best
}
