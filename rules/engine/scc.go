package engine

// components returns the strongly connected components of the state graph
// in reverse topological order: every edge leaving a component goes to one
// listed before it, so solving them in order finds every value a component
// needs already solved (Tarjan's algorithm, iterative: boards reach millions
// of states, too deep for recursion).
func (g *Graph[S]) components() [][]int32 {
	n := len(g.States)
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
				w := g.edges[f.e].to
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

// edgeRange is the range of node v's outcomes, over all its moves, in
// Graph.edges.
func (g *Graph[S]) edgeRange(v int32) (lo, hi int32) {
	nd := g.node[v]
	if nd.numMoves == 0 {
		return 0, 0
	}
	last := g.moves[nd.first+nd.numMoves-1]
	return g.moves[nd.first].first, last.first + last.n
}

// selfLoop reports whether node v has an outcome back to itself.
func (g *Graph[S]) selfLoop(v int32) bool {
	lo, hi := g.edgeRange(v)
	for _, e := range g.edges[lo:hi] {
		if e.to == v {
			return true
		}
	}
	return false
}
