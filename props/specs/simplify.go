package specs

import (
	"slices"

	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/games/traps"
)

// The built-in games' simplifiers (props.Spec.Simplifiers). Each returns valid
// boards one step simpler than its argument; the search that uses them is in
// props/crosscheck_shrink.go.

// jengaWithoutALevel lists t without each one of its levels (down to two).
func jengaWithoutALevel(t jenga.Tower) []jenga.Tower {
	var out []jenga.Tower
	if len(t.Levels) > jenga.MinLevels {
		for i := range t.Levels {
			less := jenga.Tower{Levels: slices.Delete(slices.Clone(t.Levels), i, i+1)}
			if less.Validate() == nil {
				out = append(out, less)
			}
		}
	}
	return out
}

// jengaWithAColourPainted lists t with one colour painted over by another
// everywhere.
func jengaWithAColourPainted(t jenga.Tower) []jenga.Tower {
	used := map[jenga.Colour]bool{}
	for _, l := range t.Levels {
		for _, c := range l {
			used[c] = true
		}
	}
	var out []jenga.Tower
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

// trapsWithoutALine lists z without one of its rows, then without one of
// its columns.
func trapsWithoutALine(z *traps.Maze) []*traps.Maze {
	var out []*traps.Maze
	if z.M() > 1 {
		for r := range z.Rows {
			less := z.Clone()
			less.Rows = slices.Delete(less.Rows, r, r+1)
			out = appendValidMaze(out, less)
		}
	}
	if z.N() > 1 {
		for c := range z.N() {
			less := z.Clone()
			for r, row := range less.Rows {
				less.Rows[r] = row[:c] + row[c+1:]
			}
			out = appendValidMaze(out, less)
		}
	}
	return out
}

// trapsWithATrapCleared lists z with one trap cell turned to floor.
func trapsWithATrapCleared(z *traps.Maze) []*traps.Maze {
	var out []*traps.Maze
	for r, row := range z.Rows {
		for c := range len(row) {
			if traps.Kind(row[c]) < 0 {
				continue
			}
			less := z.Clone()
			less.Rows[r] = row[:c] + string(traps.Floor) + row[c+1:]
			out = appendValidMaze(out, less)
		}
	}
	return out
}

// trapsWithoutAKind lists z without each trap kind its map never shows:
// the letters above it move down one, and the prior is its marginal over
// the other kinds (divided by the weights' greatest common divisor, which
// keeps every chance; one over traps.MaxWeight is dropped as invalid). A
// kind that is never stepped on changes no answer.
func trapsWithoutAKind(z *traps.Maze) []*traps.Maze {
	used := make([]bool, z.Kinds)
	for _, row := range z.Rows {
		for i := range len(row) {
			if k := traps.Kind(row[i]); k >= 0 && k < z.Kinds {
				used[k] = true
			}
		}
	}
	var out []*traps.Maze
	for j := range z.Kinds {
		if used[j] {
			continue
		}
		less := z.Clone()
		less.Kinds--
		for r, row := range less.Rows {
			b := []byte(row)
			for i, c := range b {
				if k := traps.Kind(c); k > j {
					b[i] = c - 1
				}
			}
			less.Rows[r] = string(b)
		}
		less.Prior = make([]int, 1<<less.Kinds)
		low := 1<<j - 1 // the bits below j stay, those above move down one
		for i, w := range z.Prior {
			less.Prior[i&low|i>>(j+1)<<j] += w
		}
		d := 0
		for _, w := range less.Prior {
			d = gcd(d, w)
		}
		for i := range less.Prior {
			less.Prior[i] /= max(d, 1)
		}
		out = appendValidMaze(out, less)
	}
	return out
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// trapsWithALifeFewer lists z with one life fewer.
func trapsWithALifeFewer(z *traps.Maze) []*traps.Maze {
	if z.Life <= 1 {
		return nil
	}
	less := z.Clone()
	less.Life--
	return appendValidMaze(nil, less)
}

func appendValidMaze(out []*traps.Maze, z *traps.Maze) []*traps.Maze {
	if z.Validate() == nil {
		out = append(out, z)
	}
	return out
}
