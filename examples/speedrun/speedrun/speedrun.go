// Package speedrun is a game of one player's choices with restarts,
// written as rules (package rules) alone: Gotta Go Fast (Codeforces 865C).
// The rules engine solves it (exact policy iteration, the player
// minimising the expected total time) and the generic referee plays the
// engine's policy; examples/speedrun gives it every command.
//
// The statement: a game has N levels, played in order. Level i takes F_i
// seconds with probability P_i percent, else S_i seconds (F_i < S_i).
// After each level the player may go on, or reset and start again from
// the first level. The aim is to finish every level in one run of at most
// R seconds; the answer is the least expected total time played until
// then, the time of runs given up included.
package speedrun

import (
	"fmt"
	"io"

	"github.com/chancecheck/chancecheck/games/textio"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules"
	"pgregory.net/rapid"
)

// The statement's limits.
const (
	MaxLevels = 50
	MaxTime   = 5000
	MaxSlow   = 100
)

// Level is one level: its fast and slow times and the chance, in percent,
// of the fast one.
type Level struct{ Fast, Slow, Percent int }

// Board is a game of levels to finish within Limit seconds.
type Board struct {
	Levels []Level
	Limit  int
}

// State is the player about to play level Level (from 0) having spent
// Time seconds in this run; Level = len(Levels) is the end.
type State struct{ Level, Time int32 }

// Rules are the statement's rules for b. Playing a level costs its time
// (the branch's reward) and moves on, unless the run is then past the
// limit, when the player can only start again; reset starts again at
// once, for free. The start has no reset: it would lead back to itself.
func Rules(b Board) rules.Rules[State] {
	n := int32(len(b.Levels))
	limit := int32(b.Limit)
	start := State{}
	return rules.Rules[State]{
		Start: start,
		Goal:  rules.Minimise,
		End:   func(s State) (int, bool) { return 0, s.Level == n },
		Moves: func(s State) []rules.Move[State] {
			l := b.Levels[s.Level]
			after := func(t int) State {
				if s.Time+int32(t) > limit {
					return start // the run is lost
				}
				return State{s.Level + 1, s.Time + int32(t)}
			}
			play := rules.Move[State]{Name: "play", Branches: []rules.Branch[State]{
				{Weight: int64(l.Percent), Next: after(l.Fast), Reward: l.Fast},
				{Weight: int64(100 - l.Percent), Next: after(l.Slow), Reward: l.Slow},
			}}
			if s == start {
				return []rules.Move[State]{play}
			}
			return []rules.Move[State]{play, {Name: "reset", Branches: []rules.Branch[State]{{Weight: 1, Next: start}}}}
		},
	}
}

// Game is Gotta Go Fast as the harness sees it, drawing boards of at most
// the levels and limit given by its parameters.
func Game() props.Game {
	return props.FromRulesWithChoices(Spec(), props.RulesOf[Board, State]{Rules: Rules})
}

// Spec is the definition of Game without its analyst and referee, which
// come from the rules.
func Spec() props.Spec[Board] {
	return props.Spec[Board]{
		Name:  "speedrun",
		Title: "Gotta Go Fast (Codeforces 865C): the least expected time to finish every level within R",
		Parse: Parse,
		Write: Write,
		// The size parameters: the engine solves the whole graph, one
		// cycle (every state can reset), exactly; the boards stay small.
		Params: []props.Param{
			{Name: "levels", Doc: "the most levels drawn", Min: 1, Max: MaxLevels, Default: 3},
			{Name: "slack", Doc: "the most seconds R leaves beyond the fast times", Min: 0, Max: MaxTime, Default: 12},
		},
		GeneratorWith: generator,
		Outcome:       props.Count,
		// The published samples of Codeforces 865C.
		Samples: []props.Sample{
			{Name: "1", Input: "1 8\n2 8 81\n", Output: "3.14\n"},
			{Name: "2", Input: "2 30\n20 30 80\n3 9 85\n", Output: "31.4\n"},
			{Name: "3", Input: "4 319\n63 79 89\n79 97 91\n75 87 88\n75 90 83\n", Output: "314.159265358\n"},
		},
		Digits:    10,
		Tolerance: props.Tolerance{Abs: 1e-9, Rel: 1e-9},
	}
}

// generator draws boards of 1..levels levels of times 1..9 (slow ones a
// little slower), and a limit between the fast times' sum and slack more.
func generator(v map[string]int) *rapid.Generator[Board] {
	return rapid.Custom(func(t *rapid.T) Board {
		var b Board
		fast := 0
		for range rapid.IntRange(1, v["levels"]).Draw(t, "levels") {
			f := rapid.IntRange(1, 9).Draw(t, "fast")
			b.Levels = append(b.Levels, Level{f, f + rapid.IntRange(1, 9).Draw(t, "slower"), rapid.IntRange(80, 99).Draw(t, "percent")})
			fast += f
		}
		b.Limit = min(MaxTime, fast+rapid.IntRange(0, v["slack"]).Draw(t, "slack"))
		return b
	})
}

// Parse reads the original input: "N R", then N lines "F S P", with
// 1 ≤ N ≤ 50, 1 ≤ R ≤ 5000, 1 ≤ F < S ≤ 100, 80 ≤ P ≤ 99, and the fast
// times within R. Its errors are *textio.Error values naming file and
// line.
func Parse(r io.Reader, file string) ([]Board, error) {
	toks, err := textio.Read(r, file)
	if err != nil {
		return nil, err
	}
	n, _, err := toks.Int("N (the levels)", 1, MaxLevels)
	if err != nil {
		return nil, err
	}
	var b Board
	var limit textio.Token
	if b.Limit, limit, err = toks.Int("R (the time limit)", 1, MaxTime); err != nil {
		return nil, err
	}
	fast := 0
	for range n {
		var l Level
		var tok textio.Token
		if l.Fast, tok, err = toks.Int("F (the fast time)", 1, MaxSlow-1); err != nil {
			return nil, err
		}
		if l.Slow, _, err = toks.Int("S (the slow time)", l.Fast+1, MaxSlow); err != nil {
			return nil, err
		}
		if l.Percent, _, err = toks.Int("P (the fast time's chance, in percent)", 80, 99); err != nil {
			return nil, err
		}
		b.Levels = append(b.Levels, l)
		if fast += l.Fast; fast > b.Limit {
			return nil, toks.Errorf(tok.Line, "the fast times sum to %d by this level, past R = %d (line %d): no run could finish", fast, b.Limit, limit.Line)
		}
	}
	if err := toks.End("N lines \"F S P\" after \"N R\""); err != nil {
		return nil, err
	}
	return []Board{b}, nil
}

// Write writes b in the original input format.
func Write(w io.Writer, bs []Board) error {
	b := bs[0]
	if _, err := fmt.Fprintln(w, len(b.Levels), b.Limit); err != nil {
		return err
	}
	for _, l := range b.Levels {
		if _, err := fmt.Fprintln(w, l.Fast, l.Slow, l.Percent); err != nil {
			return err
		}
	}
	return nil
}
