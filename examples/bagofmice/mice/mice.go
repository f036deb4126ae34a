// Package mice is Bag of mice (Codeforces 148D), a game written against the
// public API alone; examples/bagofmice gives it every command.
package mice

import (
	"fmt"
	"io"
	"math"
	"math/big"
	"math/rand/v2"

	"github.com/chancecheck/chancecheck/games/textio"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// MaxMice is the statement's bound on each colour: 0 ≤ w, b ≤ 1000.
const MaxMice = 1000

// Board is a bag of White white and Black black mice. The princess draws
// first, then the dragon, each a mouse at random; the first to draw a white
// one wins. After each of the dragon's draws a mouse jumps out. An empty bag
// is the dragon's win. The answer is the princess's win probability.
type Board struct{ White, Black int }

// Game is Bag of mice as the harness sees it.
func Game() props.Game { return props.Define(Spec()) }

// Spec is the definition of Game, for tests that plant a bug in a part.
func Spec() props.Spec[Board] {
	return props.Spec[Board]{
		Name:      "bagofmice",
		Title:     "Bag of mice (Codeforces 148D): the princess's win probability",
		Parse:     Parse,
		Write:     func(w io.Writer, b []Board) error { _, err := fmt.Fprintln(w, b[0].White, b[0].Black); return err },
		Generator: Generator(),
		Classify:  Classify,
		Samples:   []props.Sample{{Name: "1", Input: "1 3\n", Output: "0.500000000\n"}, {Name: "2", Input: "5 5\n", Output: "0.658730159\n"}},
		Solve:     func(b Board) (props.Solution, error) { return props.Solution{Value: WinProbability(b)}, nil },
		Fraction:  Fraction,
		Play:      Play,
		Invariants: []props.Invariant[Board]{
			{Name: "closed-forms", Doc: "w ≤ 1 and b ≤ 2 have closed forms, derived by hand", Check: checkClosedForm},
			{Name: "monotone-in-w", Doc: "one more white mouse never lowers her chance", Check: checkMonotone},
		},
		Simplifiers: []func(Board) []Board{ // the harness drops invalid candidates (a negative count)
			func(b Board) []Board { return []Board{{b.White / 2, b.Black / 2}} },
			func(b Board) []Board { return []Board{{b.White, b.Black - 3}} }, // one round fewer
			func(b Board) []Board { return []Board{{b.White - 1, b.Black}, {b.White, b.Black - 1}} },
		},
		Digits:    9,
		Tolerance: props.Tolerance{Abs: 1e-9, Rel: 1e-9},
	}
}

// Parse reads the original input, the one line "w b". Its errors are
// *textio.Error values naming file and line.
func Parse(r io.Reader, file string) ([]Board, error) {
	toks, err := textio.Read(r, file)
	if err != nil {
		return nil, err
	}
	var b Board
	var w, k textio.Token
	if b.White, w, err = toks.Int("w (the white mice)", 0, MaxMice); err != nil {
		return nil, err
	}
	if b.Black, k, err = toks.Int("b (the black mice)", 0, MaxMice); err != nil {
		return nil, err
	}
	if k.Line != w.Line {
		return nil, toks.Errorf(k.Line, "expected b beside w, on line %d", w.Line)
	}
	if err := toks.End(`"w b": the input is one line`); err != nil {
		return nil, err
	}
	return []Board{b}, nil
}

// WinProbability is the princess's chance by a DP over smaller bags: she
// draws white (w/n, n = w+b), or both draw black and a white or a black
// jumps out, leaving w−1, b−2 or w, b−3.
func WinProbability(b Board) float64 {
	p := make([][]float64, b.White+1) // p[w][k] = p(w, k); p(0, k) = 0
	for w := range p {
		p[w] = make([]float64, b.Black+1)
		for k := 0; w > 0 && k <= b.Black; k++ {
			n := float64(w + k)
			p[w][k] = float64(w) / n
			if k >= 2 { // both drew black, and one of the n−2 ≥ 1 left jumps (k = 2: a white)
				both := float64(k) / n * float64(k-1) / (n - 1) / (n - 2)
				p[w][k] += both * (float64(w)*p[w-1][k-2] + float64(k-2)*p[w][max(k-3, 0)])
			}
		}
	}
	return p[b.White][b.Black]
}

// MaxFractionMice is the most mice Fraction counts for: at 200 its numerator
// and denominator reach 60 digits, at the limits 600.
const MaxFractionMice = 200

// Fraction is the exact chance by counting, not by the DP; nil, nil above
// MaxFractionMice mice. Random draws are draws in the order of a random
// permutation whose places go princess, dragon, jumper, princess, ...; the
// first white on one of the n − ⌊n/3⌋ places that do not jump decides. It
// is on the t-th of them (t odd: hers) in C(n−t, w−1) of the C(n, w) ways
// to place the whites.
func Fraction(b Board) (*big.Rat, error) {
	n, w := int64(b.White+b.Black), int64(b.White)
	if n > MaxFractionMice {
		return nil, nil
	}
	ways, c := new(big.Int), new(big.Int)
	for t := int64(1); w > 0 && t <= n-n/3; t += 2 {
		ways.Add(ways, c.Binomial(n-t, w-1))
	}
	return new(big.Rat).SetFrac(ways, c.Binomial(n, w)), nil
}

// Play plays b once with a real bag (true is white), each draw uniform
// among the mice left; a drawn mouse is swapped behind them.
func Play(b Board, rng *rand.Rand) (int, error) {
	bag := make([]bool, b.White+b.Black)
	for i := range b.White {
		bag[i] = true
	}
	for left, turn := len(bag), 0; left > 0; left, turn = left-1, (turn+1)%3 {
		i := rng.IntN(left) // turn 0: the princess draws; 1: the dragon; 2: a mouse jumps
		if bag[i], bag[left-1] = bag[left-1], bag[i]; bag[left-1] && turn < 2 {
			return 1 - turn, nil
		}
	}
	return 0, nil // nobody drew white: the dragon wins
}

// checkClosedForm compares with the closed forms. w = 1: the white's place
// in the order of draws is uniform on 1..n, and the princess draws at places
// 1, 4, 7, ...: ⌈n/3⌉ of them. b ≤ 1: she draws white (w/n), or the dragon
// must. b = 2 < w + 1: she draws white (w/(w+2)), or both draw black
// (2/(w+2)·1/(w+1)), a white jumps out, and whites are left. Other boards
// have none (NaN, which no difference exceeds).
func checkClosedForm(b Board, sol props.Solution) error {
	w, n, p := float64(b.White), float64(b.White+b.Black), math.NaN()
	switch {
	case b.White <= 1:
		p = w * math.Ceil(n/3) / max(n, 1)
	case b.Black <= 1:
		p = w / n
	case b.Black == 2:
		p = w/(w+2) + 2/((w+1)*(w+2))
	}
	if math.Abs(sol.Value-p) > 1e-12 {
		return fmt.Errorf("p(%d, %d) = %.12f, the closed form %.12f", b.White, b.Black, sol.Value, p)
	}
	return nil
}

// checkMonotone compares with the true DP at one more white mouse.
func checkMonotone(b Board, sol props.Solution) error {
	if next := WinProbability(Board{b.White + 1, b.Black}); b.White < MaxMice && next < sol.Value {
		return fmt.Errorf("p(%d, %d) = %.12f > p(%d, %d) = %.12f", b.White, b.Black, sol.Value, b.White+1, b.Black, next)
	}
	return nil
}

// Generator draws three styles, in the order rapid shrinks toward: small
// (0..12 of each), any (0..1000 of each; rapid favours small counts, so
// often lopsided) and near the limits (900..1000, drawn down from 1000).
func Generator() *rapid.Generator[Board] {
	return rapid.Custom(func(t *rapid.T) Board {
		n := func(name string, hi int) int { return rapid.IntRange(0, hi).Draw(t, name) }
		switch n("style", 2) {
		case 1:
			return Board{n("white", MaxMice), n("black", MaxMice)}
		case 2:
			return Board{MaxMice - n("whites short", 100), MaxMice - n("blacks short", 100)}
		}
		return Board{n("white", 12), n("black", 12)}
	})
}

// Classify names b's shape: small, lopsided, mid-range or near-limits.
func Classify(b Board) string {
	switch lo, hi := min(b.White, b.Black), max(b.White, b.Black); {
	case hi <= 12:
		return "small"
	case lo <= 12:
		return "lopsided"
	case lo >= 900:
		return "near-limits"
	}
	return "mid-range"
}
