package gamerules

import (
	"slices"

	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/rules"
)

// JengaState is a tower in play and the colour just thrown. Tower holds
// three bytes (jenga.Colour values, 0 for no block) a level: the levels
// below the top first, in sorted order, then the top level. Each level is
// stored as the smaller of itself and its mirror image: the statement's
// rules treat left and right alike and never ask the order of the levels
// below the top, so these towers have the same future. Thrown is
// jenga.Empty before the throw.
type JengaState struct {
	Tower  string
	Thrown jenga.Colour
}

// String writes the tower as jenga.Tower.String does (bottom to top,
// levels separated by '/'), and the colour thrown, if any.
func (s JengaState) String() string {
	if s.Thrown == jenga.Empty {
		return jengaName(s.Tower)
	}
	return jengaName(s.Tower) + ", " + s.Thrown.String() + " thrown"
}

// jengaFaces are the die's faces and their weights: two green, two blue,
// one red, one black (Empty stands for black).
var jengaFaces = [...]struct {
	colour jenga.Colour
	weight int64
}{{jenga.Red, 1}, {jenga.Green, 2}, {jenga.Blue, 2}, {jenga.Empty, 1}}

// Jenga are the rules of Colored Jenga (Codeforces 424E) on tower t, read
// from the statement. Every minute the die is thrown (one minute, reward
// 1). On a colour with a legal move the player chooses one: take a block of
// that colour from a level below the top, leaving that level with two
// blocks or the middle one alone, and put it on the top level's empty
// place of the player's choice, or, when the top level is full, as a new
// level at any of the three places. On black, or a colour without a legal
// move, the minute is waited out. The game ends when no colour has a legal
// move. The player minimises the expected number of minutes.
func Jenga(t jenga.Tower) rules.Rules[JengaState] {
	return rules.Rules[JengaState]{
		Start: JengaState{Tower: jengaKey(t.Levels)},
		Goal:  rules.Minimise,
		End: func(s JengaState) (int, bool) {
			if s.Thrown != jenga.Empty {
				return 0, false
			}
			levels := jengaLevels(s.Tower)
			for _, c := range jenga.Colours() {
				if jengaCanMove(levels, c) {
					return 0, false
				}
			}
			return 0, true
		},
		Moves: func(s JengaState) []rules.Move[JengaState] {
			levels := jengaLevels(s.Tower)
			if s.Thrown != jenga.Empty {
				var moves []rules.Move[JengaState]
				for _, next := range jengaMoves(levels, s.Thrown) {
					moves = append(moves, rules.Move[JengaState]{Name: "to " + jengaName(next), Branches: []rules.Branch[JengaState]{{Weight: 1, Next: JengaState{Tower: next}}}})
				}
				return moves
			}
			var outs []rules.Branch[JengaState]
			var wait int64
			for _, f := range jengaFaces {
				if f.colour != jenga.Empty && jengaCanMove(levels, f.colour) {
					outs = append(outs, rules.Branch[JengaState]{Weight: f.weight, Next: JengaState{Tower: s.Tower, Thrown: f.colour}, Reward: 1})
				} else {
					wait += f.weight
				}
			}
			if wait > 0 {
				outs = append(outs, rules.Branch[JengaState]{Weight: wait, Next: s, Reward: 1})
			}
			return []rules.Move[JengaState]{{Name: "throw", Branches: outs}}
		},
	}
}

// jengaMoves lists the towers (as keys, without repeats) that a legal move
// on colour c leads to.
func jengaMoves(levels []jenga.Level, c jenga.Colour) []string {
	top := len(levels) - 1
	var out []string
	seen := map[string]bool{}
	for i := range top {
		for p := range 3 {
			if levels[i][p] != c || !jengaStandsWithout(levels[i], p) {
				continue
			}
			for _, placed := range jengaPlacements(levels[top], c) {
				next := append([]jenga.Level(nil), levels...)
				next[i][p] = jenga.Empty
				if levels[top].Blocks() == 3 {
					next = append(next, placed)
				} else {
					next[top] = placed
				}
				if k := jengaKey(next); !seen[k] {
					seen[k] = true
					out = append(out, k)
				}
			}
		}
	}
	return out
}

// jengaCanMove reports whether colour c has a legal move: a block of c
// below the top whose level stands without it (there is always a place to
// put it).
func jengaCanMove(levels []jenga.Level, c jenga.Colour) bool {
	for _, l := range levels[:len(levels)-1] {
		for p := range 3 {
			if l[p] == c && jengaStandsWithout(l, p) {
				return true
			}
		}
	}
	return false
}

// jengaStandsWithout reports whether a level below the top still stands
// without its block at p: two blocks left, or the middle one alone.
func jengaStandsWithout(l jenga.Level, p int) bool {
	l[p] = jenga.Empty
	switch l.Blocks() {
	case 2:
		return true
	case 1:
		return l[jenga.Middle] != jenga.Empty
	}
	return false
}

// jengaPlacements are the levels the top can become with a block of colour
// c: the top with c in one of its empty places, or, when it is full, a new
// level with c alone at any place.
func jengaPlacements(top jenga.Level, c jenga.Colour) []jenga.Level {
	var out []jenga.Level
	full := top.Blocks() == 3
	for q := range 3 {
		switch {
		case full:
			var l jenga.Level
			l[q] = c
			out = append(out, l)
		case top[q] == jenga.Empty:
			l := top
			l[q] = c
			out = append(out, l)
		}
	}
	return out
}

// jengaKey is the key of a tower: each level the smaller of itself and its
// mirror, the levels below the top sorted, then the top.
func jengaKey(levels []jenga.Level) string {
	key := make([]byte, 0, 3*len(levels))
	canon := func(l jenga.Level) [3]byte {
		a, b := [3]byte{byte(l[0]), byte(l[1]), byte(l[2])}, [3]byte{byte(l[2]), byte(l[1]), byte(l[0])}
		if string(b[:]) < string(a[:]) {
			return b
		}
		return a
	}
	below := make([]string, 0, len(levels))
	for _, l := range levels[:len(levels)-1] {
		c := canon(l)
		below = append(below, string(c[:]))
	}
	slices.Sort(below)
	for _, l := range below {
		key = append(key, l...)
	}
	top := canon(levels[len(levels)-1])
	return string(append(key, top[:]...))
}

// jengaLevels decodes a key.
func jengaLevels(key string) []jenga.Level {
	levels := make([]jenga.Level, len(key)/3)
	for i := range levels {
		levels[i] = jenga.Level{jenga.Colour(key[3*i]), jenga.Colour(key[3*i+1]), jenga.Colour(key[3*i+2])}
	}
	return levels
}

// jengaName writes a key's tower as jenga.Tower.String does.
func jengaName(key string) string { return jenga.Tower{Levels: jengaLevels(key)}.String() }

// JengaStateOf is the state of tower t with colour thrown (jenga.Empty:
// before the throw): the key of the rules, which does not tell mirrored
// levels, nor the order of the levels below the top, apart.
func JengaStateOf(t jenga.Tower, thrown jenga.Colour) JengaState {
	return JengaState{Tower: jengaKey(t.Levels), Thrown: thrown}
}

// TowerOf is a tower of state s: its levels as the key holds them.
func (s JengaState) TowerOf() jenga.Tower { return jenga.Tower{Levels: jengaLevels(s.Tower)} }
