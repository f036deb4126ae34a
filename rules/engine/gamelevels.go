package engine

import (
	"context"
	"sync"
)

// parallelLevel is the fewest states a level of components must hold to
// be shared among workers: below it, starting goroutines costs more than
// the sweeps (an acyclic game has a level per move of its longest play).
const parallelLevel = 1 << 12

// solveComponents solves the components (in reverse topological order, as
// components returns them) level by level: a component's level is one
// more than the highest of the components its branches lead to, so the
// components of one level need only values already solved and can be
// solved at once, on up to workers goroutines (a level of at least
// minParallel states; parallelLevel outside the tests). Each component's values
// depend only on those it leads to, never on the schedule, so the answer
// is the same bits whatever workers is. An error is the one of the first
// component (in components' order) that failed; the components that lead
// to a failed one are not solved. When ctx is done, the components not yet
// solved fail with its error.
func (gs *gameSolver[S]) solveComponents(ctx context.Context, cs components, workers, minParallel int) (cycles, largest int, err error) {
	g := gs.g
	comps := make([][]int32, cs.len())
	for c := range comps {
		comps[c] = cs.states(c)
	}
	for c, comp := range comps {
		for _, v := range comp {
			gs.compOf[v] = int32(c)
		}
	}
	level := make([]int32, len(comps))
	levels := int32(0)
	for c, comp := range comps {
		for _, v := range comp {
			lo, hi := g.edgeRange(v)
			for _, w := range g.to[lo:hi] {
				if d := gs.compOf[w]; d != int32(c) {
					level[c] = max(level[c], level[d]+1)
				}
			}
		}
		levels = max(levels, level[c]+1)
	}
	// The components of each level, in components' order (a counting sort).
	start := make([]int32, levels+1)
	for _, l := range level {
		start[l+1]++
	}
	for l := range levels {
		start[l+1] += start[l]
	}
	order := make([]int32, len(comps))
	next := append([]int32(nil), start...)
	for c, l := range level {
		order[next[l]] = int32(c)
		next[l]++
	}
	errs := make([]error, len(comps))
	failed := make([]bool, len(comps))
	solve := func(c int32) {
		comp := comps[c]
		for _, v := range comp {
			lo, hi := g.edgeRange(v)
			for _, w := range g.to[lo:hi] {
				if d := gs.compOf[w]; d != c && failed[d] {
					failed[c] = true // leads to a component not solved
					return
				}
			}
		}
		if !cs.cyclic[c] {
			gs.update(comp[0])
			return
		}
		if err := ctx.Err(); err != nil {
			errs[c], failed[c] = err, true
			return
		}
		if errs[c] = gs.solveCycle(ctx, comp); errs[c] != nil {
			failed[c] = true
		}
	}
	for l := range levels {
		if err := ctx.Err(); err != nil {
			return 0, 0, err
		}
		at := order[start[l]:start[l+1]]
		states := 0
		for _, c := range at {
			states += len(comps[c])
		}
		if workers <= 1 || states < minParallel {
			for _, c := range at {
				solve(c)
			}
			continue
		}
		// Share the level's components out, round robin: each worker
		// writes the values of its components only, and the level's
		// wait is the barrier before the next level reads them.
		var wg sync.WaitGroup
		for k := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := k; i < len(at); i += workers {
					solve(at[i])
				}
			}()
		}
		wg.Wait()
	}
	for c, comp := range comps {
		if errs[c] != nil {
			return 0, 0, errs[c]
		}
		if cs.cyclic[c] {
			cycles++
			largest = max(largest, len(comp))
		}
	}
	return cycles, largest, nil
}
