package mice_test

import (
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/chancecheck/chancecheck/examples/bagofmice/mice"
	"pgregory.net/rapid"
)

// handDerived are answers worked out on paper; the first are the closed
// forms (w = 0, b ≤ 2), then the two published samples and a bag of five
// taken apart draw by draw: p(2, 3) = 2/5 + 3/5·2/4·(2/3·p(1, 1) + 1/3·p(2, 0)).
var handDerived = []struct {
	w, b int
	want string
}{
	{0, 0, "0"}, {0, 7, "0"}, {3, 0, "1"}, {1, 1, "1/2"}, {4, 1, "4/5"},
	{1, 2, "1/3"}, {2, 2, "2/3"}, {3, 2, "7/10"}, {198, 2, "39404/39800"},
	{1, 3, "1/2"}, {5, 5, "83/126"}, // the samples: 0.500000000, 0.658730159
	{2, 3, "3/5"}, {1, 4, "2/5"},
}

func TestHandDerived(t *testing.T) {
	for _, tt := range handDerived {
		b := mice.Board{White: tt.w, Black: tt.b}
		want, _ := new(big.Rat).SetString(tt.want)
		f, _ := want.Float64()
		if got := mice.WinProbability(b); math.Abs(got-f) > 1e-15 {
			t.Errorf("WinProbability(%d, %d) = %.17g, want %s = %.17g", tt.w, tt.b, got, tt.want, f)
		}
		if got, err := mice.Fraction(b); err != nil || got.Cmp(want) != 0 {
			t.Errorf("Fraction(%d, %d) = %v, %v; want %s", tt.w, tt.b, got, err, tt.want)
		}
	}
}

// The DP and the count agree wherever the count is made: two routes that
// share no arithmetic (the harness itself only shows the fraction).
func TestFractionAgreesWithDP(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		w := rapid.IntRange(0, mice.MaxFractionMice).Draw(t, "white")
		b := mice.Board{White: w, Black: rapid.IntRange(0, mice.MaxFractionMice-w).Draw(t, "black")}
		r, err := mice.Fraction(b)
		if err != nil || r == nil {
			t.Fatalf("Fraction(%v) = %v, %v", b, r, err)
		}
		f, _ := r.Float64()
		if p := mice.WinProbability(b); math.Abs(p-f) > 1e-13 {
			t.Fatalf("%v: the DP says %.17g, the count %s = %.17g", b, p, r.RatString(), f)
		}
	})
}

func TestFractionOnlyWhereCheap(t *testing.T) {
	for _, b := range []mice.Board{{White: 101, Black: 100}, {White: 1000, Black: 1000}} {
		if r, err := mice.Fraction(b); r != nil || err != nil {
			t.Errorf("Fraction(%v) = %v, %v; want nil, nil above %d mice", b, r, err, mice.MaxFractionMice)
		}
	}
}

func BenchmarkWinProbability(b *testing.B) {
	for _, size := range []mice.Board{{White: 100, Black: 100}, {White: 1000, Black: 1000}} {
		b.Run(boardName(size), func(b *testing.B) {
			for b.Loop() {
				mice.WinProbability(size)
			}
		})
	}
}

func BenchmarkFraction(b *testing.B) {
	for _, size := range []mice.Board{{White: 30, Black: 30}, {White: 100, Black: 100}} {
		b.Run(boardName(size), func(b *testing.B) {
			for b.Loop() {
				mice.Fraction(size)
			}
		})
	}
}

func boardName(b mice.Board) string { return fmt.Sprintf("w%d-b%d", b.White, b.Black) }
