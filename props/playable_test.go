package props

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/chancecheck/chancecheck/montecarlo"
	"pgregory.net/rapid"
)

// waitCut is where waitGame's distribution is cut: 2^22 throws.
const waitCut = 1 << 22

// waitGame throws a die of s sides until it shows one: the throws are
// geometric, with mean s. A die of a million sides makes a game whose
// distribution is cut with mass 0.015 left at 2^22 throws, and whose games
// often outlast the referee's limit of 2^20, as some valid snakes boards do.
func waitGame() Game {
	return Define(Spec[int]{
		Name:      "wait",
		Parse:     func(io.Reader, string) ([]int, error) { return nil, errors.New("no format") },
		Write:     func(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err },
		Generator: rapid.IntRange(2, 6),
		Outcome:   Count,
		Solve: func(s int) (Solution, error) {
			// P(k throws) = q^(k-1)/s, the powers by a running product into
			// a slice sized once: a math.Pow a term and an append-grown
			// slice cost a second of CPU at a million sides (4M terms).
			q := 1 - 1/float64(s)
			pmf := make([]float64, 1, min(waitCut, int(math.Log(1e-15)/math.Log(q))+2))
			tail := 1.0 // q^(k-1): P(more than k-1 throws)
			for k := 1; tail > 1e-15 && k < waitCut; k++ {
				pmf = append(pmf, tail/float64(s))
				tail *= q
			}
			return Solution{Value: float64(s), PMF: pmf, PMFTail: tail}, nil
		},
		Play: func(s int, rng *rand.Rand) (int, error) {
			n := 1
			for rng.IntN(s) != 0 {
				n++
			}
			return n, nil
		},
		Invariants: []Invariant[int]{{Name: "mean-is-sides", Doc: "the mean of a geometric number of throws is the number of sides",
			Check: func(s int, sol Solution) error {
				if sol.Value != float64(s) {
					return fmt.Errorf("E = %g, want %d", sol.Value, s)
				}
				return nil
			}}},
	})
}

// A board whose games outlast the referee's limit is still solved (its
// distribution cut, the tail said), its invariants hold, and Simulate refuses it with
// ErrTooLongToPlay rather than failing a run past the limit; an ordinary
// board is played.
func TestTooLongToPlay(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	if testing.Short() {
		t.Skip("follows 2^22 throws of the distribution")
	}
	g := waitGame()
	for _, tc := range []struct {
		name     string
		board    int
		tooLong  bool
		minTail  float64
		maxValue float64
	}{
		{"an expected million throws", 1_000_000, true, 1e-3, 2e6},
		{"a die of six sides", 6, false, 0, 40},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sol, err := g.Solve(tc.board)
			if err != nil {
				t.Fatalf("Solve: %v", err)
			}
			if sol.PMFTail < tc.minTail || sol.Value > tc.maxValue {
				t.Errorf("value %v, tail %v: want the value below %v and a tail of at least %v", sol.Value, sol.PMFTail, tc.maxValue, tc.minTail)
			}
			for _, inv := range g.Invariants() {
				if err := inv.Check(tc.board, sol); err != nil {
					t.Errorf("invariant %s: %v", inv.Name, err)
				}
			}
			_, err = g.Simulate(context.Background(), tc.board, sol, montecarlo.Config{Runs: 100, Seed: 1})
			if got := errors.Is(err, ErrTooLongToPlay); got != tc.tooLong {
				t.Errorf("Simulate: %v; want ErrTooLongToPlay: %v", err, tc.tooLong)
			}
		})
	}
}
