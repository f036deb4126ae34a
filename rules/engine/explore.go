// Package engine is the exact engine of a game's rules (package rules): it
// explores the states reachable from the start and solves them, strongly
// connected component by component in topological order: by backward
// induction where a component is one state, by an exact linear system over
// big.Rat (or exact policy iteration, with choices) for each small cycle,
// and by a float64 method with a proved error bound for each large one
// (cycle_float.go). It returns the value (as a fraction where it solved
// exactly, else as a float64 with a sound error bound), the optimal policy
// and, when asked, the outcome distribution under it. SolveModulo gives the
// exact value as a residue modulo a prime instead, on boards far beyond
// big.Rat. It shares nothing with rules/referee but the rules.
package engine

import (
	"errors"
	"fmt"
	"math"

	"github.com/chancecheck/chancecheck/rules"
)

// ErrTooManyStates is wrapped by Explore's error when more states are
// reachable than the limit allows.
var ErrTooManyStates = errors.New("too many states")

// ErrCycleTooLarge is wrapped by Solve's error when a strongly connected
// component cannot be solved within the engine's limits: more states than
// Options.MaxCycleStates where only an exact solve will do, more hubs than
// Options.MaxHubs for the float64 method, or an error bound that did not
// come down within its rounds.
var ErrCycleTooLarge = errors.New("a cycle too large to solve within the engine's limits")

// Graph is the state graph of one board: every state reachable from the
// start, each with its end value or its moves, indexed 0..len(States)-1
// (the start is 0). It is stored as flat arrays (compressed sparse rows):
// state i's moves are moveStart[i]..moveStart[i+1], move m's outcomes
// edgeStart[m]..edgeStart[m+1], so that the solvers' loops touch no map and
// no pointer.
type Graph[S comparable] struct {
	States []S
	index  map[S]int32
	end    []int32 // per state: its end value, or notEnded
	// moveStart has one entry per state and one more: state i's moves are
	// moveStart[i]..moveStart[i+1]-1 (none for a state that ends).
	moveStart []int32
	// edgeStart has one entry per move and one more; total[m] is the sum
	// of move m's integer weights, 0 when its outcomes are given by float
	// probabilities, whose sum is totalF[m].
	edgeStart []int32
	total     []int64
	totalF    []float64
	// Per outcome: target state, reward, and the integer weight or, in a
	// move given by floats, the float64 probability's bits (weightBits).
	to     []int32
	reward []int32
	weight []int64
	goal   rules.Goal
	rules  rules.Rules[S]
}

// notEnded marks a state that does not end the game in Graph.end.
const notEnded = -1

// Explore lists every state reachable from r.Start, in breadth-first order,
// checking every move's outcomes (rules.CheckMove). More than maxStates
// states is an error wrapping ErrTooManyStates, found after at most
// maxStates+1 states, not an endless run.
func Explore[S comparable](r rules.Rules[S], maxStates int) (*Graph[S], error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	if maxStates <= 0 {
		return nil, fmt.Errorf("engine: the state limit %d is not positive", maxStates)
	}
	g := &Graph[S]{index: make(map[S]int32, min(maxStates, 1024)), goal: r.Goal, rules: r}
	g.States = append(g.States, r.Start)
	g.index[r.Start] = 0
	for i := 0; i < len(g.States); i++ {
		s := g.States[i]
		g.moveStart = append(g.moveStart, int32(len(g.total)))
		if v, ended := r.End(s); ended {
			if v < 0 || v > rules.MaxOutcome {
				return nil, fmt.Errorf("state %v: end value %d is outside 0..%d (rules.MaxOutcome, which the referee holds to as well)", s, v, rules.MaxOutcome)
			}
			g.end = append(g.end, int32(v))
			continue
		}
		g.end = append(g.end, notEnded)
		ms := r.MovesOf(s)
		if len(ms) == 0 {
			return nil, fmt.Errorf("state %v: it does not end the game and has no moves", s)
		}
		for _, m := range ms {
			if err := rules.CheckMove(s, m); err != nil {
				return nil, err
			}
			g.edgeStart = append(g.edgeStart, int32(len(g.to)))
			var total int64
			var totalF float64
			for _, o := range m.Outcomes {
				to, ok := g.index[o.Next]
				if !ok {
					if len(g.States) >= maxStates {
						return nil, fmt.Errorf("engine: more than %d states reachable from the start %v (Options.MaxStates, --engine-states): %w", maxStates, r.Start, ErrTooManyStates)
					}
					to = int32(len(g.States))
					g.index[o.Next] = to
					g.States = append(g.States, o.Next)
				}
				total += o.Weight
				totalF += o.Prob
				g.to = append(g.to, to)
				g.reward = append(g.reward, int32(o.Reward))
				if o.Weight != 0 {
					g.weight = append(g.weight, o.Weight)
				} else {
					g.weight = append(g.weight, int64(math.Float64bits(o.Prob)))
				}
			}
			g.total = append(g.total, total)
			g.totalF = append(g.totalF, totalF)
		}
	}
	g.moveStart = append(g.moveStart, int32(len(g.total)))
	g.edgeStart = append(g.edgeStart, int32(len(g.to)))
	return g, nil
}

// Len is the number of states.
func (g *Graph[S]) Len() int { return len(g.States) }

// Index is the index of state s, and whether it was reached.
func (g *Graph[S]) Index(s S) (int, bool) {
	i, ok := g.index[s]
	return int(i), ok
}

// ended reports whether state i ends the game.
func (g *Graph[S]) ended(i int32) bool { return g.end[i] != notEnded }

// moves returns the range of state i's moves.
func (g *Graph[S]) moves(i int32) (lo, hi int32) { return g.moveStart[i], g.moveStart[i+1] }

// numMoves is the number of state i's moves.
func (g *Graph[S]) numMoves(i int32) int32 { return g.moveStart[i+1] - g.moveStart[i] }

// outcomes returns the range of move m's outcomes.
func (g *Graph[S]) outcomes(m int32) (lo, hi int32) { return g.edgeStart[m], g.edgeStart[m+1] }

// edgeRange is the range of state v's outcomes over all its moves.
func (g *Graph[S]) edgeRange(v int32) (lo, hi int32) {
	return g.edgeStart[g.moveStart[v]], g.edgeStart[g.moveStart[v+1]]
}

// prob is outcome e's float probability, in a move given by floats.
func (g *Graph[S]) prob(e int32) float64 { return math.Float64frombits(uint64(g.weight[e])) }

// p is outcome e's probability in move m, rounded to float64 (one rounding
// of w/W, or of prob/Σprob).
func (g *Graph[S]) p(m, e int32) float64 {
	if t := g.total[m]; t != 0 {
		return float64(g.weight[e]) / float64(t)
	}
	return g.prob(e) / g.totalF[m]
}

// floatMove reports whether move m's outcomes are given by float
// probabilities.
func (g *Graph[S]) floatMove(m int32) bool { return g.total[m] == 0 }
