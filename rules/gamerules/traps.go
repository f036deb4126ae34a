package gamerules

import (
	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/rules"
)

// TrapsState is the player's situation in a trap maze: the cell, the lives
// left and what is known of each trap kind (Known[t]: 0 unknown, 1
// harmless, 2 harmful). Life 0 is the end of a lost play (dead, or stopped);
// Won the end of a play that reached an exit alive.
type TrapsState struct {
	Row, Col int8
	Life     int8
	Won      bool
	Known    [traps.MaxKinds]int8
}

// Knowledge of one trap kind.
const (
	unknownKind  = 0
	harmlessKind = 1
	harmfulKind  = 2
)

// trapsDirections are the four steps: up, right, down, left.
var trapsDirections = [...]struct {
	name   string
	dr, dc int8
}{{"up", -1, 0}, {"right", 0, 1}, {"down", 1, 0}, {"left", 0, -1}}

// Traps are the rules of the trap maze (SDOI 2011, BZOJ 2246) on z, read
// from the statement. The player steps up, down, left or right onto a cell
// of the map that is not a wall. A step onto a trap of an unknown kind
// reveals the kind: harmful with the prior's weight of the joint states
// still possible in which it is harmful, harmless with the rest. A step
// onto a harmful trap costs a life, every time; at no lives left the player
// is dead. Reaching an exit alive wins (1). The player may also stop, a
// loss (0): stopping never helps, and it lets every play end, where the
// statement's player who cannot reach an exit would wander for ever. The
// player maximises the chance of winning.
func Traps(z *traps.Maze) rules.Rules[TrapsState] {
	r0, c0, _ := z.StartCell()
	lost := TrapsState{}
	return rules.Rules[TrapsState]{
		Start: TrapsState{Row: int8(r0), Col: int8(c0), Life: int8(z.Life)},
		Goal:  rules.Maximise,
		End: func(s TrapsState) (int, bool) {
			switch {
			case s.Won:
				return 1, true
			case s.Life <= 0:
				return 0, true
			}
			return 0, false
		},
		Moves: func(s TrapsState) []rules.Move[TrapsState] {
			moves := []rules.Move[TrapsState]{{Name: "stop", Branches: []rules.Branch[TrapsState]{{Weight: 1, Next: lost}}}}
			for _, d := range trapsDirections {
				r, c := int(s.Row+d.dr), int(s.Col+d.dc)
				if !z.Inside(r, c) || z.At(r, c) == traps.Wall {
					continue
				}
				next := s
				next.Row, next.Col = int8(r), int8(c)
				ch := z.At(r, c)
				if ch == traps.Exit {
					moves = append(moves, rules.Move[TrapsState]{Name: d.name, Branches: []rules.Branch[TrapsState]{{Weight: 1, Next: TrapsState{Won: true}}}})
					continue
				}
				t := traps.Kind(ch)
				if t < 0 {
					moves = append(moves, rules.Move[TrapsState]{Name: d.name, Branches: []rules.Branch[TrapsState]{{Weight: 1, Next: next}}})
					continue
				}
				harmful := next
				harmful.Known[t] = harmfulKind
				if harmful.Life--; harmful.Life <= 0 {
					harmful = lost
				}
				harmless := next
				harmless.Known[t] = harmlessKind
				var outs []rules.Branch[TrapsState]
				switch s.Known[t] {
				case harmlessKind:
					outs = append(outs, rules.Branch[TrapsState]{Weight: 1, Next: harmless})
				case harmfulKind:
					outs = append(outs, rules.Branch[TrapsState]{Weight: 1, Next: harmful})
				default:
					bad, good := trapsPosterior(z, s.Known, t)
					if bad > 0 {
						outs = append(outs, rules.Branch[TrapsState]{Weight: bad, Next: harmful})
					}
					if good > 0 {
						outs = append(outs, rules.Branch[TrapsState]{Weight: good, Next: harmless})
					}
				}
				moves = append(moves, rules.Move[TrapsState]{Name: d.name, Branches: outs})
			}
			return moves
		},
	}
}

// trapsPosterior sums the prior weights of the joint states still possible
// under known, split by whether kind t is harmful in them (bit t of the
// index set) or harmless.
func trapsPosterior(z *traps.Maze, known [traps.MaxKinds]int8, t int) (harmful, harmless int64) {
	for i, w := range z.Prior {
		possible := true
		for k := range z.Kinds {
			bit := i>>k&1 == 1
			if known[k] == harmfulKind && !bit || known[k] == harmlessKind && bit {
				possible = false
				break
			}
		}
		switch {
		case !possible:
		case i>>t&1 == 1:
			harmful += int64(w)
		default:
			harmless += int64(w)
		}
	}
	return harmful, harmless
}
