package rules

// Fix returns r with policy's move fixed at every state where fixed(s)
// holds and policy names a move: there the state has that one move, as a
// state of chance. Elsewhere the moves are r's, so that what is left to
// choose is the other player's best response to the fixed strategy (fixed
// all states: the policy's own value). A state fixed says but policy does
// not name, or names out of range, keeps all its moves, so that a caller
// that explores the result finds it (a fixed state with several moves) and
// reports the policy's hole rather than let the responder choose for it.
func Fix[S comparable](r Rules[S], policy Policy[S], fixed func(s S) bool) Rules[S] {
	if r.Moves == nil {
		return r
	}
	moves := r.Moves
	out := r
	out.Moves = func(s S) []Move[S] {
		ms := moves(s)
		if len(ms) > 1 && fixed(s) {
			if k, ok := policy[s]; ok && k >= 0 && k < len(ms) {
				return ms[k : k+1]
			}
		}
		return ms
	}
	return out
}
