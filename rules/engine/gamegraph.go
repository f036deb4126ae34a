package engine

import (
	"fmt"

	"github.com/chancecheck/chancecheck/rules"
)

// gameGraph is the state graph of a game of two players as interval
// iteration reads it: flat slices and no per-state maps in the hot loop.
// Node i's moves are moveFirst[nodeFirst[i]:nodeFirst[i+1]], move m's
// outcomes edge indices moveFirst[m]:moveFirst[m+1]; each outcome's
// probability is stored as the float64 the bound of bounds assumes
// (w/W, or prob/Σprob, each rounded as qFloat computes them).
type gameGraph[S comparable] struct {
	states    []S
	index     map[S]int32
	end       []int32 // the end value, or -1 for a state that does not end
	maxer     []bool  // the maximiser moves at the state
	nodeFirst []int32
	moveFirst []int32
	probs     []bool // the move's outcomes were given by Prob (its bound counts the sum's roundings)
	to        []int32
	p         []float64
	reward    []int32
}

// exploreGame lists every state reachable from r.Start breadth first, as
// Explore does, checking every move and every end value, and that Mover
// names a goal.
func exploreGame[S comparable](r rules.Rules[S], maxStates int) (*gameGraph[S], error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	if maxStates <= 0 {
		return nil, fmt.Errorf("engine: the state limit %d is not positive", maxStates)
	}
	g := &gameGraph[S]{index: map[S]int32{}}
	add := func(s S) (int32, error) {
		if i, ok := g.index[s]; ok {
			return i, nil
		}
		if len(g.states) >= maxStates {
			return 0, fmt.Errorf("engine: more than %d states reachable from the start %v: %w", maxStates, r.Start, ErrTooManyStates)
		}
		i := int32(len(g.states))
		g.index[s] = i
		g.states = append(g.states, s)
		return i, nil
	}
	if _, err := add(r.Start); err != nil {
		return nil, err
	}
	for i := 0; i < len(g.states); i++ {
		s := g.states[i]
		g.nodeFirst = append(g.nodeFirst, int32(len(g.probs)))
		if v, ended := r.End(s); ended {
			if v < 0 || v > rules.MaxOutcome {
				return nil, fmt.Errorf("state %v: end value %d is outside 0..%d", s, v, rules.MaxOutcome)
			}
			g.end = append(g.end, int32(v))
			g.maxer = append(g.maxer, false)
			continue
		}
		goal := r.Mover(s)
		if goal != rules.Maximise && goal != rules.Minimise {
			return nil, fmt.Errorf("state %v: Mover says %d, neither Maximise nor Minimise", s, goal)
		}
		g.end = append(g.end, -1)
		g.maxer = append(g.maxer, goal == rules.Maximise)
		ms := r.Moves(s)
		if len(ms) == 0 {
			return nil, fmt.Errorf("state %v: it does not end the game and has no moves", s)
		}
		for _, m := range ms {
			if err := rules.CheckMove(s, m); err != nil {
				return nil, err
			}
			var total int64
			var totalF float64
			for _, o := range m.Outcomes {
				total += o.Weight
				totalF += o.Prob
			}
			g.moveFirst = append(g.moveFirst, int32(len(g.to)))
			g.probs = append(g.probs, total == 0)
			for _, o := range m.Outcomes {
				to, err := add(o.Next)
				if err != nil {
					return nil, err
				}
				p := o.Prob / totalF
				if total != 0 {
					p = float64(o.Weight) / float64(total)
				}
				g.to = append(g.to, to)
				g.p = append(g.p, p)
				g.reward = append(g.reward, int32(o.Reward))
			}
		}
	}
	g.nodeFirst = append(g.nodeFirst, int32(len(g.probs)))
	g.moveFirst = append(g.moveFirst, int32(len(g.to)))
	return g, nil
}

// edgeRange is the range of node v's outcomes, over all its moves.
func (g *gameGraph[S]) edgeRange(v int32) (lo, hi int32) {
	return g.moveFirst[g.nodeFirst[v]], g.moveFirst[g.nodeFirst[v+1]]
}

// components returns the strongly connected components in reverse
// topological order, as Graph.components does (Tarjan's algorithm,
// iterative).
func (g *gameGraph[S]) components() [][]int32 {
	n := len(g.states)
	const unvisited = -1
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = unvisited
	}
	var (
		comps [][]int32
		stack []int32
		next  int32
	)
	type frame struct{ v, e, end int32 }
	var calls []frame
	for root := range int32(n) {
		if index[root] != unvisited {
			continue
		}
		push := func(v int32) {
			index[v], low[v] = next, next
			next++
			stack = append(stack, v)
			onStack[v] = true
			lo, hi := g.edgeRange(v)
			calls = append(calls, frame{v, lo, hi})
		}
		push(root)
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			if f.e < f.end {
				w := g.to[f.e]
				f.e++
				switch {
				case index[w] == unvisited:
					push(w)
				case onStack[w]:
					low[f.v] = min(low[f.v], index[w])
				}
				continue
			}
			v := f.v
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				p := calls[len(calls)-1].v
				low[p] = min(low[p], low[v])
			}
			if low[v] == index[v] {
				var comp []int32
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp = append(comp, w)
					if w == v {
						break
					}
				}
				comps = append(comps, comp)
			}
		}
	}
	return comps
}

// selfLoop reports whether node v has an outcome back to itself.
func (g *gameGraph[S]) selfLoop(v int32) bool {
	lo, hi := g.edgeRange(v)
	for _, w := range g.to[lo:hi] {
		if w == v {
			return true
		}
	}
	return false
}
