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
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/chancecheck/chancecheck/rules"
)

// ErrTooManyStates is wrapped by Explore's error when more states are
// reachable than the limit allows.
var ErrTooManyStates = errors.New("too many states")

// ErrCycleTooLarge is wrapped by Solve's error when a strongly connected
// component cannot be solved within the engine's limits: too dear to solve
// exactly (Options.ExactCost, MaxCycleStates) where only an exact solve
// will do, more hubs than
// Options.MaxHubs for the float64 method, or an error bound that did not
// come down within its rounds.
var ErrCycleTooLarge = errors.New("a cycle too large to solve within the engine's limits")

// Graph is the state graph of one board: every state reachable from the
// start, each with its end value or its moves, indexed 0..len(States)-1
// (the start is 0). It is stored as flat arrays (compressed sparse rows):
// state i's moves are moveStart[i]..moveStart[i+1], move m's branches
// edgeStart[m]..edgeStart[m+1], so that the solvers' loops touch no map and
// no pointer.
type Graph[S comparable] struct {
	States []S
	index  stateIndex[S]
	end    []int32 // per state: its end value, or notEnded
	// moveStart has one entry per state and one more: state i's moves are
	// moveStart[i]..moveStart[i+1]-1 (none for a state that ends).
	moveStart []int32
	// edgeStart has one entry per move and one more: move m's branches
	// are edgeStart[m]..edgeStart[m+1]-1, and to[e] is branch e's target.
	edgeStart []int32
	to        []int32
	// A move's shape is the rest of its branches: their weights, rewards
	// and probabilities, stored once for all the moves that share it (in
	// most games a few shapes serve millions of moves, so that a sweep
	// reads four bytes a branch). shape[m] is move m's shape; shape k's
	// branches are shapeStart[k]..shapeStart[k]+(its branches)-1 in the
	// pools below. total[k] is the sum of its integer weights, 0 when its
	// branches are given by float probabilities, whose sum is totalF[k].
	shape      []int32
	shapeStart []int32
	total      []int64
	totalF     []float64
	// The pools, per branch of a shape: the integer weight or, in a shape
	// given by floats, the float64 probability's bits (weightBits); the
	// reward; the probability rounded to float64 (one rounding of w/W, or
	// of prob/Σprob).
	weight []int64
	reward []int32
	prob   []float64
	goal   rules.Goal
	rules  rules.Rules[S]
}

// notEnded marks a state that does not end the game in Graph.end.
const notEnded = -1

// Explore lists every state reachable from r.Start, in breadth-first order,
// checking every move's branches (rules.CheckMove). More than maxStates
// states is an error wrapping ErrTooManyStates, found after at most
// maxStates+1 states, not an endless run.
func Explore[S comparable](r rules.Rules[S], maxStates int) (*Graph[S], error) {
	return ExploreContext(context.Background(), r, maxStates)
}

