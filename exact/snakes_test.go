package exact

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/snakes"
)

func readSnakesSample(t testing.TB) []snakes.Board {
	t.Helper()
	boards, err := snakes.Parse(strings.NewReader(snakes.Samples()[0].Input), "sample.in")
	if err != nil {
		t.Fatal(err)
	}
	return boards
}

// ladders2to7 sends every first throw to 100, so exactly one throw is needed.
var ladders2to7 = snakesBoard(2, 100, 3, 100, 4, 100, 5, 100, 6, 100, 7, 100)

func TestExpectedThrowsKnownBoards(t *testing.T) {
	sample := readSnakesSample(t)
	tests := []struct {
		name  string
		board snakes.Board
		want  float64  // published sample, or derived below
		exact *big.Rat // where known exactly
	}{
		{"sample case 1 (published)", sample[0], 31.54880806, nil},
		// The spec calls the empty board 694/21; that is only its value to
		// 14 digits. Solving E(x) = (6 + Σ_{d≤k} E(x+d))/k backwards from
		// E(100) = 0 in Python's fractions gives the fraction below, which
		// is 6.3e-15 less than 694/21.
		{"sample case 2 (published)", sample[1], 33.0476190476, emptyBoardExact()},
		{"ladders 2..7 to 100 (one throw, by hand)", ladders2to7, 1, big.NewRat(1, 1)},
		// Cell 94 with ladders 95..99 → 100 and plain 100: from 94 every
		// throw 1..6 reaches 100, so E(94)=1; the rest of the board is as
		// the empty board's first 93 cells with E(94..99) changed — no
		// closed form, so only float and rational are compared for it.
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ExpectedThrows(tt.board)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(got-tt.want) > 1e-8 {
				t.Errorf("ExpectedThrows = %.12f, want %.12f", got, tt.want)
			}
			dense, err := ExpectedThrowsDense(tt.board)
			if err != nil || math.Abs(dense-got) > 1e-9 {
				t.Errorf("dense = %.12f (%v), structured = %.12f", dense, err, got)
			}
			r, err := ExpectedThrowsRat(tt.board)
			if err != nil {
				t.Fatal(err)
			}
			if f, _ := r.Float64(); math.Abs(f-got) > 1e-9*got {
				t.Errorf("rational %s = %.12f, float %.12f", r.RatString(), f, got)
			}
			if tt.exact != nil && r.Cmp(tt.exact) != 0 {
				t.Errorf("rational = %s, want %s", r.RatString(), tt.exact.RatString())
			}
		})
	}
}

func TestExpectedThrowsRejectsInvalidBoards(t *testing.T) {
	wall := snakesBoard(2, 1, 3, 1, 4, 1, 5, 1, 6, 1, 7, 1)
	if _, err := ExpectedThrows(wall); err == nil {
		t.Error("ExpectedThrows accepted a board with infinite expectation")
	}
	if _, err := ExpectedThrowsRat(wall); err == nil {
		t.Error("ExpectedThrowsRat accepted a board with infinite expectation")
	}
	if _, _, err := ThrowDistribution(wall, 1e-12); err == nil {
		t.Error("ThrowDistribution accepted a board with infinite expectation")
	}
}

func TestThrowDistributionMatchesExpectation(t *testing.T) {
	for i, b := range append(readSnakesSample(t), ladders2to7) {
		pmf, left, err := ThrowDistribution(b, 1e-15)
		if err != nil {
			t.Fatal(err)
		}
		var mass, mean float64
		for k, p := range pmf {
			mass += p
			mean += float64(k) * p
		}
		want, _ := ExpectedThrows(b)
		if math.Abs(mass+left-1) > 1e-12 || math.Abs(mean-want) > 1e-9*want {
			t.Errorf("board %d: mass %.15f + left %g, mean %.12f, want %.12f", i, mass, left, mean, want)
		}
	}
	pmf, _, _ := ThrowDistribution(ladders2to7, 1e-15)
	if len(pmf) != 2 || math.Abs(pmf[1]-1) > 1e-15 {
		t.Errorf("ladders 2..7: pmf %v, want all mass on one throw", pmf)
	}
}

func TestExpectedThrowsFromSatisfiesFirstStepEquations(t *testing.T) {
	b := readSnakesSample(t)[0]
	e, err := ExpectedThrowsFrom(b)
	if err != nil {
		t.Fatal(err)
	}
	land := b.Targets()
	for x := 1; x < snakes.Cells; x++ {
		if land[x] != x {
			continue
		}
		k := min(6, snakes.Cells-x)
		sum := 0.0
		for d := 1; d <= k; d++ {
			sum += e[land[x+d]]
		}
		if r := float64(k)*e[x] - sum - 6; math.Abs(r) > 1e-9 {
			t.Errorf("cell %d: residual %g", x, r)
		}
	}
}

// snakesBoard builds a board from (from, to) pairs.
func snakesBoard(pairs ...int) snakes.Board {
	var b snakes.Board
	for i := 0; i+1 < len(pairs); i += 2 {
		b.Jumps = append(b.Jumps, snakes.Jump{From: pairs[i], To: pairs[i+1]})
	}
	return b
}

func emptyBoardExact() *big.Rat {
	r, ok := new(big.Rat).SetString("12854500663333283521753228116391023357323453622589783578561802806869649697/388969040244955338658770973340369358554064566229992374175449606558580736")
	if !ok {
		panic("bad fraction literal")
	}
	return r
}

