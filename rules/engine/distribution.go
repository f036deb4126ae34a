package engine

import (
	"container/heap"
	"context"
	"fmt"
	"slices"

	"github.com/chancecheck/chancecheck/rules"
)

// maxOutcome bounds the outcomes the distribution tracks, as the Monte
// Carlo runner bounds one run's outcome: levels 0..maxOutcome are taken,
// maxOutcome itself included (the rules accept a reward of it).
const maxOutcome = rules.MaxOutcome

// distribution is the outcome distribution under policy, in float64: the
// start's mass flows along the branches of each state's chosen move, level
// by level of the outcome accumulated so far, until the mass still in play
// is below tail; that mass is the returned tail. Within a level the states
// are taken in topological order (their component's place), so that mass
// crosses an acyclic part once. A state's own reward-0 self-loop is summed
// in closed form (its other branches share the mass in proportion); mass
// circling a longer reward-0 cycle is pushed on until it is small, and
// what is dropped — at most half of tail — is counted in the tail.
//
// The mass still in play is kept by subtraction, which drifts by about
// one rounding unit a level; before the loop stops on it, it is summed
// afresh from the queues, so the tail returned is the mass left out up to
// the rounding of the sums (relative 1e-16 a step), not of the drift.
//
// The work is bounded: after maxSteps steps (a step takes the mass
// waiting at one state) it stops, and the mass still queued is the tail,
// which is then larger than the tail asked: a loop left with probability
// 2⁻⁴⁰ a round cannot be followed to 1e-13 in any time, and its tail says
// how much of the distribution is missing. ctx is checked every few
// thousand steps; when it is done the distribution stops with its error.
//
// steps counts the times mass was taken from a state, for the tests of
// its cost.
func (g *Graph[S]) distribution(ctx context.Context, policy []int32, tail float64, maxSteps int, f faults) (pmf []float64, left float64, steps int, err error) {
	rank := make([]int32, len(g.States)) // higher rank: earlier in topological order
	comps := g.components()              // sinks first
	for c := range comps.len() {
		for _, v := range comps.states(c) {
			rank[v] = int32(c)
		}
	}
	levels := map[int]*levelQueue{0: newLevelQueue(rank)}
	levels[0].add(0, 1)
	inPlay, dropped := 1.0, 0.0
	dropBelow := tail * 1e-9
	for k := 0; k <= maxOutcome; k++ {
		if inPlay <= tail {
			if inPlay = queuedMass(levels, k); inPlay <= tail {
				break
			}
		}
		q := levels[k]
		if q == nil {
			continue
		}
		delete(levels, k)
		for q.Len() > 0 {
			if steps >= maxSteps {
				// Cut here: the mass of this level not yet taken is
				// put back, so that queuedMass counts it.
				levels[k] = q
				return pmf, altered(f.queued, queuedMass(levels, k)) + dropped, steps, nil
			}
			if steps%4096 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, 0, steps, fmt.Errorf("engine: the outcome distribution, after %d steps: %w", steps, err)
				}
			}
			v, mass := q.pop()
			steps++
			if g.ended(v) {
				out := k + int(g.end[v])
				for len(pmf) <= out {
					pmf = append(pmf, 0)
				}
				pmf[out] += mass
				inPlay -= mass
				continue
			}
			m := g.moveStart[v] + policy[v]
			lo, hi := g.branches(m)
			// A reward-0 branch back to v itself is summed in closed
			// form: the other branches take the mass in proportion.
			selfW, selfP := int64(0), 0.0
			for e := lo; e < hi; e++ {
				if g.to[e] == v && g.rewardOf(m, e) == 0 {
					if g.floatMove(m) {
						selfP += g.floatProb(m, e)
					} else {
						selfW += g.weightOf(m, e)
					}
				}
			}
			for e := lo; e < hi; e++ {
				if g.to[e] == v && g.rewardOf(m, e) == 0 {
					continue
				}
				var p float64
				if !g.floatMove(m) {
					p = float64(g.weightOf(m, e)) / float64(g.totalWeight(m)-selfW)
				} else {
					p = g.floatProb(m, e) / (g.totalProb(m) - selfP) // > 0: e is not a self-loop
				}
				if p*mass < dropBelow && dropped+p*mass <= tail/2 {
					dropped += p * mass
					inPlay -= p * mass
					continue
				}
				next := k + int(g.rewardOf(m, e))
				nq := levels[next]
				if next == k {
					nq = q // the level being emptied, no longer in levels
				} else if nq == nil {
					nq = newLevelQueue(rank)
					levels[next] = nq
				}
				nq.add(g.to[e], p*mass)
			}
		}
	}
	return pmf, max(inPlay, 0) + dropped, steps, nil
}

// queuedMass is the mass waiting in the levels from k on, summed in an
// order that depends on the game alone (levels ascending, each queue's
// states in heap order), so that the tail is the same bits on every run.
func queuedMass(levels map[int]*levelQueue, k int) float64 {
	keys := make([]int, 0, len(levels))
	for level := range levels {
		if level >= k {
			keys = append(keys, level)
		}
	}
	slices.Sort(keys)
	var sum float64
	for _, level := range keys {
		q := levels[level]
		for _, v := range q.order {
			sum += q.mass[v]
		}
	}
	return sum
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
