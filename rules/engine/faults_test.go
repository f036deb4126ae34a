package engine

import "slices"

// The mistakes the engine's tests plant, one for each solve method's test
// that must be shown able to fail (faults.go has the hook). Each says the
// mistake, and how the hook plants it where that is not plain.

// faultInduction: backward induction drops a move's last branch. Planted
// as the graph the solver reads, in which each move of two or more
// branches of a state in no cycle lacks its last (a branch is not an edge
// of any cycle there, so the components and their order stay those of the
// graph explored). Its probabilities stay those of the whole move, as the
// float sum that skipped the branch read them; the exact sum divides by
// the weights it kept.
func faultInduction[S comparable]() *faults {
	return &faults{graph: func(a any, comps components) any {
		g := a.(*Graph[S])
		inCycle := make([]bool, len(g.States))
		for c := range comps.len() {
			for _, v := range comps.states(c) {
				inCycle[v] = comps.cyclic[c]
			}
		}
		e := *g
		e.edgeStart = make([]int32, 0, len(g.edgeStart))
		e.to = make([]int32, 0, len(g.to))
		for v := range g.States {
			first, last := g.moves(int32(v))
			for m := first; m < last; m++ {
				e.edgeStart = append(e.edgeStart, int32(len(e.to)))
				lo, hi := g.branches(m)
				if !inCycle[v] && hi-lo > 1 {
					hi--
				}
				e.to = append(e.to, g.to[lo:hi]...)
			}
		}
		e.edgeStart = append(e.edgeStart, int32(len(e.to)))
		return &e
	}}
}

// faultLinearSystem: the cycle's linear system forgets the weight of a
// self-loop, W·x_v − Σ_{j≠v} w_vj x_j = b_v with the loop's reward still in
// b_v. That is the system of the graph in which the loop leads instead to
// an end worth 0 that v also leads to, which the solver is given (a state
// with no such end keeps its loop).
func faultLinearSystem[S comparable]() *faults {
	return &faults{graph: func(a any, comps components) any {
		g := a.(*Graph[S])
		e := *g
		e.to = slices.Clone(g.to)
		for c := range comps.len() {
			if !comps.cyclic[c] {
				continue
			}
			for _, v := range comps.states(c) {
				lo, hi := g.edgeRange(v)
				zero := int32(-1)
				for _, t := range g.to[lo:hi] {
					if g.ended(t) && g.end[t] == 0 {
						zero = t
					}
				}
				for b := lo; b < hi && zero >= 0; b++ {
					if g.to[b] == v {
						e.to[b] = zero
					}
				}
			}
		}
		return &e
	}}
}

// faultPolicy: policy iteration never improves its first policy (it
// stores the first policy's values with the moves its first round chose).
func faultPolicy() *faults {
	return &faults{improved: func(bool) bool { return false }}
}

// faultHubCheck: a large cycle's policy iteration stops after one round,
// and its bound is taken without checking g(x) ≤ x at the hubs.
func faultHubCheck() *faults {
	return &faults{improved: func(bool) bool { return false }, checked: func(bool) bool { return true }}
}

// faultFloatBound: the float error bound forgets the errors carried in
// from the states a sum leads to (it reads them all as 0).
func faultFloatBound() *faults {
	return &faults{carried: func(err []float64) []float64 { return make([]float64, len(err)) }}
}

// faultFillIn: the modular elimination forgets the fill-in: its factor
// keeps, in each row, only the columns of the states the row's state
// leads to, so the back-substitution misses the rest. g is the graph
// solved, a game of chance (one move a state).
func faultFillIn[S comparable](g *Graph[S]) *faults {
	return &faults{factor: func(ord, uStart, uCol []int32, uVal []uint64) ([]int32, []int32, []uint64) {
		place := make(map[int32]int32, len(ord))
		for i, v := range ord {
			place[v] = int32(i)
		}
		start, col, val := []int32{0}, []int32(nil), []uint64(nil)
		for i, v := range ord {
			lo, hi := g.edgeRange(v)
			for k := uStart[i]; k < uStart[i+1]; k++ {
				for _, t := range g.to[lo:hi] {
					if p, ok := place[t]; ok && p == uCol[k] {
						col, val = append(col, uCol[k]), append(val, uVal[k])
						break
					}
				}
			}
			start = append(start, int32(len(col)))
		}
		return start, col, val
	}}
}

// faultPMFTail: the tail of a cut distribution forgets the mass still
// queued.
func faultPMFTail() *faults {
	return &faults{queued: func(float64) float64 { return 0 }}
}

// faultCost: the exact solve's cost model forgets the size of the numbers
// (one word each, whatever the cycle).
func faultCost() *faults {
	return &faults{words: func(float64) float64 { return 1 }}
}

// faultEndless: the proof that no play ends looks at the start alone.
func faultEndless() *faults {
	return &faults{ends: func(end []int32) []int32 { return end[:1] }}
}

// faultGameTop: interval iteration starts a cycle's upper bound at 0,
// below the value.
func faultGameTop() *faults {
	return &faults{top: func(float64) float64 { return 0 }}
}

// faultGameVerify: optimistic iteration takes its guessed upper bound
// unverified.
func faultGameVerify() *faults {
	return &faults{verified: func(bool) bool { return true }}
}

// faultGameSandwich: exactGame trusts the maximiser's strategy, taking the
// upper side's fraction whatever the lower side says.
func faultGameSandwich() *faults {
	return &faults{sandwiched: func(bool) bool { return true }}
}
