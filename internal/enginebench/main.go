// Command enginebench solves one of the rules engine's benchmark boards in
// a whole process, for paired timings of whole runs (BENCHMARKS.md):
//
//	go build -o /tmp/enginebench ./internal/enginebench
//	/tmp/enginebench mice 1000      # Bag of mice 1000 1000, acyclic, float64
//	/tmp/enginebench restart 70     # a game with restarts, one cycle, float64 with a proved bound
//	/tmp/enginebench chain 1000000  # a walk of a million states, modulo 998244353
//	/tmp/enginebench back 5028      # issue 28's one-player game, traps back to the start, die of 6
//	/tmp/enginebench back10 100000  # the same with a die of 10
//	/tmp/enginebench pig2 100       # two-dice Pig, one cycle of 867,374 states, two players
//
// It prints the states, the value and its bound (or the residue) and the
// time taken, and exits 1 on an error.
package main

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/engine"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "enginebench:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("usage: enginebench mice|restart|chain|back|back10|pig2 N")
	}
	n, err := strconv.Atoi(args[1])
	if err != nil || n < 1 {
		return fmt.Errorf("the size must be a positive integer, not %q", args[1])
	}
	start := time.Now()
	switch args[0] {
	case "mice":
		res, err := engine.Solve(mice(n, n), engine.Options{ExactStates: -1})
		if err != nil {
			return err
		}
		fmt.Printf("%d states: %.12f ± %.1e in %v\n", res.States, res.Value, res.ErrorBound, time.Since(start))
	case "restart":
		res, err := engine.Solve(restarts(n), engine.Options{})
		if err != nil {
			return err
		}
		fmt.Printf("%d states, a cycle of %d: %.12f ± %.1e in %v\n", res.States, res.LargestCycle, res.Value, res.ErrorBound, time.Since(start))
	case "chain":
		r, err := engine.SolveModulo(walk(n), 998244353, engine.Options{})
		if err != nil {
			return err
		}
		fmt.Printf("%d states: %d mod 998244353 in %v\n", n+1, r, time.Since(start))
	case "back", "back10":
		m := map[string]int{"back": 6, "back10": 10}[args[0]]
		res, err := engine.Solve(BackToStartBoard(n, m, 10).Rules(), engine.Options{})
		if err != nil {
			return err
		}
		fmt.Printf("%d states, a cycle of %d, %s: %.12g ± %.1e in %v\n", res.States, res.LargestCycle, res.Method, res.Value, res.ErrorBound, time.Since(start))
	case "pig2":
		res, err := engine.Solve(twoDicePig(n), engine.Options{})
		if err != nil {
			return err
		}
		fmt.Printf("%d states, a cycle of %d: %.12f ± %.1e in %v\n", res.States, res.LargestCycle, res.Value, res.ErrorBound, time.Since(start))
	default:
		return fmt.Errorf("unknown board %q: mice, restart, chain, back, back10 or pig2", args[0])
	}
	return nil
}

// miceState is Bag of mice's state (examples/bagofmice): white and black
// mice, and who draws (0 the princess, 1 the dragon, 2 a mouse jumps, 3 won,
// 4 lost).
type miceState struct {
	white, black int16
	turn         int8
}

// mice is Bag of mice (Codeforces 148D) by its rules.
func mice(w, b int) rules.Rules[miceState] {
	return rules.Rules[miceState]{
		Start: miceState{int16(w), int16(b), 0},
		End: func(s miceState) (int, bool) {
			switch {
			case s.turn == 3:
				return 1, true
			case s.turn == 4 || s.white+s.black == 0:
				return 0, true
			}
			return 0, false
		},
		Chance: func(s miceState) []rules.Branch[miceState] {
			var white, black miceState
			switch s.turn {
			case 0:
				white, black = miceState{turn: 3}, miceState{s.white, s.black - 1, 1}
			case 1:
				white, black = miceState{turn: 4}, miceState{s.white, s.black - 1, 2}
			default:
				white, black = miceState{s.white - 1, s.black, 0}, miceState{s.white, s.black - 1, 0}
			}
			outs := make([]rules.Branch[miceState], 0, 2)
			if s.white > 0 {
				outs = append(outs, rules.Branch[miceState]{Weight: int64(s.white), Next: white})
			}
			if s.black > 0 {
				outs = append(outs, rules.Branch[miceState]{Weight: int64(s.black), Next: black})
			}
			return outs
		},
	}
}

// restarts is a game with restarts of n levels in the manner of "Gotta Go
// Fast" (Codeforces 865C), as the engine's own BenchmarkRestartGame: level
// i takes 10 + i%37 seconds (weight 80 + i%19 of 100) or 20 + (13i)%41
// more; after a level the player goes on or restarts (the seconds stay
// counted); a run past the limit (the fast times' sum + 500) must restart;
// minimise the expected total seconds.
func restarts(n int) rules.Rules[int] {
	fast, slow, pct := make([]int, n), make([]int, n), make([]int, n)
	limit := 500
	for i := range n {
		fast[i] = 10 + i%37
		slow[i] = fast[i] + 20 + (13*i)%41
		pct[i] = 80 + i%19
		limit += fast[i]
	}
	const over = -1
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

// walk is a walk on 0..n from 0: up with weight 3, down with weight 2 (at
// 0, down stays), each step counted; reaching n ends it. One cycle of n
// states.
func walk(n int) rules.Rules[int] {
	return rules.Rules[int]{
		End: func(s int) (int, bool) { return 0, s >= n },
		Chance: func(s int) []rules.Branch[int] {
			return []rules.Branch[int]{{Weight: 3, Next: s + 1, Reward: 1}, {Weight: 2, Next: max(s-1, 0), Reward: 1}}
		},
	}
}
