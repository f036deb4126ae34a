package referees

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/montecarlo/estimate"
)

func trapMaze(t testing.TB, text string) *traps.Maze {
	t.Helper()
	z, err := traps.Parse(strings.NewReader(text), "inline")
	if err != nil {
		t.Fatal(err)
	}
	return z
}

type movesFunc func(traps.Situation) (traps.Dir, error)

func (f movesFunc) Move(s traps.Situation) (traps.Dir, error) { return f(s) }

func always(d traps.Dir) traps.Policy {
	return movesFunc(func(traps.Situation) (traps.Dir, error) { return d, nil })
}

func TestPlayTrapsHandCases(t *testing.T) {
	bounce := movesFunc(func(s traps.Situation) (traps.Dir, error) {
		if s.Col == 0 {
			return traps.Right, nil
		}
		return traps.Left, nil
	})
	tests := []struct {
		name   string
		maze   string
		pol    traps.Policy
		hidden int
		want   int // outcome, or -1 for an error
	}{
		{"harmless trap", "1 3 1 1\n$A@\n1 15\n", always(traps.Right), 0, 1},
		{"harmful trap, one life", "1 3 1 1\n$A@\n1 15\n", always(traps.Right), 1, 0},
		{"harmful trap, two lives", "1 3 1 2\n$A@\n1 15\n", always(traps.Right), 1, 1},
		{"two harmful steps, two lives", "1 4 1 2\n$AA@\n1 15\n", always(traps.Right), 1, 0},
		{"other kind harmful", "1 3 2 1\n$A@\n1 1 1 1\n", always(traps.Right), 2, 1},
		{"stop", "1 2 0 1\n$@\n1\n", always(traps.Stop), 0, 0},
		{"loop hits the cap", "1 3 0 1\n$.@\n1\n", bounce, 0, 0},
		{"off the map", "1 2 0 1\n$@\n1\n", always(traps.Up), 0, -1},
		{"into a wall", "1 3 0 1\n$#@\n1\n", always(traps.Right), 0, -1},
		{"not a move", "1 2 0 1\n$@\n1\n", always(traps.Dir(7)), 0, -1},
		{"policy error", "1 2 0 1\n$@\n1\n", traps.Table{}, 0, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			z := trapMaze(t, tt.maze)
			got, err := PlayTraps(z, tt.pol, tt.hidden, TrapsStepCap(z))
			if tt.want < 0 {
				if err == nil {
					t.Errorf("no error, outcome %d", got)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("outcome %d (%v), want %d", got, err, tt.want)
			}
		})
	}
}

// The policy sees only what it has revealed: stepping on A reveals A, and
// nothing about B, even when B's state follows from the prior.
func TestPlayTrapsRevealsOnlyWhatIsSteppedOn(t *testing.T) {
	z := trapMaze(t, "1 4 2 2\n$AB@\n1 0 0 1\n")
	var seen []traps.Known
	pol := movesFunc(func(s traps.Situation) (traps.Dir, error) {
		seen = append(seen, s.Known)
		return traps.Right, nil
	})
	if out, err := PlayTraps(z, pol, 0, TrapsStepCap(z)); err != nil || out != 1 {
		t.Fatalf("outcome %d (%v)", out, err)
	}
	want := []traps.Known{{}, {traps.Harmless}, {traps.Harmless, traps.Harmless}}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Errorf("policy saw %v, want %v", seen, want)
	}
}

// Straight through one trap that is harmful with probability 15/16 with one
// life: wins with probability exactly 1/16 (the hidden state is drawn from
// the prior 1 15). The count must lie in the exact binomial acceptance region
// at false-alarm budget 1e-6.
func TestTrapsRefereeFrequency(t *testing.T) {
	tests := []struct {
		maze string
		pol  func(z *traps.Maze) traps.Policy
		p    float64
		why  string
	}{
		{"1 3 1 1\n$A@\n1 15\n", func(*traps.Maze) traps.Policy { return always(traps.Right) }, 1.0 / 16, "one trap, P(harmless) = 1/16"},
		// Weights (none, A, B, both) = 143 37 335 85: with one life, walking
		// through A alone wins when A is harmless: (143+335)/600.
		{"1 3 2 1\n$A@\n143 37 335 85\n", func(*traps.Maze) traps.Policy { return always(traps.Right) }, 478.0 / 600, "P(A harmless)"},
		// Greedy walks straight to the exit over one B trap: P(B harmless) = (143+37)/600.
		{"1 4 2 1\n$.B@\n143 37 335 85\n", GreedyTrapsPolicy, 180.0 / 600, "P(B harmless)"},
	}
	for _, tt := range tests {
		z := trapMaze(t, tt.maze)
		play, err := TrapsReferee(z, func() traps.Policy { return tt.pol(z) })
		if err != nil {
			t.Fatal(err)
		}
		const runs = 50000
		h, err := montecarlo.Run(context.Background(), montecarlo.Config{Runs: runs, Seed: 7}, play)
		if err != nil {
			t.Fatal(err)
		}
		a := estimate.Agree([]float64{1 - tt.p, tt.p}, 0, h.Counts, 1e-6)
		if !a.Pass {
			t.Errorf("%s: %v wins of %d, expected probability %v: %+v", tt.why, h.Counts, runs, tt.p, a)
		}
	}
}

func TestTrapsPolicies(t *testing.T) {
	z := trapMaze(t, "3 4 1 1\n$.#@\n.#..\n..A.\n1 1\n")
	greedy := GreedyTrapsPolicy(z)
	// From the start the only way to the exit is down the left side and across A.
	if d, _ := greedy.Move(traps.Situation{Row: 0, Col: 0, Life: 1}); d != traps.Down {
		t.Errorf("greedy moves %v from the start, want down", d)
	}
	for hidden, want := range []int{1, 0} {
		if out, err := PlayTraps(z, GreedyTrapsPolicy(z), hidden, TrapsStepCap(z)); err != nil || out != want {
			t.Errorf("greedy, hidden %d: outcome %d (%v), want %d", hidden, out, err, want)
		}
	}
	// The random policy only makes legal moves, and the same one each time.
	rnd := RandomTrapsPolicy(z, 3)
	for r := range z.M() {
		for c := range z.N() {
			if z.At(r, c) == traps.Wall {
				continue
			}
			s := traps.Situation{Row: r, Col: c, Life: 1}
			d, err := rnd.Move(s)
			again, _ := rnd.Move(s)
			if _, _, ok := trapsNeighbour(z, r, c, d); err != nil || !ok || d != again {
				t.Errorf("random at (%d,%d): %v then %v (%v)", r, c, d, again, err)
			}
		}
	}
}

func ExamplePlayTraps() {
	z, _ := traps.Parse(strings.NewReader("1 3 1 2\n$A@\n1 15\n"), "example")
	right := GreedyTrapsPolicy(z)
	out, _ := PlayTraps(z, right, 1, TrapsStepCap(z)) // A harmful: one life lost, one left
	fmt.Println(out)
	// Output: 1
}

func BenchmarkRefereeTraps(b *testing.B) {
	z := trapMaze(b, "4 3 3 2\n.$.\nA#B\nA#C\n@@@\n143 37 335 85 95 25 223 57\n")
	play, _ := TrapsReferee(z, func() traps.Policy { return GreedyTrapsPolicy(z) })
	p := play()
	rng := newTestRand(1)
	for b.Loop() {
		_, _ = p(rng)
	}
}
