package props

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/internal/rapidtest"
)

// TestCheckSolverLogsClosestCalls checks that a passing CheckSolver logs
// its closest calls: a planted Go solver off by share of the tolerance on
// boards with a coin of 90..99 (the samples' highest coin is 50) shows
// that share on a generated board; a right one says every answer was
// exactly right; one off by 1.5 fails and logs none.
func TestCheckSolverLogsClosestCalls(t *testing.T) {
	tests := []struct {
		name     string
		share    float64
		wantFail bool
		want     string
	}{
		{"off by 0.9 of the tolerance", 0.9, false, "error:  0.90 of the tolerance on generated board "},
		{"off by 0.3", 0.3, false, "error:  0.30 of the tolerance on generated board "},
		{"right", 0, false, "error:  every answer of the "},
		{"off by 1.5: a failure, no closest calls", 1.5, true, ""},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			solve := func(b coinBoard) (float64, error) {
				sol, err := solveCoins(b)
				if hasCoin(b, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99) {
					sol.Value += tt.share * max(1e-6, 1e-6*math.Abs(sol.Value))
				}
				return sol.Value, err
			}
			rec := rapidtest.NewRecorder(t, fmt.Sprintf("closest-solver-%d", i)) // a name rapid keeps as it is, for its fail file to be removed
			CheckSolver(rec, coins(), solve)
			log := rec.Output()
			if rec.Failed() != tt.wantFail {
				t.Fatalf("failed %v, want %v:\n%s", rec.Failed(), tt.wantFail, log)
			}
			if tt.wantFail {
				if strings.Contains(log, "closest calls") {
					t.Errorf("a failure logged closest calls:\n%s", log)
				}
				return
			}
			if !strings.Contains(log, "closest calls") || !strings.Contains(log, tt.want) || !strings.Contains(log, "time:   ") {
				t.Errorf("log lacks the closest calls, %q:\n%s", tt.want, log)
			}
		})
	}
}

// TestSolverCloseCallsSlowest checks that the slowest calls of a Go solver
// are ranked by the wall time each took, the slowest named first, from
// planted figures (no clock involved).
func TestSolverCloseCallsSlowest(t *testing.T) {
	tests := []struct {
		walls []time.Duration
		want  string // the sources kept, slowest first
	}{
		{[]time.Duration{time.Millisecond, 40 * time.Millisecond, 2 * time.Millisecond}, "b1 b2 b0"},
		{[]time.Duration{5, 4, 3, 2, 9}, "b4 b0 b1"},
	}
	for _, tt := range tests {
		s := newSolverCloseCalls(coins())
		b := coinBoard{Coins: []int{50}}
		sol, _ := solveCoins(b)
		for i, w := range tt.walls {
			s.offer(fmt.Sprintf("b%d", i), i, b, boardFigure{ours: sol, theirs: sol.Value, wall: w, judged: true})
		}
		var got []string
		for _, c := range s.out.Slowest {
			got = append(got, c.Source)
			if len(c.Input) == 0 {
				t.Errorf("%s kept without its input", c.Source)
			}
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("walls %v: slowest %q, want %q", tt.walls, g, tt.want)
		}
		if lines := strings.Join(s.out.Lines(), "\n"); !strings.Contains(lines, "time:   ") || !strings.Contains(lines, "on "+strings.Fields(tt.want)[0]) {
			t.Errorf("lines do not name the slowest:\n%s", lines)
		}
	}
}
