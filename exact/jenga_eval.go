package exact

import (
	"fmt"
	"math"

	"github.com/chancecheck/chancecheck/games/jenga"
)

// JengaPlayer is any way of playing Jenga, for policy evaluation: for a real
// tower and a thrown colour with at least one legal move, the moves it makes
// and their probabilities (summing to 1). A deterministic policy returns one
// move with probability 1.
type JengaPlayer interface {
	Choices(t jenga.Tower, c jenga.Colour) []jenga.WeightedMove
}

// JengaPlayerFunc adapts a deterministic policy to a JengaPlayer.
type JengaPlayerFunc func(t jenga.Tower, c jenga.Colour) (jenga.Move, bool)

// Choices returns the policy's move with probability 1, or nothing.
func (f JengaPlayerFunc) Choices(t jenga.Tower, c jenga.Colour) []jenga.WeightedMove {
	if m, ok := f(t, c); ok {
		return []jenga.WeightedMove{{Move: m, P: 1}}
	}
	return nil
}

// JengaEvaluation is the exact outcome of playing a tower with a policy.
type JengaEvaluation struct {
	Expected float64   // expected number of throws
	PMF      []float64 // PMF[k] = P(the game takes k throws)
	Tail     float64   // probability mass beyond PMF (still in play when iteration stopped)
	States   int       // real towers the policy can reach
}

// EvaluateJenga plays every branch of tower t under policy p, on the real
// tower (no canonical forms, since p may tell mirror images or levels
// apart), and returns the exact expected number of throws and the
// distribution of throws down to mass tail. It fails when p makes an illegal
// move, returns no move where the rules demand one, or lets the game reach
// more than maxStates towers (a *JengaStateLimitError; 0 means no cap).
func EvaluateJenga(t jenga.Tower, p JengaPlayer, tail float64, maxStates int) (JengaEvaluation, error) {
	if err := t.ValidateUpTo(len(t.Levels)); err != nil {
		return JengaEvaluation{}, fmt.Errorf("jenga: %w", err)
	}
	ev := &jengaEvaluator{p: p, num: map[string]int32{}, max: maxStates}
	start, err := ev.visit(t.Clone())
	if err != nil {
		return JengaEvaluation{}, err
	}
	ev.chain.start = start
	pmf, rest, err := ev.chain.pmf(tail)
	if err != nil {
		return JengaEvaluation{}, err
	}
	return JengaEvaluation{Expected: ev.chain.expected()[start], PMF: pmf, Tail: rest, States: ev.chain.states()}, nil
}

// JengaStateLimitError says that a policy evaluation stopped because the
// policy reaches more real towers than the evaluation's cap.
type JengaStateLimitError struct {
	Limit int
}

func (e *JengaStateLimitError) Error() string {
	return fmt.Sprintf("jenga: the policy reaches more than %d towers", e.Limit)
}

type jengaEvaluator struct {
	p     JengaPlayer
	num   map[string]int32
	chain jengaChain
	max   int
}

func towerKey(t jenga.Tower) string {
	b := make([]byte, len(t.Levels))
	for i, l := range t.Levels {
		b[i] = levelCode(l)
	}
	return string(b)
}

func (ev *jengaEvaluator) visit(t jenga.Tower) (int32, error) {
	key := towerKey(t)
	if i, ok := ev.num[key]; ok {
		return i, nil
	}
	if ev.max > 0 && len(ev.num) >= ev.max {
		return 0, &JengaStateLimitError{Limit: ev.max}
	}
	var to []int32
	var pr []float64
	stay := 1.0 / 6
	for ci, c := range jenga.Colours() {
		w := jengaWeight(ci) / 6
		legal := legalJengaMoves(t, c)
		choices := ev.p.Choices(t, c)
		if len(legal) == 0 {
			if len(choices) != 0 {
				return 0, fmt.Errorf("jenga: tower %v, colour %v: no block may be taken, but the policy moves %v", t, c, choices[0].Move)
			}
			stay += w
			continue
		}
		if len(choices) == 0 {
			return 0, fmt.Errorf("jenga: tower %v, colour %v: the policy makes no move, but a block must be taken", t, c)
		}
		sum := 0.0
		for _, wm := range choices {
			if !isLegalJengaMove(legal, wm.Move) {
				return 0, fmt.Errorf("jenga: tower %v, colour %v: the policy's move %+v is illegal", t, c, wm.Move)
			}
			if !(wm.P > 0) {
				return 0, fmt.Errorf("jenga: tower %v, colour %v: move %+v has probability %g", t, c, wm.Move, wm.P)
			}
			sum += wm.P
			j, err := ev.visit(applyJengaMove(t, wm.Move))
			if err != nil {
				return 0, err
			}
			to, pr = append(to, j), append(pr, w*wm.P)
		}
		if math.Abs(sum-1) > 1e-9 {
			return 0, fmt.Errorf("jenga: tower %v, colour %v: the policy's probabilities sum to %g", t, c, sum)
		}
	}
	if len(to) == 0 {
		stay = 1
	}
	i := ev.chain.addState(stay, to, pr)
	ev.num[key] = i
	return i, nil
}

// legalJengaMoves lists every legal move of colour c in a real tower:
// a block of colour c from a level below the top whose rest still stands,
// put on any free position of an incomplete top, or anywhere on a new level
// when the top is complete.
func legalJengaMoves(t jenga.Tower, c jenga.Colour) []jenga.Move {
	top := t.Top()
	var tos []int
	if tl := t.Levels[top]; tl.Blocks() == 3 {
		tos = []int{jenga.Left, jenga.Middle, jenga.Right}
	} else {
		for p, b := range tl {
			if b == jenga.Empty {
				tos = append(tos, p)
			}
		}
	}
	var out []jenga.Move
	for i, l := range t.Levels[:top] {
		for p, b := range l {
			if b != c {
				continue
			}
			rest := l
			rest[p] = jenga.Empty
			if !lowerLevelStands(rest) {
				continue
			}
			for _, to := range tos {
				out = append(out, jenga.Move{Level: i, Pos: p, To: to})
			}
		}
	}
	return out
}

func isLegalJengaMove(legal []jenga.Move, m jenga.Move) bool {
	for _, l := range legal {
		if l == m {
			return true
		}
	}
	return false
}

// applyJengaMove returns the tower after legal move m.
func applyJengaMove(t jenga.Tower, m jenga.Move) jenga.Tower {
	n := t.Clone()
	top := n.Top()
	c := n.Levels[m.Level][m.Pos]
	n.Levels[m.Level][m.Pos] = jenga.Empty
	if n.Levels[top].Blocks() == 3 {
		n.Levels = append(n.Levels, jenga.Level{})
		top++
	}
	n.Levels[top][m.To] = c
	return n
}
