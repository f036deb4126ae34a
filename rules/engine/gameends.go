package engine

// endsSurely reports whether every play leaves the cycle comp (a strongly
// connected component of a game of two players) with probability 1,
// whatever both players do. It is the attractor of the states outside
// the cycle for a controller playing both sides against leaving: a move
// is forced out once one of its branches leads outside or to a state
// already forced out, and a state once every one of its moves is (where
// the one-player attractor of attractor.go needs one move).
//
// Why it matters. When every state is forced out, number the states in
// the order they were: each move of the k-th state has a branch, of
// positive probability, outside or to a state numbered below k. So from
// any state, under any strategies (history-dependent or randomised
// alike), the play leaves within len(comp) moves with probability at
// least δ = p^len(comp) > 0, p being the least branch probability. Then
// the Bellman operator T (exits' values fixed) has one fixed point, the
// value V, and every y with y ≤ T(y) lies below it: with d = y − V,
// T(y) − T(V) ≤ P_σ d at every state, P_σ the branches of the maximiser's
// best move against y and of the minimiser's best move against V (a max
// of y's terms less a max of V's is at most the difference at y's
// argmax; a min, at V's argmin). So d⁺ = max(d, 0) ≤ P_σ d⁺ ≤ … ≤ P_σⁿ d⁺
// with n = len(comp), whose rows sum to at most 1 − δ inside the cycle:
// max d⁺ ≤ (1 − δ) max d⁺, so d⁺ = 0 and y ≤ V. Mirrored, y ≥ T(y)
// gives y ≥ V (which holds without this proof: V is the least fixed
// point). A lower bound may then be guessed and verified as an upper one
// is, instead of climbing from 0 (extrapolate).
//
// A cycle in which both players can keep a play for ever (an end
// component) is never forced out: its states' moves that stay in it are
// never forced, so it reports false. place must be −1 at every state and
// is left so; concurrent calls on disjoint cycles share it.
func (gs *gameSolver[S]) endsSurely(comp []int32) bool {
	g := gs.g
	for l, v := range comp {
		gs.place[v] = int32(l)
	}
	defer func() {
		for _, v := range comp {
			gs.place[v] = -1
		}
	}()
	// The moves of the cycle numbered 0..moves-1, state by state: owner
	// is each one's state's place, left the moves each state has not yet
	// had forced out.
	moves := 0
	left := make([]int32, len(comp))
	for l, v := range comp {
		left[l] = g.numMoves(v)
		moves += int(left[l])
	}
	owner := make([]int32, 0, moves)
	// into lists, per place, the moves with a branch at it (by number),
	// into[start[t]:start[t+1]]; seeds, the moves with a branch outside.
	start := make([]int32, len(comp)+1)
	for _, v := range comp {
		lo, hi := g.edgeRange(v)
		for _, w := range g.to[lo:hi] {
			if t := gs.place[w]; t >= 0 {
				start[t+1]++
			}
		}
	}
	for t := range comp {
		start[t+1] += start[t]
	}
	into := make([]int32, start[len(comp)])
	fill := append([]int32(nil), start[:len(comp)]...)
	var seeds []int32
	for l, v := range comp {
		first, last := g.moves(v)
		for m := first; m < last; m++ {
			id := int32(len(owner))
			owner = append(owner, int32(l))
			out := false
			a, b := g.branches(m)
			for _, w := range g.to[a:b] {
				if t := gs.place[w]; t >= 0 {
					into[fill[t]] = id
					fill[t]++
				} else {
					out = true
				}
			}
			if out {
				seeds = append(seeds, id)
			}
		}
	}
	forced := make([]bool, moves)
	queue := make([]int32, 0, len(comp))
	force := func(id int32) {
		if forced[id] {
			return
		}
		forced[id] = true
		l := owner[id]
		if left[l]--; left[l] == 0 {
			queue = append(queue, l)
		}
	}
	for _, id := range seeds {
		force(id)
	}
	for i := 0; i < len(queue); i++ {
		t := queue[i]
		for _, id := range into[start[t]:start[t+1]] {
			force(id)
		}
	}
	return altered(gs.faults.surely, len(queue) == len(comp))
}