// The structured sweep and the dense elimination are two routes to the same
// equations; they must agree on every generated board.
func TestExpectedThrowsMatchesDenseOnGeneratedBoards(t *testing.T) {
	for i, b := range benchSnakesBoards() {
		got, err := ExpectedThrows(b)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := ExpectedThrowsDense(b)
		if math.Abs(got-want) > 1e-9*want {
			t.Fatalf("board %d %v: structured %.15g, dense %.15g", i, b.Jumps, got, want)
		}
	}
}

// Boards that reach corners of the sweep, compared with the dense
// elimination. The first panicked once: target 3's neighbours 4..9 are all
// ladder starts, so no unknown surrounds it when the sweep arrives there
// (found by `chancecheck check` on generated boards).
func TestExpectedThrowsSweepCorners(t *testing.T) {
	for _, b := range []snakes.Board{
		snakesBoard(50, 3, 4, 60, 5, 61, 6, 62, 7, 63, 8, 64, 9, 65),
		snakesBoard(99, 1),
		snakesBoard(99, 98, 98, 97), // invalid: a chain (checked below)
		snakesBoard(2, 1, 8, 1, 14, 1, 20, 1, 26, 1, 32, 1, 38, 1),
		snakesBoard(95, 50, 96, 50, 97, 50, 98, 50, 99, 50, 60, 100),
	} {
		if b.Validate() != nil {
			if _, err := ExpectedThrows(b); err == nil {
				t.Errorf("%v: invalid board accepted", b.Jumps)
			}
			continue
		}
		got, err := ExpectedThrows(b)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := ExpectedThrowsDense(b)
		if math.Abs(got-want) > 1e-9*want {
			t.Errorf("%v: structured %.15g, dense %.15g", b.Jumps, got, want)
		}
	}
}

func TestExpectedThrowsFromBoardsWithoutSnakes(t *testing.T) {
	for _, b := range []snakes.Board{{}, ladders2to7} {
		e, err := ExpectedThrowsFrom(b)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := ExpectedThrows(b)
		if e[1] != want || e[snakes.Cells] != 0 {
			t.Errorf("%v: E(1) = %v, want %v; E(100) = %v", b.Jumps, e[1], want, e[snakes.Cells])
		}
	}
}

// A board whose cells 9 and 10 are a trap the game never enters: ladders
// from 2..7 carry the player over it, and the snakes 11..16 all lead back
// into it, so 100 cannot be reached from 8, 9, 10 or the snake heads. (Two
// targets, so that the solver's system has a singular 2×2 block there, which
// it must keep away from the finite cells.) The board is valid
// (nothing reachable from 1 is stuck). Above 17 it is the empty board, so
// E(x) there is the empty board's, and E(1) = 1 + (E(20) + … + E(25))/6 by
// the first-step equation of cell 1.
func TestExpectedThrowsFromUnreachableTrap(t *testing.T) {
	b := snakesBoard(2, 20, 3, 21, 4, 22, 5, 23, 6, 24, 7, 25,
		11, 10, 12, 9, 13, 10, 14, 9, 15, 10, 16, 9)
	if err := b.Validate(); err != nil {
		t.Fatalf("the board should be valid: %v", err)
	}
	empty, err := ExpectedThrowsFrom(snakes.Board{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := ExpectedThrowsFrom(b)
	if err != nil {
		t.Fatal(err)
	}
	for x := 8; x <= 16; x++ {
		if !math.IsInf(e[x], 1) {
			t.Errorf("E(%d) = %v, want +Inf", x, e[x])
		}
	}
	for x := 17; x <= snakes.Cells; x++ {
		if math.Abs(e[x]-empty[x]) > 1e-12*empty[x] {
			t.Errorf("E(%d) = %v, want the empty board's %v", x, e[x], empty[x])
		}
	}
	want := 1 + (empty[20]+empty[21]+empty[22]+empty[23]+empty[24]+empty[25])/6
	got, err := ExpectedThrows(b)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got-want) > 1e-12*want || e[1] != got {
		t.Errorf("E(1) = %v (from: %v), want %v", got, e[1], want)
	}
}

// TestExpectedThrowsOfValidNeverPanics: of an invalid board the value means
// nothing, but a jump off the board and an infinite expectation are errors,
// and nothing panics (the invalid boards a review handed it).
func TestExpectedThrowsOfValidNeverPanics(t *testing.T) {
	snakesTo3 := snakes.Board{}
	for from := 94; from <= 99; from++ {
		snakesTo3.Jumps = append(snakesTo3.Jumps, snakes.Jump{From: from, To: 3})
	}
	tests := []struct {
		name    string
		board   snakes.Board
		wantErr bool
	}{
		{"a jump off the board", snakes.Board{Jumps: []snakes.Jump{{From: 5, To: 101}}}, true},
		{"a jump from cell 0", snakes.Board{Jumps: []snakes.Jump{{From: 0, To: 50}}}, true},
		{"cells 94..99 all back to 3: never ends", snakesTo3, true},
		{"a jump onto itself", snakes.Board{Jumps: []snakes.Jump{{From: 5, To: 5}}}, false},
		{"a chain", snakes.Board{Jumps: []snakes.Jump{{From: 5, To: 50}, {From: 50, To: 60}}}, false},
		{"a jump from the start", snakes.Board{Jumps: []snakes.Jump{{From: 1, To: 50}}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := ExpectedThrowsOfValid(tt.board)
			if (err != nil) != tt.wantErr {
				t.Errorf("= %v, %v; want an error: %v", e, err, tt.wantErr)
			}
			if _, err := ExpectedThrows(tt.board); err == nil {
				t.Errorf("ExpectedThrows took %v as valid", tt.board)
			}
		})
	}
}
