package exact

import (
	"fmt"
	"math/big"

	"github.com/chancecheck/chancecheck/games/traps"
)

// EvaluateTrapPolicy is the survival probability of a deterministic policy,
// in float64: the probability, over the prior, that following pol from the
// start reaches an exit alive. A policy that comes back to a situation it has
// been in without losing a life or learning a kind is deterministic, so it
// would repeat that loop forever: such a branch counts as never reaching an
// exit. An illegal move (off the map, into a wall, an unknown Dir) or a
// policy error is returned as an error.
func EvaluateTrapPolicy(z *traps.Maze, pol traps.Policy) (float64, error) {
	survives, total, err := trapPolicyMass(z, pol)
	return float64(survives) / float64(total), err // as in TrapSurvival: correctly rounded
}

// EvaluateTrapPolicyRat is EvaluateTrapPolicy as an exact fraction.
func EvaluateTrapPolicyRat(z *traps.Maze, pol traps.Policy) (*big.Rat, error) {
	survives, total, err := trapPolicyMass(z, pol)
	if err != nil {
		return nil, err
	}
	return big.NewRat(survives, total), nil
}

// trapPolicyMass is pol's surviving prior mass and the prior's
// whole mass.
func trapPolicyMass(z *traps.Maze, pol traps.Policy) (survives, total int64, _ error) {
	s, err := newTrapSolver(z)
	if err != nil {
		return 0, 1, err
	}
	e := &trapEvaluator{s: s, pol: pol, memo: map[trapEntry]mass{}}
	v, err := e.eval(s.layer(z.Life, 0), s.start)
	return int64(v), s.prior.Mass(0), err
}

// trapEntry is a place where a walk within one layer begins.
type trapEntry struct {
	layer int // (h-1)·3^K + k
	cell  int32
}

// trapEvaluator follows a policy. Within a layer the walk is deterministic,
// so it is followed step by step until it leaves the layer (a reveal or a
// lost life, where it branches), ends, or repeats a cell (a loop).
type trapEvaluator struct {
	s    *trapSolver
	pol  traps.Policy
	memo map[trapEntry]mass
}

func (e *trapEvaluator) eval(ly *trapLayer, start int32) (mass, error) {
	s := e.s
	key := trapEntry{(ly.h-1)*s.nk + int(ly.k), start}
	if v, ok := e.memo[key]; ok {
		return v, nil
	}
	v, err := e.walk(ly, start)
	if err != nil {
		return v, err
	}
	e.memo[key] = v
	return v, nil
}

func (e *trapEvaluator) walk(ly *trapLayer, cur int32) (mass, error) {
	s := e.s
	var zero mass
	visited := map[int32]bool{}
	for {
		if s.exit[cur] {
			return ly.total, nil
		}
		if visited[cur] {
			return zero, nil // a deterministic loop: it never ends
		}
		visited[cur] = true
		sit := traps.Situation{Row: int(cur) / s.n, Col: int(cur) % s.n, Life: ly.h, Known: ly.k.Known(s.z.Kinds)}
		dir, err := e.pol.Move(sit)
		if err != nil {
			return zero, fmt.Errorf("traps: policy at %+v: %w", sit, err)
		}
		if dir == traps.Stop {
			return zero, nil
		}
		if dir < traps.Up || dir > traps.Right {
			return zero, fmt.Errorf("traps: policy at %+v: %v is not a move", sit, dir)
		}
		next := s.nbrs[cur][dir-traps.Up]
		if next < 0 {
			return zero, fmt.Errorf("traps: policy at %+v: moving %v leaves the map or hits a wall", sit, dir)
		}
		if s.free(ly, next) {
			cur = next
			continue
		}
		t := s.code[next]
		if !ly.fetched[t] {
			s.fetch(ly, t)
		}
		if ly.reveal[t] == traps.Harmful {
			if ly.safe[t] == nil {
				return zero, nil // the last life is lost
			}
			return e.eval(ly.safe[t], next)
		}
		safe, bad := zero, zero
		if ly.safe[t] != nil {
			if safe, err = e.eval(ly.safe[t], next); err != nil {
				return zero, err
			}
		}
		if ly.bad[t] != nil {
			if bad, err = e.eval(ly.bad[t], next); err != nil {
				return zero, err
			}
		}
		return safe + bad, nil
	}
}
