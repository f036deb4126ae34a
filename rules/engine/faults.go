package engine

// faults are the mistakes the engine's own tests plant in a solve, to show
// that the test of each solve method can fail (faults_test.go defines
// them); Options.faults is nil outside those tests. Each field, when set,
// alters what one step of a solve takes in or gives out, at the step's
// boundary (once a solve, a cycle, an elimination or a round of an
// iteration), never in a loop over states or branches: a solve without
// faults pays a nil test at each boundary and nothing else.
type faults struct {
	// graph gives the graph the one-player solver reads (a *Graph[S] of
	// the solve's S, in and out), after its components and the plan of
	// their methods were made from the graph explored.
	graph func(g any, comps components) any
	// carried gives the table of errors the float sums of induction, of a
	// self-loop and of an exact cycle read for the states they lead to
	// (without a fault, the solver's err table itself).
	carried func(err []float64) []float64
	// improved gives policy iteration's verdict on a round: whether it
	// changed the policy (a round that did not ends the iteration).
	improved func(changed bool) bool
	// checked gives a large cycle's verdict on its bound: whether the
	// checks g(x) ≤ x at its hubs passed.
	checked func(ok bool) bool
	// words gives the cost model's factor for the size of a cycle's
	// numbers, in 64-bit words (exactCost).
	words func(words float64) float64
	// queued gives the mass still queued where the outcome distribution
	// is cut.
	queued func(mass float64) float64
	// ends gives the table of end values the proof that no play ends
	// reads (endlessResult).
	ends func(end []int32) []int32
	// factor gives the modular elimination's triangular factor before its
	// back-substitution: row i of the cycle's states in order ord has the
	// entries uVal[uStart[i]:uStart[i+1]] at the columns (places in ord)
	// uCol[uStart[i]:uStart[i+1]].
	factor func(ord, uStart, uCol []int32, uVal []uint64) (start, col []int32, val []uint64)
	// top gives the upper bound interval iteration starts a cycle of a
	// game of two players from.
	top func(top float64) float64
	// verified gives optimistic and extrapolated iteration's verdict on
	// a guessed upper bound: whether T(y) ≤ y held at every state of the
	// cycle.
	verified func(ok bool) bool
	// lowerVerified gives extrapolated iteration's verdict on a guessed
	// lower bound: whether a sweep in place let no state fall.
	lowerVerified func(ok bool) bool
	// surely gives endsSurely's verdict: whether every state of the cycle
	// was forced out.
	surely func(ok bool) bool
	// sandwiched gives exactGame's verdict: whether the minimiser's best
	// response met the maximiser's (lower = upper, and the lower side
	// proved).
	sandwiched func(ok bool) bool
}

// orNone is the faults f plants: none where f is nil (outside the tests).
func (f *faults) orNone() faults {
	if f == nil {
		return faults{}
	}
	return *f
}

// altered is what a step gives out: v, or what the hook planted in it
// makes of v.
func altered[T any](hook func(T) T, v T) T {
	if hook == nil {
		return v
	}
	return hook(v)
}

// graphOf is the graph the one-player solver reads: g itself without a
// fault.
func graphOf[S comparable](f faults, g *Graph[S], comps components) *Graph[S] {
	if f.graph == nil {
		return g
	}
	return f.graph(g, comps).(*Graph[S])
}
