package gametest

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/big"
	"math/rand/v2"

	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// The kit's own tests run on a tiny game defined through the public API as
// a user's game is: roll a fair die of s sides until it shows a 1, and count
// the rolls. A board is s (2 ≤ s ≤ dieMaxSides); the count is
// Geometric(1/s), of mean s. An input is "T" and then T lines of sides,
// T ≤ dieMaxCases; the output one answer a line. Each test plants one bug
// in dieSpec and runs the check meant to catch it.

const (
	dieMaxSides = 12
	dieMaxCases = 5
	dieTail     = 1e-13 // where the throw distribution is cut
)

func dieSpec() props.Spec[int] {
	return props.Spec[int]{
		Name:              "die",
		Title:             "Rolls of a fair die until it shows 1",
		Parse:             parseDice(dieMaxCases),
		Write:             writeDice,
		MaxBoardsPerInput: dieMaxCases,
		Generator:         rapid.IntRange(2, dieMaxSides),
		Classify:          func(s int) string { return fmt.Sprintf("d%d", s) },
		Samples:           []props.Sample{{Name: "sample", Input: "2\n2\n6\n", Output: "2.000000000\n6.000000000\n"}},
		Solve:             solveDie,
		Outcome:           props.Count,
		Play:              playDie,
		Invariants: []props.Invariant[int]{{
			Name:  "mean-is-sides",
			Doc:   "the expected number of rolls is the number of sides",
			Check: func(s int, sol props.Solution) error { return meanIsSides(s, sol.Value) },
		}},
		Simplifiers: []func(int) []int{dieWithASideFewer},
	}
}

func dieGame() props.Game { return props.Define(dieSpec()) }

// parseDice reads up to most cases.
func parseDice(most int) func(r io.Reader, file string) ([]int, error) {
	return func(r io.Reader, file string) ([]int, error) {
		var n int
		if _, err := fmt.Fscan(r, &n); err != nil {
			return nil, fmt.Errorf("%s: line 1: the number of cases: %w", file, err)
		}
		if n < 1 || n > most {
			return nil, fmt.Errorf("%s: line 1: %d cases, want 1 to %d", file, n, most)
		}
		out := make([]int, n)
		for i := range out {
			if _, err := fmt.Fscan(r, &out[i]); err != nil {
				return nil, fmt.Errorf("%s: line %d: %w", file, i+2, err)
			}
			if out[i] < 2 || out[i] > dieMaxSides {
				return nil, fmt.Errorf("%s: line %d: %d sides, want 2 to %d", file, i+2, out[i], dieMaxSides)
			}
		}
		return out, nil
	}
}

func writeDice(w io.Writer, dice []int) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, len(dice))
	for _, s := range dice {
		fmt.Fprintln(bw, s)
	}
	return bw.Flush()
}

// solveDie: P(T = k) = (1 − 1/s)^(k−1)/s for k ≥ 1, cut where the tail
// falls below dieTail.
func solveDie(s int) (props.Solution, error) {
	q := 1 - 1/float64(s)
	pmf := []float64{0}
	tail := 1.0
	for k := 1; tail > dieTail; k++ {
		pmf = append(pmf, math.Pow(q, float64(k-1))/float64(s))
		tail = math.Pow(q, float64(k))
	}
	return props.Solution{Value: float64(s), Fraction: big.NewRat(int64(s), 1), PMF: pmf, PMFTail: tail}, nil
}

func playDie(s int, rng *rand.Rand) (int, error) {
	n := 1
	for rng.IntN(s) != 0 {
		n++
	}
	return n, nil
}

func meanIsSides(s int, e float64) error {
	if math.Abs(e-float64(s)) > 1e-12 {
		return fmt.Errorf("E = %g, want %d", e, s)
	}
	return nil
}

func dieWithASideFewer(s int) []int {
	if s <= 2 {
		return nil
	}
	return []int{s - 1}
}
