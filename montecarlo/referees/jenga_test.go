package referees

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/montecarlo"
)

// lv builds a level from three letters, '.' for no block.
func lv(s string) jenga.Level {
	var l jenga.Level
	for i := range 3 {
		l[i], _ = jenga.ColourOf(s[i])
	}
	return l
}

func tower(levels ...string) jenga.Tower {
	t := jenga.Tower{}
	for _, s := range levels {
		t.Levels = append(t.Levels, lv(s))
	}
	return t
}

func TestJengaCheckMove(t *testing.T) {
	// Levels bottom to top; the last is the top.
	tw := tower("RGB", ".GB", "RG.", "R.B", "GGG", "BR.")
	tests := []struct {
		name string
		c    jenga.Colour
		m    jenga.Move
		want string // "" for legal, else a fragment of the error
	}{
		{"side of a full level", jenga.Red, jenga.Move{Level: 0, Pos: 0, To: 2}, ""},
		{"middle of a full level", jenga.Green, jenga.Move{Level: 0, Pos: 1, To: 2}, ""},
		{"side of middle+side", jenga.Blue, jenga.Move{Level: 1, Pos: 2, To: 2}, ""},
		{"middle of middle+side", jenga.Green, jenga.Move{Level: 1, Pos: 1, To: 2}, "falls"},
		{"side of two sides", jenga.Red, jenga.Move{Level: 3, Pos: 0, To: 2}, "falls"},
		{"from the top", jenga.Red, jenga.Move{Level: 5, Pos: 1, To: 2}, "the top"},
		{"wrong colour", jenga.Blue, jenga.Move{Level: 0, Pos: 0, To: 2}, "was thrown"},
		{"empty position", jenga.Red, jenga.Move{Level: 1, Pos: 0, To: 2}, "no block"},
		{"occupied position on top", jenga.Red, jenga.Move{Level: 0, Pos: 0, To: 0}, "is taken"},
		{"no such level", jenga.Red, jenga.Move{Level: 9, Pos: 0, To: 2}, "no level"},
		{"no such position", jenga.Red, jenga.Move{Level: 0, Pos: 3, To: 2}, "no position"},
		{"no such target", jenga.Red, jenga.Move{Level: 0, Pos: 0, To: -1}, "cannot go"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := jengaCheckMove(tw, tc.c, tc.m)
			if tc.want == "" {
				if err != nil {
					t.Errorf("legal move refused: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestJengaLegalMoves(t *testing.T) {
	// A complete top: a block may go to any of three places on a new level.
	full := tower("RGB", "GGR", "BBB")
	// Green: level 1 middle, level 2 left and middle: 3 blocks × 3 places.
	if got := JengaLegalMoves(full, jenga.Green); len(got) != 9 {
		t.Errorf("green moves below a complete top: %d, want 9: %v", len(got), got)
	}
	// Blue from the complete top is never legal; level 1's right is.
	if got := JengaLegalMoves(full, jenga.Blue); len(got) != 3 || got[0].Level != 0 || got[0].Pos != 2 {
		t.Errorf("blue moves: %v", got)
	}
	// An incomplete top: only its free places.
	part := tower("RGB", ".GR", "B..")
	if got := JengaLegalMoves(part, jenga.Red); len(got) != 4 {
		t.Errorf("red moves on a one-block top: %d, want 4 (two blocks × two places): %v", len(got), got)
	}
	if got := JengaLegalMoves(part, jenga.Green); len(got) != 2 {
		t.Errorf("green moves: %d, want 2 (level 1 middle only; level 2's middle holds it up): %v", len(got), got)
	}
	if jengaCanTake(tower("R.B", ".G.", "RRR"), jenga.Empty) {
		t.Error("a tower of dead levels still has a block to take")
	}
}

// middleFirst is a hand-written policy for one-colour towers: take a middle
// block if one may be taken, else the first legal move.
func middleFirst(t jenga.Tower, c jenga.Colour) (jenga.Move, bool) {
	moves := JengaLegalMoves(t, c)
	for _, m := range moves {
		if m.Pos == jenga.Middle {
			return m, true
		}
	}
	if len(moves) == 0 {
		return jenga.Move{}, false
	}
	return moves[0], true
}

func TestJengaRefereeOneColour(t *testing.T) {
	// Taking middles, a one-colour tower of n levels makes exactly
	// m(n) = 2, 3, 5, 6, 8 moves (spec), whatever the die does, and so takes
	// at least m(n) throws.
	moves := map[int]int{2: 2, 3: 3, 4: 5, 5: 6, 6: 8}
	for n := 2; n <= 6; n++ {
		levels := make([]string, n)
		for i := range levels {
			levels[i] = "GGG"
		}
		tw := tower(levels...)
		counter := &countingPolicy{inner: JengaPolicyFunc(middleFirst)}
		rng := rand.New(rand.NewPCG(1, uint64(n)))
		for range 200 {
			counter.moves = 0
			throws, err := PlayJenga(tw, counter, rng)
			if err != nil {
				t.Fatal(err)
			}
			if counter.moves != moves[n] || throws < moves[n] {
				t.Fatalf("n=%d: %d moves in %d throws, want %d moves", n, counter.moves, throws, moves[n])
			}
		}
	}
}

type countingPolicy struct {
	inner JengaPolicy
	moves int
}

func (p *countingPolicy) Move(t jenga.Tower, c jenga.Colour, rng *rand.Rand) (jenga.Move, bool) {
	p.moves++
	return p.inner.Move(t, c, rng)
}

func TestJengaRefereeRefusesIllegalPolicies(t *testing.T) {
	tw := tower("RGB", "GRG", "BBB", "GGR", "BRG", "BRB")
	tests := []struct {
		name   string
		policy JengaPolicy
		want   string
	}{
		{"takes from the top", JengaPolicyFunc(func(t jenga.Tower, c jenga.Colour) (jenga.Move, bool) {
			return jenga.Move{Level: t.Top(), Pos: 1, To: 0}, true
		}), "the top"},
		{"makes no move", JengaPolicyFunc(func(jenga.Tower, jenga.Colour) (jenga.Move, bool) {
			return jenga.Move{}, false
		}), "makes no move"},
		{"takes middles of broken levels", JengaPolicyFunc(func(t jenga.Tower, c jenga.Colour) (jenga.Move, bool) {
			for i, l := range t.Levels[:t.Top()] {
				if l[1] == c && l.Blocks() == 2 {
					return jenga.Move{Level: i, Pos: 1, To: firstFree(t)}, true
				}
			}
			return middleFirst(t, c)
		}), "falls"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ref, err := JengaReferee(tw, func() JengaPolicy { return tc.policy })
			if err != nil {
				t.Fatal(err)
			}
			_, err = montecarlo.Run(context.Background(), montecarlo.Config{Runs: 10000, Seed: 7}, ref)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestJengaRefereeShowsACopy(t *testing.T) {
	tw := tower("RGB", "GRG", "BBB", "GGR", "BRG", "BRB")
	// The policy scribbles over the tower it is shown; the referee's own
	// tower must not change, or the legal move would be refused.
	scribbler := JengaPolicyFunc(func(t jenga.Tower, c jenga.Colour) (jenga.Move, bool) {
		m, ok := middleFirst(t, c)
		for i := range t.Levels {
			t.Levels[i] = jenga.Level{}
		}
		return m, ok
	})
	ref, err := JengaReferee(tw, func() JengaPolicy { return scribbler })
	if err != nil {
		t.Fatal(err)
	}
	if _, err := montecarlo.Run(context.Background(), montecarlo.Config{Runs: 2000, Seed: 7}, ref); err != nil {
		t.Fatal(err)
	}
}

func firstFree(t jenga.Tower) int {
	tl := t.Levels[t.Top()]
	for p, b := range tl {
		if b == jenga.Empty {
			return p
		}
	}
	return 0
}

// The seeded referee's histogram does not depend on the worker count. Three
// blocks of montecarlo.BlockRuns, the last one partial, are enough: two
// workers then share the blocks unevenly and one block is cut short, which
// is where a stream bound to a worker rather than a block would show.
func TestJengaRefereeSeeded(t *testing.T) {
	tw := tower("RGB", "GRG", "BBB", "GGR")
	run := func(workers int, pol JengaPolicy) montecarlo.Histogram {
		h, err := montecarlo.Run(context.Background(), montecarlo.Config{Runs: 2*montecarlo.BlockRuns + 1000, Seed: 42, Workers: workers}, func() montecarlo.Player {
			p, _ := JengaReferee(tw, func() JengaPolicy { return pol })
			return p()
		})
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	for _, pol := range []JengaPolicy{RandomJengaPolicy{}, GreedyJengaPolicy{}} {
		a, b := run(1, pol), run(2, pol)
		if len(a.Counts) != len(b.Counts) {
			t.Fatalf("%T: histograms differ with the worker count", pol)
		}
		for k := range a.Counts {
			if a.Counts[k] != b.Counts[k] {
				t.Fatalf("%T: histograms differ with the worker count at %d", pol, k)
			}
		}
	}
}

func BenchmarkRefereeJenga(b *testing.B) {
	tw := tower("RGB", "GRG", "BBB", "GGR", "BRG", "BRB")
	play, err := JengaReferee(tw, func() JengaPolicy { return GreedyJengaPolicy{} })
	if err != nil {
		b.Fatal(err)
	}
	p := play()
	rng := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		if _, err := p(rng); err != nil {
			b.Fatal(err)
		}
	}
}
