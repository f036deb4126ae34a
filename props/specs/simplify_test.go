package specs

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/props"
)

// Every simpler board is valid and smaller by the game's measure, on
// generated boards of each game.
func TestSimplerBoardsAreValidAndSmaller(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	jengaColours := func(tw jenga.Tower) int {
		used := map[jenga.Colour]bool{}
		for _, l := range tw.Levels {
			for _, c := range l {
				used[c] = true
			}
		}
		return len(used)
	}
	trapCells := func(z *traps.Maze) int {
		n := 0
		for _, row := range z.Rows {
			for i := range len(row) {
				if traps.Kind(row[i]) >= 0 {
					n++
				}
			}
		}
		return n
	}
	tests := []struct {
		game    props.Game
		smaller func(from, to props.Board) bool
		valid   func(b props.Board) error
	}{
		{Snakes(), func(from, to props.Board) bool {
			return len(to.(snakes.Board).Jumps) == len(from.(snakes.Board).Jumps)-1
		}, func(b props.Board) error { return b.(snakes.Board).Validate() }},
		{Jenga(JengaConfig{}), func(from, to props.Board) bool {
			f, g := from.(jenga.Tower), to.(jenga.Tower)
			return len(g.Levels) == len(f.Levels)-1 && len(g.Levels) >= jenga.MinLevels ||
				len(g.Levels) == len(f.Levels) && jengaColours(g) == jengaColours(f)-1
		}, func(b props.Board) error { return b.(jenga.Tower).Validate() }},
		{Traps(TrapsConfig{}), func(from, to props.Board) bool {
			f, g := from.(*traps.Maze), to.(*traps.Maze)
			fa, ga := f.M()*f.N(), g.M()*g.N()
			return ga < fa && g.Life == f.Life ||
				ga == fa && (trapCells(g) == trapCells(f)-1 && g.Life == f.Life || trapCells(g) == trapCells(f) && g.Life == f.Life-1 ||
					trapCells(g) == trapCells(f) && g.Life == f.Life && g.Kinds == f.Kinds-1)
		}, func(b props.Board) error { return b.(*traps.Maze).Validate() }},
	}
	for _, tt := range tests {
		t.Run(tt.game.Name(), func(t *testing.T) {
			simp := tt.game
			gen := tt.game.Generator()
			candidates := 0
			for seed := range 200 {
				b := gen.Example(seed)
				for _, c := range simp.Simpler(b) {
					candidates++
					if err := tt.valid(c); err != nil {
						t.Fatalf("seed %d: a simpler board is invalid: %v", seed, err)
					}
					if !tt.smaller(b, c) {
						t.Fatalf("seed %d: %v is not one step simpler than %v", seed, c, b)
					}
				}
			}
			if candidates < 200 {
				t.Errorf("only %d simpler boards of 200 generated ones", candidates)
			}
		})
	}
}

// A trap kind the map never shows changes no answer: without it (the
// letters above it moved down, its prior the marginal), every generated
// maze that has one has the same exact answer. Hand-built first: K = 3 with B
// unused, the prior's B-harmful weights join the others.
func TestTrapsWithoutAKind(t *testing.T) {
	z, err := traps.Parse(strings.NewReader("1 4 3 1\n$AC@\n1 2 3 4 5 6 7 8\n"), "z.in")
	if err != nil {
		t.Fatal(err)
	}
	got := trapsWithoutAKind(z)
	// Index bits C B A → C A: p'(CA) = p(C0A) + p(C1A): 1+3, 2+4, 5+7, 6+8,
	// then divided by their gcd 2.
	if len(got) != 1 || got[0].Kinds != 2 || got[0].Rows[0] != "$AB@" || fmt.Sprint(got[0].Prior) != "[2 3 6 7]" {
		t.Fatalf("without B: %+v; want K = 2, $AB@, prior [2 3 6 7]", got)
	}
	gen := Traps(TrapsConfig{}).Generator()
	compared := 0
	for seed := range 300 {
		z := gen.Example(seed).(*traps.Maze)
		for _, less := range trapsWithoutAKind(z) {
			a, _, errA := exact.TrapSurvivalRat(z)
			b, _, errB := exact.TrapSurvivalRat(less)
			if errA != nil || errB != nil || a.Cmp(b) != 0 {
				t.Fatalf("seed %d: %v (%v) without a kind, %v (%v) with it\n%v\n%v", seed, b, errB, a, errA, less, z)
			}
			compared++
		}
	}
	if compared == 0 {
		t.Error("no generated maze had an unused kind: the test tested nothing")
	}
}

// Hand-built: the simpler towers of a two-colour, three-level tower are its
// three two-level towers and the two one-colour repaints.
func TestJengaSimpler(t *testing.T) {
	tw, err := jenga.Parse(strings.NewReader("3\nRRG\nRRR\nGGG\n"), "t.in")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range Jenga(JengaConfig{}).Simpler(tw) {
		var s strings.Builder
		for _, l := range b.(jenga.Tower).Levels {
			s.WriteString(l.String())
			s.WriteString("/")
		}
		got = append(got, s.String())
	}
	want := []string{"RRR/GGG/", "RRG/GGG/", "RRG/RRR/", "GGG/GGG/GGG/", "RRR/RRR/RRR/"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("simpler towers %v, want %v", got, want)
	}
}

// The CLI's check: a solver that ignores jumps from 97..99 is reported on a
// board of that one jump, whatever rapid's shrinking left (with seed 1,
// rapid alone stops at four jumps: checked by switching the last step off).
func TestCrossCheckTakesPartsAway(t *testing.T) {
	wrong := func(boards []props.Board) string {
		var b strings.Builder
		for i, x := range boards {
			var kept snakes.Board
			for _, j := range x.(snakes.Board).Jumps {
				if j.From < 97 {
					kept.Jumps = append(kept.Jumps, j)
				}
			}
			e, _ := exact.ExpectedThrows(kept)
			fmt.Fprintf(&b, "Case %d: %.10f\n", i+1, e)
		}
		return b.String()
	}
	cc := &props.CrossCheck{Game: Snakes(), Solver: snakesSolver{answer: wrong},
		Cases: 200, Seed: 1, Batch: 1, ShrinkTime: time.Minute} // to the end: it takes 0.1 s alone, more on a loaded machine
	out, err := cc.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("shrunk by %s in %v, %d runs", out.Shrink.Method, out.Shrink.Elapsed, out.Shrink.Runs)
	if out.First == nil || out.Found == nil {
		t.Fatalf("not caught and shrunk: %+v (%s)", out.First, out.Shrink.Note)
	}
	if jumps := out.First.Boards[0].(snakes.Board).Jumps; len(jumps) != 1 || !hasJumpFrom(out.First.Boards[0], 97, 98, 99) {
		t.Errorf("shrunk to %v (%s, %d runs), want one jump from 97..99", jumps, out.Shrink.Method, out.Shrink.Runs)
	}
}

// snakesSolver is a solver run inside the test: it reads the input with
// Snakes' parser and prints what answer says of its boards.
type snakesSolver struct{ answer func([]props.Board) string }

func (s snakesSolver) Run(_ context.Context, input []byte) (props.RunResult, error) {
	boards, err := Snakes().Parse(bytes.NewReader(input), "stdin")
	if err != nil {
		return props.RunResult{ExitCode: 1, StderrTail: err.Error()}, nil
	}
	return props.RunResult{Stdout: []byte(s.answer(boards))}, nil
}
