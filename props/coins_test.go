package props

import (
	"bufio"
	"fmt"
	"io"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"pgregory.net/rapid"
)

// The harness's tests run on coins, a game defined here with the same API
// as a user's (Define over a Spec), so that no change to a built-in game
// can break a test of the harness. A board is a handful of biased coins,
// coin v landing heads with probability v/100 (v in 1..99); one play
// tosses each coin once, and its outcome is the number of heads (a Count
// game). The answer, the expected number of heads, is Σ v/100 exactly, and
// the distribution of heads a convolution: an analyst as exact as a test
// needs, in a few lines.
//
// Its input holds T boards (1 ≤ T ≤ coinsMaxBoards) after a line with T,
// each a line "n v1 … vn"; its answers are one number a line, the
// harness's default format.

// coinBoard is one board of coins: the heads chance of each coin, in
// hundredths.
type coinBoard struct{ Coins []int }

const (
	coinsMaxBoards = 100 // boards in one input
	coinsMax       = 20  // coins on a board
	coinMax        = 99  // the highest heads chance, in hundredths
)

// coins is the coin game.
func coins() Game { return Define(coinsSpec()) }

// coinsSpec is the coin game's definition; a test may change a part and
// Define the result.
func coinsSpec() Spec[coinBoard] {
	return Spec[coinBoard]{
		Name:              "coins",
		Title:             "Biased coins: expected number of heads",
		Parse:             parseCoins,
		Write:             writeCoins,
		MaxBoardsPerInput: coinsMaxBoards,
		Params:            []Param{{Name: "coins", Doc: "the most coins on a board", Default: 12, Min: 0, Max: coinsMax}},
		GeneratorWith:     func(v map[string]int) *rapid.Generator[coinBoard] { return coinsGenerator(v["coins"]) },
		Coverage:          []ClassGoal{{Class: "few", MinShare: 0.05}, {Class: "many", MinShare: 0.3}},
		CoverageWith: func(v map[string]int) []ClassGoal {
			if v["coins"] <= 3 {
				return []ClassGoal{{Class: "few", MinShare: 0.5}}
			}
			return []ClassGoal{{Class: "few", MinShare: 0.05}, {Class: "many", MinShare: 0.3}}
		},
		Classify: func(b coinBoard) string {
			if len(b.Coins) <= 3 {
				return "few"
			}
			return "many"
		},
		Samples: []Sample{{Name: "sample", Input: "2\n2 50 50\n3 10 20 30\n", Output: "1.000000000\n0.600000000\n"}},
		Solve:   solveCoins,
		Fraction: func(b coinBoard) (*big.Rat, error) {
			sum := 0
			for _, v := range b.Coins {
				sum += v
			}
			return big.NewRat(int64(sum), 100), nil
		},
		Outcome: Count,
		Play: func(b coinBoard, rng *rand.Rand) (int, error) {
			heads := 0
			for _, v := range b.Coins {
				if rng.IntN(100) < v {
					heads++
				}
			}
			return heads, nil
		},
		Invariants: []Invariant[coinBoard]{{
			Name: "at-most-every-coin",
			Doc:  "the expected number of heads is at most the number of coins",
			Check: func(b coinBoard, sol Solution) error {
				if sol.Value > float64(len(b.Coins)) {
					return fmt.Errorf("%v heads expected of %d coins", sol.Value, len(b.Coins))
				}
				return nil
			},
		}},
		Simplifiers: []func(coinBoard) []coinBoard{coinsWithoutACoin},
	}
}

// solveCoins is the expected number of heads and their distribution.
func solveCoins(b coinBoard) (Solution, error) {
	pmf := []float64{1}
	mean := 0.0
	for _, v := range b.Coins {
		p := float64(v) / 100
		mean += p
		next := make([]float64, len(pmf)+1)
		for k, q := range pmf {
			next[k] += q * (1 - p)
			next[k+1] += q * p
		}
		pmf = next
	}
	return Solution{Value: mean, PMF: pmf}, nil
}

// coinsGenerator draws boards of 0..most coins, each of any chance.
func coinsGenerator(most int) *rapid.Generator[coinBoard] {
	return rapid.Custom(func(t *rapid.T) coinBoard {
		n := rapid.IntRange(0, most).Draw(t, "coins")
		b := coinBoard{Coins: make([]int, n)}
		for i := range b.Coins {
			b.Coins[i] = rapid.IntRange(1, coinMax).Draw(t, "chance")
		}
		return b
	})
}

// coinsWithoutACoin lists b without each one of its coins.
func coinsWithoutACoin(b coinBoard) []coinBoard {
	var out []coinBoard
	for i := range b.Coins {
		out = append(out, coinBoard{Coins: slices.Delete(slices.Clone(b.Coins), i, i+1)})
	}
	return out
}

// parseCoins reads an input of the coin game and validates every board.
func parseCoins(r io.Reader, file string) ([]coinBoard, error) {
	sc := bufio.NewScanner(r)
	line := 0
	next := func() ([]int, error) {
		if !sc.Scan() {
			return nil, fmt.Errorf("%s:%d: unexpected end of input", file, line+1)
		}
		line++
		var out []int
		for _, f := range strings.Fields(sc.Text()) {
			v, err := strconv.Atoi(f)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %q is not an integer", file, line, f)
			}
			out = append(out, v)
		}
		return out, nil
	}
	head, err := next()
	if err != nil {
		return nil, err
	}
	if len(head) != 1 || head[0] < 1 || head[0] > coinsMaxBoards {
		return nil, fmt.Errorf("%s:%d: want T, 1..%d", file, line, coinsMaxBoards)
	}
	boards := make([]coinBoard, head[0])
	for i := range boards {
		nums, err := next()
		if err != nil {
			return nil, err
		}
		if len(nums) == 0 || nums[0] < 0 || nums[0] > coinsMax || len(nums) != nums[0]+1 {
			return nil, fmt.Errorf("%s:%d: want n (0..%d) and n chances", file, line, coinsMax)
		}
		for _, v := range nums[1:] {
			if v < 1 || v > coinMax {
				return nil, fmt.Errorf("%s:%d: a chance of %d, want 1..%d", file, line, v, coinMax)
			}
		}
		boards[i] = coinBoard{Coins: nums[1:]}
	}
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) != "" {
			return nil, fmt.Errorf("%s:%d: more than %d boards", file, line+1, len(boards))
		}
	}
	return boards, sc.Err()
}

// writeCoins writes boards in the coin game's input format.
func writeCoins(w io.Writer, boards []coinBoard) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, len(boards))
	for _, b := range boards {
		fmt.Fprint(bw, len(b.Coins))
		for _, v := range b.Coins {
			fmt.Fprint(bw, " ", v)
		}
		fmt.Fprintln(bw)
	}
	return bw.Flush()
}

// coinLines prints one answer a line, value saying what.
func coinLines(sols []Solution, value func(i int, s Solution) string) string {
	var b strings.Builder
	for i, s := range sols {
		fmt.Fprintf(&b, "%s\n", value(i, s))
	}
	return b.String()
}

// highCoins is how many of board b's coins have a chance of 90 or more:
// the rare boards the climbing tests' planted slips live on.
func highCoins(b Board) int {
	h := 0
	for _, v := range b.(coinBoard).Coins {
		if v >= 90 {
			h++
		}
	}
	return h
}

// hasCoin reports whether b holds a coin of one of chances.
func hasCoin(b Board, chances ...int) bool {
	for _, v := range b.(coinBoard).Coins {
		if slices.Contains(chances, v) {
			return true
		}
	}
	return false
}
