package engine

import (
	"container/heap"
)

// maxOutcome bounds the outcomes the distribution tracks, as the Monte
// Carlo runner bounds one run's outcome.
const maxOutcome = 1 << 20

// distribution is the outcome distribution under policy, in float64: the
// start's mass flows along the outcomes of each state's chosen move, level
// by level of the outcome accumulated so far, until the mass still in play
// is below tail; that mass is the returned tail. Within a level the states
// are taken in topological order (their component's place), so that mass
// crosses an acyclic part once; mass circling a cycle is pushed on until
// it is below 1e-300, and what is dropped is counted in the tail.
func (g *Graph[S]) distribution(policy []int32, tail float64) ([]float64, float64) {
	rank := make([]int32, len(g.States)) // higher rank: earlier in topological order
	comps := g.components()
	for c, comp := range comps {
		for _, v := range comp {
			rank[v] = int32(len(comps) - c)
		}
	}
	var pmf []float64
	levels := map[int]*levelQueue{0: newLevelQueue(rank)}
	levels[0].add(0, 1)
	inPlay, dropped := 1.0, 0.0
	for k := 0; inPlay > tail && k < maxOutcome; k++ {
		q := levels[k]
		if q == nil {
			continue
		}
		delete(levels, k)
		for q.Len() > 0 {
			v, mass := q.pop()
			nd := g.node[v]
			if nd.end {
				out := k + int(nd.value)
				for len(pmf) <= out {
					pmf = append(pmf, 0)
				}
				pmf[out] += mass
				inPlay -= mass
				continue
			}
			m := g.movesOf(v)[policy[v]]
			for _, e := range g.outcomes(m) {
				var p float64
				if m.total != 0 {
					p = float64(e.weight) / float64(m.total)
				} else {
					p = e.prob / m.totalF
				}
				if p*mass < 1e-300 {
					dropped += p * mass
					inPlay -= p * mass
					continue
				}
				next := k + int(e.reward)
				nq := levels[next]
				if next == k {
					nq = q // the level being emptied, no longer in levels
				} else if nq == nil {
					nq = newLevelQueue(rank)
					levels[next] = nq
				}
				nq.add(e.to, p*mass)
			}
		}
	}
	return pmf, max(inPlay, 0) + dropped
}

// levelQueue holds the mass waiting at states of one level, taken highest
// rank first.
type levelQueue struct {
	rank  []int32
	mass  map[int32]float64
	order []int32
}

func newLevelQueue(rank []int32) *levelQueue {
	return &levelQueue{rank: rank, mass: map[int32]float64{}}
}

func (q *levelQueue) add(v int32, m float64) {
	if _, ok := q.mass[v]; !ok {
		heap.Push(q, v)
	}
	q.mass[v] += m
}

func (q *levelQueue) pop() (int32, float64) {
	v := heap.Pop(q).(int32)
	m := q.mass[v]
	delete(q.mass, v)
	return v, m
}

func (q *levelQueue) Len() int           { return len(q.order) }
func (q *levelQueue) Less(i, j int) bool { return q.rank[q.order[i]] > q.rank[q.order[j]] }
func (q *levelQueue) Swap(i, j int)      { q.order[i], q.order[j] = q.order[j], q.order[i] }
func (q *levelQueue) Push(x any)         { q.order = append(q.order, x.(int32)) }
func (q *levelQueue) Pop() any {
	v := q.order[len(q.order)-1]
	q.order = q.order[:len(q.order)-1]
	return v
}
