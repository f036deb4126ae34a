package props

import (
	"slices"

	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/games/traps"
)

// Simplifier is implemented by games whose boards have one-step
// simplifications. CrossCheck uses it after rapid's shrinker: rapid shrinks
// the random choices a board was drawn from, and a board drawn as a unit (a
// wall of five snakes, say) can stay whole; taking away one piece at a time
// until no piece can go leaves a board every part of which matters.
type Simplifier interface {
	// Simpler lists valid boards one step simpler than b (one part fewer,
	// one colour fewer, ...), each smaller than b by the game's measure so
	// that repeating the step ends.
	Simpler(b Board) []Board
}

var (
	_ Simplifier = Snakes{}
	_ Simplifier = Jenga{}
	_ Simplifier = Traps{}
)

// Simpler lists b without each one of its jumps.
func (Snakes) Simpler(b Board) []Board {
	sb := b.(snakes.Board)
	var out []Board
	for i := range sb.Jumps {
		less := snakes.Board{Jumps: slices.Delete(slices.Clone(sb.Jumps), i, i+1)}
		if less.Validate() == nil {
			out = append(out, less)
		}
	}
	return out
}

// Simpler lists t without each one of its levels (down to two), then t with
// one colour painted over by another everywhere.
func (g Jenga) Simpler(b Board) []Board {
	t := b.(jenga.Tower)
	var out []Board
	if len(t.Levels) > jenga.MinLevels {
		for i := range t.Levels {
			less := jenga.Tower{Levels: slices.Delete(slices.Clone(t.Levels), i, i+1)}
			if less.Validate() == nil {
				out = append(out, less)
			}
		}
	}
	used := map[jenga.Colour]bool{}
	for _, l := range t.Levels {
		for _, c := range l {
			used[c] = true
		}
	}
	for _, from := range jenga.Colours() {
		for _, to := range jenga.Colours() {
			if from == to || !used[from] || !used[to] {
				continue // painting over must lower the number of colours
			}
			p := t.Clone()
			for i := range p.Levels {
				for j, c := range p.Levels[i] {
					if c == from {
						p.Levels[i][j] = to
					}
				}
			}
			if p.Validate() == nil {
				out = append(out, p)
			}
		}
	}
	return out
}

// Simpler lists z without one of its rows or columns, z with one trap cell
// turned to floor, and z with one life fewer.
func (Traps) Simpler(b Board) []Board {
	z := b.(*traps.Maze)
	var out []Board
	add := func(less *traps.Maze) {
		if less.Validate() == nil {
			out = append(out, less)
		}
	}
	if z.M() > 1 {
		for r := range z.Rows {
			less := z.Clone()
			less.Rows = slices.Delete(less.Rows, r, r+1)
			add(less)
		}
	}
	if z.N() > 1 {
		for c := range z.N() {
			less := z.Clone()
			for r, row := range less.Rows {
				less.Rows[r] = row[:c] + row[c+1:]
			}
			add(less)
		}
	}
	for r, row := range z.Rows {
		for c := range len(row) {
			if traps.Kind(row[c]) < 0 {
				continue
			}
			less := z.Clone()
			less.Rows[r] = row[:c] + string(traps.Floor) + row[c+1:]
			add(less)
		}
	}
	if z.Life > 1 {
		less := z.Clone()
		less.Life--
		add(less)
	}
	return out
}
