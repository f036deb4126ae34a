package engine

// components are the strongly connected components of the state graph in
// reverse topological order, as flat arrays: component c holds the states
// order[start[c]:start[c+1]], and every edge leaving it goes to a component
// listed before it, so that solving them in order finds every value a
// component needs already solved. cyclic[c] says whether component c has a
// cycle (more than one state, or a state with a branch back to itself).
type components struct {
	order  []int32
	start  []int32
	cyclic []bool
}

// len is the number of components.
func (c *components) len() int { return len(c.start) - 1 }

// states returns component i's states.
func (c *components) states(i int) []int32 { return c.order[c.start[i]:c.start[i+1]] }

// components finds them by Tarjan's algorithm, iterative (boards reach
// millions of states, too deep for recursion); it allocates a few arrays
// of one entry a state, none a component.
func (g *Graph[S]) components() components {
	n := len(g.States)
	const unvisited = -1
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	loop := make([]bool, n) // a branch back to itself
	for i := range index {
		index[i] = unvisited
	}
	c := components{order: make([]int32, 0, n), start: []int32{0}}
	var (
		stack []int32
		next  int32
	)
	type frame struct{ v, e, end int32 }
	var calls []frame
	for root := range int32(n) {
		if index[root] != unvisited {
			continue
		}
		visit := func(v int32) {
			index[v], low[v] = next, next
			next++
			stack = push(stack, v)
			onStack[v] = true
			lo, hi := g.edgeRange(v)
			calls = push(calls, frame{v, lo, hi})
		}
		visit(root)
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			if f.e < f.end {
				w := g.to[f.e]
				f.e++
				switch {
				case w == f.v:
					loop[w] = true
				case index[w] == unvisited:
					visit(w)
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
				first := len(c.order)
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					c.order = append(c.order, w)
					if w == v {
						break
					}
				}
				c.start = append(c.start, int32(len(c.order)))
				c.cyclic = append(c.cyclic, len(c.order)-first > 1 || loop[v])
			}
		}
	}
	return c
}
