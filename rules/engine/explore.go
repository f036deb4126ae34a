// Package engine is the exact engine of a game's rules (package rules): it
// explores the states reachable from the start and solves them, by
// backward induction where the state graph has no cycle, by an exact linear
// system over big.Rat for each cycle of chance (a wasted throw, a loop of
// the board), and by exact policy iteration for each cycle with choices. It
// returns the value (as a fraction where it solved exactly, else as a
// float64 with a sound error bound), the outcome distribution under the
// optimal policy and that policy. It shares nothing with rules/referee but
// the rules.
package engine

import (
	"errors"
	"fmt"

	"github.com/chancecheck/chancecheck/rules"
)

// ErrTooManyStates is wrapped by Explore's error when more states are
// reachable than the limit allows.
var ErrTooManyStates = errors.New("too many states")

// ErrCycleTooLarge is wrapped by Solve's error when a strongly connected
// component has more states than Options.MaxCycleStates.
var ErrCycleTooLarge = errors.New("a cycle too large to solve exactly")

// Graph is the state graph of one board: every state reachable from the
// start, each with its end value or its moves, indexed 0..len(States)-1
// (the start is 0).
type Graph[S comparable] struct {
	States []S
	index  map[S]int32
	node   []node // per state
	moves  []move // node i's moves are moves[node[i].first:node[i+1].first]
	edges  []edge // a move's outcomes are edges[move.first:next move's first]
	goal   rules.Goal
	rules  rules.Rules[S]
}

// node is one state: its end value, or the first of its moves.
type node struct {
	end      bool
	value    int32 // the end value
	first    int32 // index of its first move in Graph.moves
	numMoves int32
}

// move is one move: its outcomes edges[first:first+n]; total is the sum of
// the integer weights (0: the outcomes are given by float probabilities,
// and totalF is their sum).
type move struct {
	first, n int32
	total    int64
	totalF   float64
	name     string
}

// edge is one outcome: weight (or prob), target state and reward.
type edge struct {
	to     int32
	reward int32
	weight int64
	prob   float64
}

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
	g := &Graph[S]{index: map[S]int32{}, goal: r.Goal, rules: r}
	add := func(s S) (int32, error) {
		if i, ok := g.index[s]; ok {
			return i, nil
		}
		if len(g.States) >= maxStates {
			return 0, fmt.Errorf("engine: more than %d states reachable from the start %v: %w", maxStates, r.Start, ErrTooManyStates)
		}
		i := int32(len(g.States))
		g.index[s] = i
		g.States = append(g.States, s)
		return i, nil
	}
	if _, err := add(r.Start); err != nil {
		return nil, err
	}
	for i := 0; i < len(g.States); i++ {
		s := g.States[i]
		if v, ended := r.End(s); ended {
			if v < 0 || v > rules.MaxOutcome {
				return nil, fmt.Errorf("state %v: end value %d is outside 0..%d", s, v, rules.MaxOutcome)
			}
			g.node = append(g.node, node{end: true, value: int32(v), first: int32(len(g.moves))})
			continue
		}
		ms := r.MovesOf(s)
		if len(ms) == 0 {
			return nil, fmt.Errorf("state %v: it does not end the game and has no moves", s)
		}
		g.node = append(g.node, node{first: int32(len(g.moves)), numMoves: int32(len(ms))})
		for _, m := range ms {
			if err := rules.CheckMove(s, m); err != nil {
				return nil, err
			}
			mv := move{first: int32(len(g.edges)), n: int32(len(m.Outcomes)), name: m.Name}
			for _, o := range m.Outcomes {
				to, err := add(o.Next)
				if err != nil {
					return nil, err
				}
				mv.total += o.Weight
				mv.totalF += o.Prob
				g.edges = append(g.edges, edge{to: to, reward: int32(o.Reward), weight: o.Weight, prob: o.Prob})
			}
			g.moves = append(g.moves, mv)
		}
	}
	return g, nil
}

// Len is the number of states.
func (g *Graph[S]) Len() int { return len(g.States) }

// Index is the index of state s, and whether it was reached.
func (g *Graph[S]) Index(s S) (int, bool) {
	i, ok := g.index[s]
	return int(i), ok
}

// movesOf returns node i's moves.
func (g *Graph[S]) movesOf(i int32) []move {
	n := g.node[i]
	return g.moves[n.first : n.first+n.numMoves]
}

// outcomes returns a move's edges.
func (g *Graph[S]) outcomes(m move) []edge { return g.edges[m.first : m.first+m.n] }
