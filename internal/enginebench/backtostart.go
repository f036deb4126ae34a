package main

import "github.com/chancecheck/chancecheck/rules"

// BackToStart is a board of the one-player game of issue 28: squares 0..N,
// start at 0, each throw of a die of M faces (counted) moves forward by
// its face, a throw past N is lost (the token stays), and a trap sends the
// token back to the start; reaching N ends the game. The traps make every
// square before the last one a single cycle through the start.
type BackToStart struct {
	N, M  int
	Traps []int // squares in 1..N−1, ascending
}

// BackToStartBoard is the generated board with n squares, a die of m
// faces and traps traps, spread evenly over the first 99% of the board
// (the cycle is the squares up to the last trap, the rest of the board
// leads out of it without a cycle): n = 5028, m = 6 has a cycle of 4,979
// states, under the 5,000 that the engine once solved exactly whatever it
// cost (over 150 s).
func BackToStartBoard(n, m, traps int) BackToStart {
	b := BackToStart{N: n, M: m}
	for j := 1; j <= traps; j++ {
		b.Traps = append(b.Traps, n*99/100*j/traps)
	}
	return b
}

// Rules are b's rules; a state is the token's square.
func (b BackToStart) Rules() rules.Rules[int] {
	trap := make([]bool, b.N+1)
	for _, t := range b.Traps {
		trap[t] = true
	}
	return rules.Rules[int]{
		End: func(s int) (int, bool) { return 0, s == b.N },
		Chance: func(s int) []rules.Branch[int] {
			out := make([]rules.Branch[int], 0, b.M)
			for face := 1; face <= b.M; face++ {
				next := s + face
				switch {
				case next > b.N:
					next = s
				case trap[next]:
					next = 0
				}
				out = append(out, rules.Branch[int]{Weight: 1, Next: next, Reward: 1})
			}
			return out
		},
	}
}
