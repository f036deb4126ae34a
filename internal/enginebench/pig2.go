package main

import "github.com/chancecheck/chancecheck/rules"

// pig2State is a state of two-dice Pig: both banked scores, the turn's
// points, who moves (2, 3: who won).
type pig2State struct {
	score  [2]uint8
	points uint8
	player uint8
}

// twoDicePig is the Pig-like game of issue 28 whose states form one big
// cycle: two players race to goal; on a turn the mover rolls two dice
// again and again until they hold. A single 1 ends the turn and loses the
// turn's points; two 1s also reset the mover's banked score to 0 (so no
// pair of scores is ever left for good: the whole game is one cycle);
// any other roll adds its sum to the turn's points. The first to bank the
// goal wins. The first player maximises his winning probability, the
// second minimises it. A goal of 100 has 867,376 states, all but the two
// that end in one cycle.
func twoDicePig(goal int) rules.Rules[pig2State] {
	return rules.Rules[pig2State]{
		End: func(s pig2State) (int, bool) { return int(3 - s.player), s.player >= 2 },
		Mover: func(s pig2State) rules.Goal {
			if s.player == 0 {
				return rules.Maximise
			}
			return rules.Minimise
		},
		Moves: func(s pig2State) []rules.Move[pig2State] {
			p := s.player
			passed := pig2State{score: s.score, player: p ^ 1}
			reset := passed
			reset.score[p] = 0
			roll := rules.Move[pig2State]{Name: "roll", Branches: []rules.Branch[pig2State]{
				{Weight: 1, Next: reset},   // two 1s
				{Weight: 10, Next: passed}, // one 1
			}}
			// The sums of two faces 2..6 and their ways: 4 once, 5 twice, …, 12 once.
			for sum := 4; sum <= 12; sum++ {
				ways := 5 - abs(sum-8)
				next := s
				if int(s.score[p])+int(s.points)+sum >= goal {
					next = pig2State{player: p + 2}
				} else {
					next.points += uint8(sum)
				}
				roll.Branches = append(roll.Branches, rules.Branch[pig2State]{Weight: int64(ways), Next: next})
			}
			if s.points == 0 {
				return []rules.Move[pig2State]{roll}
			}
			banked := passed
			banked.score[p] += s.points
			return []rules.Move[pig2State]{roll, {Name: "hold", Branches: []rules.Branch[pig2State]{{Weight: 1, Next: banked}}}}
		},
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
