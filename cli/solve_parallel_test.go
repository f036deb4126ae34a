package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/chancecheck/chancecheck/props"
)

// TestParallelSolveIsSequential checks that solve prints, byte for byte,
// what solving the boards one after another prints, under one and two
// workers, on multi-case inputs of every game that has them; with --exact
// too, whose fractions are computed in parallel as well.
func TestParallelSolveIsSequential(t *testing.T) {
	tests := []struct {
		game  string
		count int
		flags []string
	}{
		{"snakes", 2_000, []string{"--relax-limits"}},
		{"snakes", 12, []string{"--exact"}},
		{"patience", 150, nil},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.game, tc.flags), func(t *testing.T) {
			path := manyBoardsFile(t, tc.game, tc.count)
			want := solveOneByOne(t, tc.game, path, tc.flags)
			before := runtime.GOMAXPROCS(0)
			defer runtime.GOMAXPROCS(before)
			for _, procs := range []int{1, 2} {
				runtime.GOMAXPROCS(procs)
				code, out, errOut := chancecheck(t, "", append([]string{"solve", tc.game, path}, tc.flags...)...)
				if code != 0 {
					t.Fatalf("GOMAXPROCS %d: exit %d: %s", procs, code, errOut)
				}
				if out != want {
					t.Errorf("GOMAXPROCS %d: %d bytes differ from the sequential %d", procs, len(out), len(want))
				}
			}
		})
	}
}

// solveOneByOne is what solve printed before it ran in parallel: each
// board's answer in turn, then (with --exact) each fraction in turn.
func solveOneByOne(t *testing.T, game, path string, flags []string) string {
	t.Helper()
	g, err := App{Games: builtins()}.lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	boards, err := g.ParseRelaxed(f, path)
	if errors.Is(err, props.ErrUnsupported) {
		f.Seek(0, 0)
		boards, err = g.Parse(f, path)
	}
	if err != nil {
		t.Fatal(err)
	}
	sols := make([]props.Solution, len(boards))
	for i, b := range boards {
		if sols[i], err = g.Answer(b); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	if err := g.WriteAnswers(&out, sols); err != nil {
		t.Fatal(err)
	}
	for _, flag := range flags {
		if flag != "--exact" {
			continue
		}
		for i, b := range boards {
			r, err := g.Fraction(b, sols[i])
			if err != nil || r == nil {
				t.Fatalf("board %d: fraction %v, %v", i+1, r, err)
			}
			fmt.Fprintf(&out, "exact %d: %s\n", i+1, r.RatString())
		}
	}
	return out.String()
}

// TestForEachIndexReportsTheFirstFailure checks that whatever the number
// of workers the failure returned is the one of the smallest failing
// index, that every index below it ran, and that none ran twice.
func TestForEachIndexReportsTheFirstFailure(t *testing.T) {
	tests := []struct {
		n       int
		failing []int
		want    int // the index returned; -1 when none fails
	}{
		{0, nil, -1},
		{1, nil, -1},
		{1000, nil, -1},
		{1000, []int{0}, 0},
		{1000, []int{999}, 999},
		{1000, []int{700, 3, 500}, 3},
		{5000, []int{4000, 2500}, 2500},
	}
	for _, tt := range tests {
		for _, workers := range []int{1, 2, 3, 8} {
			fails := map[int]bool{}
			for _, i := range tt.failing {
				fails[i] = true
			}
			runs := make([]atomic.Int32, tt.n)
			got, err := forEachIndex(tt.n, workers, func(i int) error {
				runs[i].Add(1)
				if fails[i] {
					return fmt.Errorf("index %d", i)
				}
				return nil
			})
			if got != tt.want || (tt.want >= 0) != (err != nil) || err != nil && err.Error() != fmt.Sprintf("index %d", tt.want) {
				t.Errorf("n %d, failing %v, %d workers: got %d, %v; want %d", tt.n, tt.failing, workers, got, err, tt.want)
			}
			below := tt.n
			if tt.want >= 0 {
				below = tt.want
			}
			for i := range tt.n {
				if r := runs[i].Load(); r > 1 || i < below && r != 1 {
					t.Errorf("n %d, %d workers: index %d ran %d times", tt.n, workers, i, r)
					break
				}
			}
		}
	}
}
