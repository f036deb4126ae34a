package exact

import (
	"fmt"
	"io"
	"math"

	"github.com/chancecheck/chancecheck/games/jenga"
)

// The optimal policy is read from the solved values: in a state, for a
// colour, the optimal move is the first move of that colour (in forMoves'
// order) whose successor has the smallest value. The chain of PMF and the
// moves Move hands out follow this one rule, so they always agree.

// colourIndex maps R, G, B to 0, 1, 2.
func colourIndex(c jenga.Colour) (int, bool) {
	if c < jenga.Red || c > jenga.Blue {
		return 0, false
	}
	return int(c) - 1, true
}

// lookup returns the value of a solved state without solving anything, so
// that it is safe for concurrent use once SolveJenga has returned.
func (s *JengaSolution) lookup(k1, w1 uint64, top uint8) (float64, bool) {
	t := s.tables
	b, tops := s.floors.get(min(k1, w1))
	i := t.topIdx[t.canonicalTop(top, k1, w1)]
	if b < 0 {
		return 0, false
	}
	class := t.blocks[t.idxCode[i]]
	row := s.groupRows[jengaRowsPerFloor*int(b)+int(class)-1]
	if row < 0 {
		return 0, false
	}
	if class == 1 {
		tops = s.tops1[row]
	}
	if tops&(1<<i) == 0 {
		return 0, false
	}
	v := &s.vals[class]
	return v.v[int(row)*v.stride+int(i-t.classBase[class])], true
}

// best returns the optimal move of colour c (0..2) in the canonical state
// (k, w) and the key and swap key of the state it leads to.
func (s *JengaSolution) best(k, w uint64, c int) (m jengaChoice, k2, w2 uint64, ok bool, err error) {
	bestV := math.Inf(1)
	s.forMoves(k, w, c, func(_ int, mv jengaChoice, k1, w1 uint64, top uint8) {
		v, solved := s.lookup(k1, w1, top)
		if !solved {
			err = fmt.Errorf("jenga: state %#x was never solved", jengaKey(k1, top))
			return
		}
		if v < bestV {
			bestV, m, ok = v, mv, true
			k2, w2 = jengaKey(k1, top), jengaKey(w1, s.tables.swapTop[top])
		}
	})
	return m, k2, w2, ok, err
}

// Move returns the optimal move in real tower t after a throw of colour c,
// or false when c has no legal move (or t is not a state of this game). It
// is safe for concurrent use.
func (s *JengaSolution) Move(t jenga.Tower, c jenga.Colour) (jenga.Move, bool) {
	ci, ok := colourIndex(c)
	if !ok || len(t.Levels) == 0 {
		return jenga.Move{}, false
	}
	tb := s.tables
	k, ok := tb.keyOf(t)
	if !ok {
		return jenga.Move{}, false
	}
	w := tb.swapKey(k)
	if w < k { // the canonical frame is the colour swap: play it there
		k, w = w, k
		t = swapTower(t)
		ci = [3]int{0, 2, 1}[ci]
	}
	ch, _, _, ok, err := s.best(k, w, ci)
	if !ok || err != nil {
		return jenga.Move{}, false
	}
	return realMove(tb, t, ch)
}

func swapTower(t jenga.Tower) jenga.Tower {
	out := jenga.Tower{Levels: make([]jenga.Level, len(t.Levels))}
	for i, l := range t.Levels {
		out.Levels[i] = swapGreenBlue(l)
	}
	return out
}

// realMove finds a canonical move in a real tower: the first lower level of
// the move's kind, and positions mirrored where the real level or top is the
// mirror image of its canonical form.
func realMove(tb *jengaTables, t jenga.Tower, ch jengaChoice) (jenga.Move, bool) {
	top := t.Top()
	for i, l := range t.Levels[:top] {
		if tb.lower[levelCode(l)] != ch.level {
			continue
		}
		m := jenga.Move{Level: i, Pos: int(ch.pos), To: int(ch.to)}
		if levelCode(forgetMiddle(l)) != ch.level {
			m.Pos = 2 - m.Pos
		}
		if tl := t.Levels[top]; !tb.full[levelCode(tl)] && levelCode(tl) != tb.top[levelCode(tl)] {
			m.To = 2 - m.To
		}
		return m, true
	}
	return jenga.Move{}, false
}

