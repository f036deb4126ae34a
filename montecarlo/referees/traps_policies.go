package referees

import (
	"container/heap"

	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/montecarlo"
)

// trapsStepOrder is the order in which the policies here consider moves.
func trapsStepOrder() [4]traps.Dir {
	return [4]traps.Dir{traps.Up, traps.Down, traps.Left, traps.Right}
}

// trapsNeighbour is the cell a move leads to, and whether the move is legal
// (on the map and not into a wall).
func trapsNeighbour(z *traps.Maze, r, c int, d traps.Dir) (int, int, bool) {
	switch d {
	case traps.Up:
		r--
	case traps.Down:
		r++
	case traps.Left:
		c--
	case traps.Right:
		c++
	}
	if r < 0 || r >= len(z.Rows) || c < 0 || c >= len(z.Rows[r]) || z.Rows[r][c] == '#' {
		return r, c, false
	}
	return r, c, true
}

// RandomTrapsPolicy is a deterministic policy that moves at random: in each
// situation it picks one of the legal moves by a hash of the situation and
// seed, so the same situation always gets the same move (it can loop, which
// the referee's step cap and the exact evaluator both count as a loss). With
// no legal move it stops.
func RandomTrapsPolicy(z *traps.Maze, seed uint64) traps.Policy {
	return randomTrapsPolicy{z: z, seed: seed}
}

type randomTrapsPolicy struct {
	z    *traps.Maze
	seed uint64
}

// Move implements traps.Policy.
func (p randomTrapsPolicy) Move(s traps.Situation) (traps.Dir, error) {
	var legal []traps.Dir
	for _, d := range trapsStepOrder() {
		if _, _, ok := trapsNeighbour(p.z, s.Row, s.Col, d); ok {
			legal = append(legal, d)
		}
	}
	if len(legal) == 0 {
		return traps.Stop, nil
	}
	h := p.seed
	for _, v := range []int{s.Row, s.Col, s.Life} {
		h = montecarlo.SplitMix64(h ^ uint64(v))
	}
	for _, r := range s.Known {
		h = montecarlo.SplitMix64(h ^ uint64(r))
	}
	return legal[h%uint64(len(legal))], nil
}

// GreedyTrapsPolicy walks the cheapest path to an exit given what it knows:
// a step costs 1, except onto a trap known to be harmful, which costs more
// than any path avoiding it (m·n). It takes the first move, in the order up,
// down, left, right, on a cheapest path, and stops where no exit can be
// reached. It ignores the prior and its lives: a baseline, not an optimum.
// Its cache makes it unsafe for concurrent use: make one per worker.
func GreedyTrapsPolicy(z *traps.Maze) traps.Policy {
	return &greedyTrapsPolicy{z: z, dist: map[traps.Known][]int{}}
}

type greedyTrapsPolicy struct {
	z    *traps.Maze
	dist map[traps.Known][]int // cost to the nearest exit, per cell, for each knowledge met
}

// Move implements traps.Policy.
func (p *greedyTrapsPolicy) Move(s traps.Situation) (traps.Dir, error) {
	dist, ok := p.dist[s.Known]
	if !ok {
		dist = p.distances(s.Known)
		p.dist[s.Known] = dist
	}
	n := len(p.z.Rows[0])
	best, bestDir := -1, traps.Stop
	for _, d := range trapsStepOrder() {
		r, c, ok := trapsNeighbour(p.z, s.Row, s.Col, d)
		if !ok || dist[r*n+c] < 0 {
			continue
		}
		cost := p.cost(r, c, s.Known) + dist[r*n+c]
		if best < 0 || cost < best {
			best, bestDir = cost, d
		}
	}
	return bestDir, nil
}

// cost is the price of stepping onto (r, c).
func (p *greedyTrapsPolicy) cost(r, c int, known traps.Known) int {
	ch := p.z.Rows[r][c]
	if ch >= 'A' && ch <= 'Z' && known[ch-'A'] == traps.Harmful {
		return len(p.z.Rows) * len(p.z.Rows[0])
	}
	return 1
}

// distances runs Dijkstra from the exits backwards: dist[cell] is the
// cheapest cost of the steps from cell to an exit, -1 when none is reachable.
func (p *greedyTrapsPolicy) distances(known traps.Known) []int {
	m, n := len(p.z.Rows), len(p.z.Rows[0])
	dist := make([]int, m*n)
	pq := &cellQueue{}
	for i := range dist {
		dist[i] = -1
		if p.z.Rows[i/n][i%n] == '@' {
			dist[i] = 0
			heap.Push(pq, cellCost{i, 0})
		}
	}
	for pq.Len() > 0 {
		cur := heap.Pop(pq).(cellCost)
		if cur.cost > dist[cur.cell] {
			continue
		}
		r, c := cur.cell/n, cur.cell%n
		// Stepping from a neighbour onto cur costs cost(cur).
		step := p.cost(r, c, known)
		if p.z.Rows[r][c] == '@' {
			step = 1
		}
		for _, d := range trapsStepOrder() {
			nr, nc, ok := trapsNeighbour(p.z, r, c, d)
			if !ok {
				continue
			}
			j := nr*n + nc
			if nd := cur.cost + step; dist[j] < 0 || nd < dist[j] {
				dist[j] = nd
				heap.Push(pq, cellCost{j, nd})
			}
		}
	}
	return dist
}

type cellCost struct{ cell, cost int }

// cellQueue is a min-heap of cells by cost.
type cellQueue []cellCost

func (q cellQueue) Len() int           { return len(q) }
func (q cellQueue) Less(i, j int) bool { return q[i].cost < q[j].cost }
func (q cellQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *cellQueue) Push(x any)        { *q = append(*q, x.(cellCost)) }
func (q *cellQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}