// ExploreContext is Explore that stops, with ctx's error, when ctx is done
// (looked at every few thousand states).
func ExploreContext[S comparable](ctx context.Context, r rules.Rules[S], maxStates int) (*Graph[S], error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	if maxStates <= 0 {
		return nil, fmt.Errorf("engine: the state limit %d is not positive", maxStates)
	}
	g := &Graph[S]{index: newStateIndex[S](min(maxStates, 1024)), goal: r.Goal, rules: r}
	g.index.findOrPut(r.Start, g.States, 0)
	g.States = push(g.States, r.Start)
	var one [1]rules.Move[S]
	var recent recentStates[S]
	shapes := newShapeIndex[S]()
	stop := checkpoint{ctx: ctx}
	for i := 0; i < len(g.States); i++ {
		if err := stop.done(everyState); err != nil {
			return nil, err
		}
		s := g.States[i]
		g.moveStart = push(g.moveStart, int32(len(g.shape)))
		if v, ended := r.End(s); ended {
			if v < 0 || v > rules.MaxOutcome {
				return nil, fmt.Errorf("state %v: end value %d is outside 0..%d (rules.MaxOutcome, which the referee holds to as well)", s, v, rules.MaxOutcome)
			}
			g.end = push(g.end, int32(v))
			continue
		}
		g.end = push(g.end, notEnded)
		var ms []rules.Move[S]
		if r.Moves != nil {
			ms = r.Moves(s)
		} else {
			one[0] = rules.Move[S]{Branches: r.Chance(s)} // no slice allocated a state
			ms = one[:]
		}
		if len(ms) == 0 {
			return nil, fmt.Errorf("state %v: it does not end the game and has no moves", s)
		}
		for _, m := range ms {
			if err := rules.CheckMove(s, m); err != nil {
				return nil, err
			}
			g.edgeStart = push(g.edgeStart, int32(len(g.to)))
			for _, o := range m.Branches {
				to, ok := recent.find(o.Next)
				if !ok {
					if to, ok = g.index.findOrPut(o.Next, g.States, int32(len(g.States))); !ok {
						if len(g.States) >= maxStates {
							return nil, fmt.Errorf("engine: more than %d states reachable from the start %v (Options.MaxStates, --engine-states): %w", maxStates, r.Start, ErrTooManyStates)
						}
						g.States = push(g.States, o.Next)
					}
					recent.put(o.Next, to)
				}
				g.to = push(g.to, to)
			}
			g.shape = push(g.shape, shapes.of(g, m.Branches))
		}
	}
	g.moveStart = push(g.moveStart, int32(len(g.shape)))
	g.edgeStart = push(g.edgeStart, int32(len(g.to)))
	return g, nil
}

// Len is the number of states.
func (g *Graph[S]) Len() int { return len(g.States) }

// Index is the index of state s, and whether it was reached.
func (g *Graph[S]) Index(s S) (int, bool) {
	i, ok := g.index.find(s, g.States)
	return int(i), ok
}

// ended reports whether state i ends the game.
func (g *Graph[S]) ended(i int32) bool { return g.end[i] != notEnded }

// moves returns the range of state i's moves.
func (g *Graph[S]) moves(i int32) (lo, hi int32) { return g.moveStart[i], g.moveStart[i+1] }

// numMoves is the number of state i's moves.
func (g *Graph[S]) numMoves(i int32) int32 { return g.moveStart[i+1] - g.moveStart[i] }

// branches returns the range of move m's branches.
func (g *Graph[S]) branches(m int32) (lo, hi int32) { return g.edgeStart[m], g.edgeStart[m+1] }

// edgeRange is the range of state v's branches over all its moves.
func (g *Graph[S]) edgeRange(v int32) (lo, hi int32) {
	return g.edgeStart[g.moveStart[v]], g.edgeStart[g.moveStart[v+1]]
}

// at is the index of branch e of move m in the shape pools.
func (g *Graph[S]) at(m, e int32) int32 { return g.shapeStart[g.shape[m]] + e - g.edgeStart[m] }

// shapeOf returns move m's branches' rounded probabilities and rewards,
// in the order of its targets g.to[branches(m)].
func (g *Graph[S]) shapeOf(m int32) (p []float64, reward []int32) {
	a := g.shapeStart[g.shape[m]]
	b := a + g.edgeStart[m+1] - g.edgeStart[m]
	return g.prob[a:b:b], g.reward[a:b:b]
}

// p is branch e's probability in move m, rounded to float64 (one rounding
// of w/W, or of prob/Σprob).
func (g *Graph[S]) p(m, e int32) float64 { return g.prob[g.at(m, e)] }

// rewardOf is branch e's reward in move m.
func (g *Graph[S]) rewardOf(m, e int32) int32 { return g.reward[g.at(m, e)] }

// weightOf is branch e's integer weight in move m (a move not given by
// floats).
func (g *Graph[S]) weightOf(m, e int32) int64 { return g.weight[g.at(m, e)] }

