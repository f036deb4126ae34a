package engine

import "github.com/chancecheck/chancecheck/rules"

// restartGame is a game with restarts in the manner of "Gotta Go Fast"
// (Codeforces 865C): levels 0..n−1, level i takes fast[i] seconds with
// weight pct[i] or slow[i] with weight 100−pct[i]; after any level the
// player may go on or restart from level 0 (the seconds played stay
// counted); a run over limit seconds must restart; finishing every level
// within the limit ends the game. The player minimises the expected total
// seconds. A state is level·(limit+1) + seconds of the run so far, and
// every state can restart, so the states with a choice form one cycle
// through the start: one hub.
func restartGame(fast, slow, pct []int, limit int) rules.Rules[int] {
	n := len(fast)
	const over = -4 // the run went over the limit: only a restart is left
	enc := func(level, t int) int {
		if t > limit {
			return over
		}
		return level*(limit+1) + t
	}
	return rules.Rules[int]{
		Goal: rules.Minimise,
		End:  func(s int) (int, bool) { return 0, s >= 0 && s/(limit+1) == n },
		Moves: func(s int) []rules.Move[int] {
			restart := rules.Move[int]{Name: "restart", Branches: []rules.Branch[int]{{Weight: 1, Next: 0}}}
			if s == over {
				return []rules.Move[int]{restart}
			}
			level, t := s/(limit+1), s%(limit+1)
			play := rules.Move[int]{Name: "play", Branches: []rules.Branch[int]{
				{Weight: int64(pct[level]), Next: enc(level+1, t+fast[level]), Reward: fast[level]},
				{Weight: int64(100 - pct[level]), Next: enc(level+1, t+slow[level]), Reward: slow[level]},
			}}
			if s == 0 {
				return []rules.Move[int]{play}
			}
			return []rules.Move[int]{play, restart}
		},
	}
}

// bigRestartGame is a restartGame of n levels with times spread so that
// many (level, seconds) pairs are reached (about 20·n² states for n ≥ 20
// and a limit past the sum of the fast times), and a chance of finishing a
// run within the limit that is not small.
func bigRestartGame(n, limit int) rules.Rules[int] {
	fast, slow, pct := make([]int, n), make([]int, n), make([]int, n)
	for i := range n {
		fast[i] = 10 + i%37
		slow[i] = fast[i] + 20 + (13*i)%41
		pct[i] = 80 + i%19
	}
	return restartGame(fast, slow, pct, limit)
}
