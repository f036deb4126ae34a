package exact

import (
	"math/big"

	"github.com/chancecheck/chancecheck/exact/belief"
	"github.com/chancecheck/chancecheck/games/traps"
)

// TrapSolution is the analyst's full answer for one maze.
type TrapSolution struct {
	Value float64  // the optimal survival probability
	Exact *big.Rat // the same, exactly
	// Policy is an optimal policy as data, covering every situation the
	// player can reach while following it (and no other).
	Policy traps.Table
	Stats  TrapStats
	// Reached lists, once each, the knowledges of the layers the solver
	// created: each one a player can meet, of positive mass, but not every
	// one (a region certain to survive stops the search there).
	Reached []belief.Knowledge
}

// SolveTraps finds the optimal survival probability, exactly, and an optimal
// policy as a table. In a region holding an exit the policy walks the
// shortest way to an exit; in a region without one it walks the shortest way
// to the best frontier step and takes it; on a known-harmful trap it takes
// the best step away; where nothing can succeed it stops.
func SolveTraps(z *traps.Maze) (TrapSolution, error) {
	s, err := newTrapSolver(z)
	if err != nil {
		return TrapSolution{}, err
	}
	v := big.NewRat(int64(s.answer()), s.prior.Mass(0))
	f, _ := v.Float64()
	sol := TrapSolution{Value: f, Exact: v, Stats: s.stats}
	sol.Policy = s.table()
	seen := map[belief.Knowledge]bool{}
	for _, ly := range s.layers {
		if ly != nil && !seen[ly.k] {
			seen[ly.k] = true
			sol.Reached = append(sol.Reached, ly.k)
		}
	}
	return sol, nil
}

// table follows the optimal decisions from the start through every branch a
// reveal can take, and records the move made in each situation met.
func (s *trapSolver) table() traps.Table {
	type entry struct {
		ly   *trapLayer
		cell int32
	}
	tab := traps.Table{}
	work := []entry{{s.layer(s.z.Life, 0), s.start}}
	for len(work) > 0 {
		e := work[len(work)-1]
		work = work[:len(work)-1]
		for cur := e.cell; !s.exit[cur]; {
			sit := traps.Situation{Row: int(cur) / s.n, Col: int(cur) % s.n, Life: e.ly.h, Known: e.ly.k.Known(s.z.Kinds)}
			if _, seen := tab[sit]; seen {
				break // this walk joins one recorded before
			}
			dir := s.decide(e.ly, cur)
			tab[sit] = dir
			if dir == traps.Stop {
				break
			}
			next := s.nbrs[cur][dir-traps.Up]
			if s.free(e.ly, next) {
				cur = next
				continue
			}
			t := s.code[next]
			if !e.ly.fetched[t] {
				s.fetch(e.ly, t)
			}
			for _, child := range []*trapLayer{e.ly.safe[t], e.ly.bad[t]} {
				if child != nil {
					work = append(work, entry{child, next})
				}
			}
			break
		}
	}
	return tab
}

// decide is the optimal move on cell i of layer ly (i is free or a
// known-harmful trap, and its value has been evaluated).
func (s *trapSolver) decide(ly *trapLayer, i int32) traps.Dir {
	if ly.move == nil {
		ly.move = make([]int8, len(s.code))
	}
	if m := ly.move[i]; m != 0 {
		return traps.Dir(m - 1)
	}
	best := s.value(ly, i)
	if best == 0 {
		ly.move[i] = int8(traps.Stop) + 1
		return traps.Stop
	}
	if !s.free(ly, i) {
		// On a known-harmful trap: the first step away that achieves the value.
		for j, d := range s.nbrs[i] {
			if d < 0 {
				continue
			}
			var v mass
			if s.free(ly, d) {
				v = s.value(ly, d)
			} else {
				v = s.step(ly, d)
			}
			if v >= best {
				ly.move[i] = int8(traps.Steps()[j]) + 1
				return traps.Steps()[j]
			}
		}
		panic("exact: no step achieves the value of a harmful trap cell") // value is a max over these steps
	}
	s.decideRegion(ly, i, best)
	return traps.Dir(ly.move[i] - 1)
}

// decideRegion fills the moves of the whole free region of cell src: toward
// the nearest exit if it holds one, else toward the first frontier step that
// achieves the region's value best, and onto it.
func (s *trapSolver) decideRegion(ly *trapLayer, src int32, best mass) {
	id := ly.m.id[src]
	cells := s.regionCells(ly, src)
	var targets []int32
	for _, u := range cells {
		if s.exit[u] {
			targets = append(targets, u)
		}
	}
	if len(targets) == 0 {
	search:
		for _, u := range cells {
			for j, d := range s.nbrs[u] {
				if d >= 0 && !s.free(ly, d) && s.step(ly, d) >= best {
					ly.move[u] = int8(traps.Steps()[j]) + 1
					targets = append(targets, u)
					break search
				}
			}
		}
	}
	// Breadth-first search back from the targets; each cell moves to the
	// neighbour it was reached from, one step closer.
	queue := targets
	done := map[int32]bool{}
	for _, u := range targets {
		done[u] = true
	}
	for q := 0; q < len(queue); q++ {
		u := queue[q]
		for j, d := range s.nbrs[u] {
			if d < 0 || done[d] || ly.m.id[d] != id {
				continue
			}
			done[d] = true
			// d's neighbour u lies in direction opposite to j.
			ly.move[d] = int8(opposite(traps.Steps()[j])) + 1
			queue = append(queue, d)
		}
	}
	for _, u := range targets {
		if s.exit[u] {
			ly.move[u] = int8(traps.Stop) + 1 // never asked: the game ends on an exit
		}
	}
}

// regionCells lists the free region of src in layer ly (already evaluated).
func (s *trapSolver) regionCells(ly *trapLayer, src int32) []int32 {
	id := ly.m.id[src]
	cells := []int32{src}
	seen := map[int32]bool{src: true}
	for q := 0; q < len(cells); q++ {
		for _, d := range s.nbrs[cells[q]] {
			if d >= 0 && !seen[d] && ly.m.id[d] == id {
				seen[d] = true
				cells = append(cells, d)
			}
		}
	}
	return cells
}

func opposite(d traps.Dir) traps.Dir {
	switch d {
	case traps.Up:
		return traps.Down
	case traps.Down:
		return traps.Up
	case traps.Left:
		return traps.Right
	case traps.Right:
		return traps.Left
	}
	return traps.Stop
}