// floatProb is branch e's float probability in move m, a move given by
// floats.
func (g *Graph[S]) floatProb(m, e int32) float64 {
	return math.Float64frombits(uint64(g.weight[g.at(m, e)]))
}

// totalWeight is the sum of move m's integer weights, 0 when its branches
// are given by floats.
func (g *Graph[S]) totalWeight(m int32) int64 { return g.total[g.shape[m]] }

// totalProb is the sum of move m's float probabilities.
func (g *Graph[S]) totalProb(m int32) float64 { return g.totalF[g.shape[m]] }

// floatMove reports whether move m's branches are given by float
// probabilities.
func (g *Graph[S]) floatMove(m int32) bool { return g.total[g.shape[m]] == 0 }

// shapeIndex finds the shapes already stored while exploring: a shape's
// key is its branches' weights and rewards, as bytes.
type shapeIndex[S comparable] struct {
	known map[string]int32
	key   []byte
}

// maxShapes bounds the shapes shapeIndex remembers: a game whose moves
// have few shapes in common stores the rest once a move, as if unshared,
// rather than a map entry for each.
const maxShapes = 1 << 16

func newShapeIndex[S comparable]() shapeIndex[S] {
	return shapeIndex[S]{known: make(map[string]int32)}
}

// of returns the shape of branches, storing it in g's pools when it is new.
func (x *shapeIndex[S]) of(g *Graph[S], branches []rules.Branch[S]) int32 {
	x.key = x.key[:0]
	for _, o := range branches {
		w, float := o.Weight, byte(0)
		if w == 0 {
			w, float = int64(math.Float64bits(o.Prob)), 1
		}
		x.key = append(x.key, float)
		x.key = binary.LittleEndian.AppendUint64(x.key, uint64(w))
		x.key = binary.LittleEndian.AppendUint32(x.key, uint32(o.Reward))
	}
	if k, ok := x.known[string(x.key)]; ok {
		return k
	}
	k := int32(len(g.shapeStart))
	if len(x.known) < maxShapes {
		x.known[string(x.key)] = k
	}
	g.shapeStart = push(g.shapeStart, int32(len(g.weight)))
	var total int64
	var totalF float64
	for _, o := range branches {
		total += o.Weight
		totalF += o.Prob
	}
	for _, o := range branches {
		if total != 0 {
			g.weight = push(g.weight, o.Weight)
			g.prob = push(g.prob, float64(o.Weight)/float64(total))
		} else {
			g.weight = push(g.weight, int64(math.Float64bits(o.Prob)))
			g.prob = push(g.prob, o.Prob/totalF)
		}
		g.reward = push(g.reward, int32(o.Reward))
	}
	g.total = push(g.total, total)
	g.totalF = push(g.totalF, totalF)
	return k
}

// recentStates remembers the last few states looked up with their
// indices: the states that end a game (a win, a loss) are the targets of
// branches all over the graph, and comparing a few values costs less than
// a map's hash and probe.
type recentStates[S comparable] struct {
	keys [4]S
	idx  [4]int32
	n    int // entries filled
	next int // the entry replaced next
}

func (c *recentStates[S]) find(s S) (int32, bool) {
	for i := range c.n {
		if c.keys[i] == s {
			return c.idx[i], true
		}
	}
	return 0, false
}

func (c *recentStates[S]) put(s S, i int32) {
	c.keys[c.next], c.idx[c.next] = s, i
	c.next = (c.next + 1) % len(c.keys)
	c.n = max(c.n, c.next)
	if c.next == 0 {
		c.n = len(c.keys)
	}
}

// push appends v, doubling the capacity when it is full: append grows a
// large slice by a quarter, which copies a graph of millions of states
// several times over.
func push[T any](s []T, v T) []T {
	if len(s) == cap(s) {
		s = slices.Grow(s, max(len(s), 256))
	}
	return append(s, v)
}