// optimalChain is the Markov chain of the game under the optimal policy,
// over the canonical states that policy reaches.
func (s *JengaSolution) optimalChain() (*jengaChain, []uint64, error) {
	ch := &jengaChain{}
	num := map[uint64]int32{}
	var keys []uint64
	var visit func(k, w uint64) (int32, error)
	visit = func(k, w uint64) (int32, error) {
		if w < k {
			k, w = w, k
		}
		if i, ok := num[k]; ok {
			return i, nil
		}
		var to []int32
		var p []float64
		stay := 1.0 / 6
		for c := range 3 {
			_, k2, w2, ok, err := s.best(k, w, c)
			if err != nil {
				return 0, err
			}
			if !ok {
				stay += jengaWeight(c) / 6
				continue
			}
			j, err := visit(k2, w2)
			if err != nil {
				return 0, err
			}
			to, p = append(to, j), append(p, jengaWeight(c)/6)
		}
		if len(to) == 0 {
			stay = 1
		}
		i := ch.addState(stay, to, p)
		num[k] = i
		keys = append(keys, k)
		return i, nil
	}
	start, err := visit(s.start, s.twin)
	ch.start = start
	return ch, keys, err
}

// PMF returns the exact distribution of the number of throws under the
// optimal policy, PMF[k] = P(k throws), iterated throw by throw until the
// mass still in play is below tail, and that remaining mass.
func (s *JengaSolution) PMF(tail float64) ([]float64, float64, error) {
	ch, _, err := s.optimalChain()
	if err != nil {
		return nil, 0, err
	}
	return ch.pmf(tail)
}

// JengaPolicyRow is the optimal policy in one state: a real tower the
// optimal policy reaches from the input (the first met, breadth first, of
// its canonical class), its value, and the move for each colour R, G, B (Ok
// false when the colour has no move). Move levels index Tower.Levels.
type JengaPolicyRow struct {
	Key      uint64 // the canonical key of the state
	Tower    jenga.Tower
	Expected float64
	Moves    [3]jenga.Move
	Ok       [3]bool
}

// Policy returns one row for every canonical state the optimal policy
// reaches from the input tower, in breadth-first order from the input.
func (s *JengaSolution) Policy() ([]JengaPolicyRow, error) {
	tb := s.tables
	seen := map[uint64]bool{}
	queue := []jenga.Tower{s.input.Clone()}
	var rows []JengaPolicyRow
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		k, ok := tb.keyOf(t)
		if !ok {
			return nil, fmt.Errorf("jenga: tower %v has too many lower levels", t)
		}
		w := tb.swapKey(k)
		k, w = min(k, w), max(k, w)
		if seen[k] {
			continue
		}
		seen[k] = true
		row := JengaPolicyRow{Key: k, Tower: t}
		var solved bool
		if row.Expected, solved = s.lookup(keyLanes(k), keyLanes(w), keyTop(k)); !solved {
			return nil, fmt.Errorf("jenga: state %#x was never solved", k)
		}
		for c, col := range jenga.Colours() {
			if row.Moves[c], row.Ok[c] = s.Move(t, col); row.Ok[c] {
				queue = append(queue, applyJengaMove(t, row.Moves[c]))
			}
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// WritePolicy prints the optimal policy readably: one line per state the
// optimal policy reaches, with its value and the move for each colour.
func (s *JengaSolution) WritePolicy(w io.Writer) error {
	rows, err := s.Policy()
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "# %d states reached under the optimal policy (of %d solved), one real tower each; levels bottom to top, the last is the top, '.' = no block\n", len(rows), s.States()); err != nil {
		return err
	}
	for _, r := range rows {
		line := fmt.Sprintf("%-40s E=%.9f", r.Tower, r.Expected)
		for c, col := range jenga.Colours() {
			if r.Ok[c] {
				line += fmt.Sprintf("  %s: %s", col, r.Moves[c])
			} else {
				line += fmt.Sprintf("  %s: -", col)
			}
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	return nil
}
