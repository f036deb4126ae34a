// Package hit is Critical Hit (AtCoder ABC 280 E) defined by its rules
// alone: a monster of stamina N, attacked until its stamina is 0 or less,
// each attack taking 2 stamina with chance P percent and 1 otherwise; the
// answer is the expected number of attacks, printed modulo 998244353. The
// rules engine is the analyst (an exact fraction, whose residue is the
// answer) and the generic referee plays the same rules;
// examples/critical-hit gives the game every command.
package hit

import (
	"fmt"
	"io"

	"github.com/chancecheck/chancecheck/answer"
	"github.com/chancecheck/chancecheck/games/textio"
	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules"
	"github.com/chancecheck/chancecheck/rules/engine"
	"pgregory.net/rapid"
)

// The statement's bounds: 1 ≤ N ≤ 2·10⁵, 0 ≤ P ≤ 100.
const (
	MaxStamina = 200000
	MaxPercent = 100
)

// Modulus is the prime the answer is printed modulo.
const Modulus = 998244353

// MaxExactStamina is the largest stamina the generator draws: the engine
// solves a board in big.Rat up to exactStates states (the fraction of a
// stamina of 300 already has some 600 digits), which gives the value and
// the distribution that report's agreement tests need. solve and check
// answer any stamina up to the statement's bound: beyond big.Rat the engine
// solves modulo the prime itself (engine.SolveModulo).
const MaxExactStamina = 300

const exactStates = MaxExactStamina + 2

// Board is one input: the stamina N and the critical-hit chance P percent.
type Board struct{ N, P int }

// Game is Critical Hit as the harness sees it, by its rules.
func Game() props.Game {
	return props.FromRules(Spec(), props.RulesOf[Board, int]{Rules: Rules, Engine: engine.Options{ExactStates: exactStates}})
}

// Spec is the game without an analyst or a referee: FromRules derives both
// from Rules.
func Spec() props.Spec[Board] {
	return props.Spec[Board]{
		Name:      "critical-hit",
		Title:     "Critical Hit (AtCoder ABC 280 E): the expected number of attacks, modulo 998244353",
		Parse:     Parse,
		Write:     func(w io.Writer, b []Board) error { _, err := fmt.Fprintln(w, b[0].N, b[0].P); return err },
		Generator: Generator(),
		Samples: []props.Sample{ // the statement's, verbatim
			{Name: "1", Input: "3 10\n", Output: "229596204\n"},
			{Name: "2", Input: "5 100\n", Output: "3\n"},
			{Name: "3", Input: "280 59\n", Output: "567484387\n"},
		},
		Outcome:    props.Count,
		AnswerKind: answer.Residue, Modulus: Modulus,
		Simplifiers: []func(Board) []Board{ // the harness drops invalid candidates
			func(b Board) []Board { return []Board{{b.N / 2, b.P}, {b.N - 1, b.P}} },
			func(b Board) []Board { return []Board{{b.N, b.P / 2}, {b.N, b.P - 1}} },
		},
	}
}

// Rules are the statement's: at stamina s > 0 an attack leads to s − 2
// with weight P and to s − 1 with weight 100 − P, and counts 1; stamina 0
// or less ends the play.
func Rules(b Board) rules.Rules[int] {
	return rules.Rules[int]{
		Start: b.N,
		End:   func(s int) (int, bool) { return 0, s <= 0 },
		Chance: func(s int) []rules.Branch[int] {
			var outs []rules.Branch[int]
			if b.P > 0 {
				outs = append(outs, rules.Branch[int]{Weight: int64(b.P), Next: s - 2, Reward: 1})
			}
			if b.P < MaxPercent {
				outs = append(outs, rules.Branch[int]{Weight: int64(MaxPercent - b.P), Next: s - 1, Reward: 1})
			}
			return outs
		},
	}
}

// Parse reads the one line "N P"; its errors name file and line.
func Parse(r io.Reader, file string) ([]Board, error) {
	toks, err := textio.Read(r, file)
	if err != nil {
		return nil, err
	}
	var b Board
	var n, p textio.Token
	if b.N, n, err = toks.Int("N (the stamina)", 1, MaxStamina); err != nil {
		return nil, err
	}
	if b.P, p, err = toks.Int("P (the critical-hit chance, in percent)", 0, MaxPercent); err != nil {
		return nil, err
	}
	if p.Line != n.Line {
		return nil, toks.Errorf(p.Line, "expected P beside N, on line %d", n.Line)
	}
	if err := toks.End(`"N P": the input is one line`); err != nil {
		return nil, err
	}
	return []Board{b}, nil
}

// Generator draws N up to MaxExactStamina and P in 0..100, shrinking
// toward N = 1 and P = 0.
func Generator() *rapid.Generator[Board] {
	return rapid.Custom(func(t *rapid.T) Board {
		return Board{rapid.IntRange(1, MaxExactStamina).Draw(t, "N"), rapid.IntRange(0, MaxPercent).Draw(t, "P")}
	})
}
