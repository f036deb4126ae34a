package engine

// reverse lists, for every state of the cycle being solved (by its place
// l in it), the moves of other states of the cycle with a branch at it:
// into[start[l]:start[l+1]], each the place of the state and the index of
// the move among its own. seeds are the same pairs for moves with a
// branch outside the cycle. Built once a cycle, it makes the attractor
// computations below one pass over the edges, not one a round.
type reverse struct {
	start []int32
	into  []placedMove
	seeds []placedMove
}

// placedMove is a move of the state at place l of the cycle.
type placedMove struct{ l, move int32 }

// reverseOf builds the reverse lists of comp; s.local must hold the
// places of its states.
func (s *solver[S]) reverseOf(comp []int32) reverse {
	g := s.g
	rv := reverse{start: make([]int32, len(comp)+1)}
	for _, v := range comp {
		lo, hi := g.edgeRange(v)
		for _, to := range g.to[lo:hi] {
			if l := s.local[to]; l >= 0 {
				rv.start[l+1]++
			}
		}
	}
	for l := range comp {
		rv.start[l+1] += rv.start[l]
	}
	rv.into = make([]placedMove, rv.start[len(comp)])
	fill := append([]int32(nil), rv.start[:len(comp)]...)
	for l, v := range comp {
		mlo, mhi := g.moves(v)
		for m := mlo; m < mhi; m++ {
			out := false
			elo, ehi := g.branches(m)
			for _, to := range g.to[elo:ehi] {
				if t := s.local[to]; t >= 0 {
					rv.into[fill[t]] = placedMove{int32(l), m - mlo}
					fill[t]++
				} else {
					out = true
				}
			}
			if out {
				rv.seeds = append(rv.seeds, placedMove{int32(l), m - mlo})
			}
		}
	}
	return rv
}

// attract returns, for every state of the cycle, a move under which it
// leaves the cycle with probability 1 when every state plays its returned
// move (an attractor, built breadth first from the states with a move
// leading out: a move qualifies once one of its branches is outside or at a
// state already given one). Only pol's moves qualify when pol is not nil,
// which checks that pol leaves. ok is false, with the place of a state that
// never leaves, when some state has no such move.
func (rv reverse) attract(n int, pol []int32) (chosen []int32, stuck int32, ok bool) {
	chosen = make([]int32, n)
	done := make([]bool, n)
	queue := make([]int32, 0, n)
	take := func(pm placedMove) {
		if done[pm.l] || (pol != nil && pol[pm.l] != pm.move) {
			return
		}
		done[pm.l], chosen[pm.l] = true, pm.move
		queue = append(queue, pm.l)
	}
	for _, pm := range rv.seeds {
		take(pm)
	}
	for i := 0; i < len(queue); i++ {
		t := queue[i]
		for _, pm := range rv.into[rv.start[t]:rv.start[t+1]] {
			take(pm)
		}
	}
	if len(queue) < n {
		for l := range done {
			if !done[l] {
				return nil, int32(l), false
			}
		}
	}
	return chosen, 0, true
}
