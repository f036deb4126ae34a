package hit_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/examples/critical-hit/hit"
	"github.com/chancecheck/chancecheck/props"
)

// dp is the residue by the statement's recurrence, e[s] = 1 + p·e[s−2] +
// (1−p)·e[s−1] modulo 998244353, written apart from the engine.
func dp(n, percent int64) int64 {
	const m = hit.Modulus
	pow := func(b, e int64) int64 {
		r := int64(1)
		for b %= m; e > 0; e, b = e>>1, b*b%m {
			if e&1 == 1 {
				r = r * b % m
			}
		}
		return r
	}
	p := percent * pow(100, m-2) % m
	q := (1 - p + m) % m
	e := make([]int64, n+1)
	for s := int64(1); s <= n; s++ {
		two := int64(0)
		if s >= 2 {
			two = e[s-2]
		}
		e[s] = (1 + p*two + q*e[s-1]) % m
	}
	return e[n]
}

// Beyond big.Rat (a stamina of 200000, the statement's limit, is 200002
// states and a fraction of some 400000 digits), the engine's residue comes
// from solving modulo the prime itself, and is the recurrence's.
func TestResidueAtTheLimits(t *testing.T) {
	g := hit.Game()
	for _, in := range []string{"200000 59\n", "200000 0\n", "199999 100\n", "300 37\n", "301 37\n"} {
		boards, err := g.Parse(strings.NewReader(in), "limits.in")
		if err != nil {
			t.Fatal(err)
		}
		sol, err := g.Answer(boards[0])
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		b := boards[0].(hit.Board)
		if got, want := sol.Exact.String(), dp(int64(b.N), int64(b.P)); got != itoa(want) {
			t.Errorf("%q: the engine's residue %s, the recurrence's %d", in, got, want)
		}
	}
	if _, err := g.Answer(hit.Board{N: 3, P: 10}); errors.Is(err, props.ErrCannotJudge) {
		t.Error("a sample cannot be judged")
	}
}

func itoa(x int64) string { return strconv.FormatInt(x, 10) }
