package reports

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
	"pgregory.net/rapid"
)

// waitForOne is a tiny game for the report's own tests, cheap to solve and
// to simulate: roll a fair die with s sides (the board) until it shows a 1;
// the outcome is the number of rolls, Geometric(1/s), mean s. Its outcomes
// are counts, so its boards take the DKW test. It is defined through the
// public game API, as a user's game would be.
//
// Boards listed in p make Solve fail, Solve panic and the invariant fail,
// to show that such boards are findings.
type waitPlants struct {
	solveErr, solvePanic, breaks int
}

const waitTail = 1e-13

func waitForOne(p waitPlants) props.Game {
	return props.Define(props.Spec[int]{
		Name:      "wait",
		Title:     "Rolls of a fair die until it shows 1",
		Parse:     func(io.Reader, string) ([]int, error) { return nil, errors.New("no input format") },
		Write:     func(w io.Writer, boards []int) error { _, err := fmt.Fprintln(w, boards[0]); return err },
		Classify:  func(s int) string { return fmt.Sprintf("d%d", s) },
		Generator: rapid.Custom(func(t *rapid.T) int { return rapid.IntRange(2, 12).Draw(t, "sides") }),
		Outcome:   props.Count,
		Solve: func(s int) (props.Solution, error) {
			switch s {
			case p.solveErr:
				return props.Solution{}, errors.New("planted solver error")
			case p.solvePanic:
				panic("planted solver panic")
			}
			return rollsUntilOne(s), nil
		},
		Play: rollUntilOne,
		Invariants: []props.Invariant[int]{{
			Name: "mean-is-sides",
			Doc:  "the expected number of rolls is the number of sides",
			Check: func(s int, sol props.Solution) error {
				if s == p.breaks {
					return errors.New("planted invariant failure")
				}
				if math.Abs(sol.Value-float64(s)) > 1e-12 {
					return fmt.Errorf("E = %g", sol.Value)
				}
				return nil
			},
		}},
	})
}

// The same calibration failure for a count game (DKW per board). A shift
// of one standard error per board is within every board's DKW test (which
// sees about 3 standard errors here) but not within the calibration of 200.
func TestBiasedCountSimulatorFailsCalibration(t *testing.T) {
	for _, tc := range []struct {
		name string
		game props.Game
		pass bool
	}{
		{"unbiased", waitForOne(waitPlants{}), true},
		{"biased", biased{waitForOne(waitPlants{}), 1}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := mustRun(t, Options{Games: []props.Game{tc.game}, Boards: 200, Runs: 4096, Seed: 11, Alpha: 1e-6})
			g := r.Games[0]
			for _, b := range g.Boards {
				if !b.Pass || b.Agreement.Test != "dkw" {
					t.Errorf("board %s: %s test, pass %v (z = %.2f): the bias is too large for this test", b.ID, b.Agreement.Test, b.Pass, b.Agreement.Z)
				}
			}
			c := g.Calibration
			t.Logf("calibration over %d boards: D = %.3f, β = %.4f, p = %.3g, α = %.3g", c.Boards, c.D, c.BerryEsseen, c.PValue, c.Alpha)
			if c.Pass != tc.pass || r.Pass != tc.pass {
				t.Fatalf("calibration pass = %v, report pass = %v, want %v", c.Pass, r.Pass, tc.pass)
			}
		})
	}
}

// A solver error, a panic and a broken invariant are findings on their
// boards: the run goes on, the report fails, and says why.
func TestBoardFailuresAreFindings(t *testing.T) {
	g := waitForOne(waitPlants{solveErr: 5, solvePanic: 6, breaks: 7})
	r, _ := mustRun(t, Options{Games: []props.Game{g}, Boards: 40, Runs: 1000, Seed: 2, Alpha: 1e-6})
	if r.Pass {
		t.Fatal("the report passed")
	}
	gr := r.Games[0]
	seen := map[int]bool{}
	for _, b := range gr.Boards {
		s := 0
		fmt.Sscan(b.Input, &s)
		seen[s] = true
		var want string
		switch s {
		case 5:
			want = "solve: planted solver error"
		case 6:
			want = "panic: planted solver panic"
		}
		if (want == "" && b.Error != "") || !strings.HasPrefix(b.Error, want) || (want != "" && b.Pass) {
			t.Errorf("d%d: error %q, pass %v", s, b.Error, b.Pass)
		}
		if broke := len(b.Failed) > 0; broke != (s == 7) || (s == 7 && b.Pass) {
			t.Errorf("d%d: failed invariants %v, pass %v", s, b.Failed, b.Pass)
		}
		if want != "" && (b.InvariantsChecked || b.Calibration.Skipped != SkipError) {
			t.Errorf("d%d: an unsolved board counts as checked or calibrated", s)
		}
	}
	if !seen[5] || !seen[6] || !seen[7] {
		t.Fatalf("the planted boards were not all generated: %v", seen)
	}
	inv := gr.Invariants[0]
	broken := 0
	for _, b := range gr.Boards {
		if len(b.Failed) > 0 {
			broken++
		}
	}
	if inv.Failed != broken || inv.Failed == 0 || inv.Checked >= len(gr.Boards) {
		t.Errorf("invariant counts %+v, %d boards broke it, %d boards", inv, broken, len(gr.Boards))
	}
	var md strings.Builder
	if err := WriteMarkdown(&md, r, nil); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"### Failed boards", "solve: planted solver error", "panic: planted solver panic", "invariant mean-is-sides: planted invariant failure"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("report.md does not say %q", want)
		}
	}
}

// builtins are the four built-in games, as cmd/chancecheck assembles them.
func builtins() []props.Game {
	return []props.Game{specs.Snakes(), specs.Patience(), specs.Traps(specs.TrapsConfig{}), specs.Jenga(specs.JengaConfig{})}
}

// rollsUntilOne is the exact answer for a die of s sides: the number of
// rolls until it shows 1 is Geometric(1/s), P(T = k) = (1 − 1/s)^(k−1)/s for
// k ≥ 1, cut where the tail is below waitTail; its mean is s.
func rollsUntilOne(s int) props.Solution {
	q := 1 - 1/float64(s)
	pmf := []float64{0}
	tail := 1.0
	for k := 1; tail > waitTail; k++ {
		pmf = append(pmf, math.Pow(q, float64(k-1))/float64(s))
		tail = math.Pow(q, float64(k))
	}
	return props.Solution{Value: float64(s), PMF: pmf, PMFTail: tail}
}

// rollUntilOne is the referee: it rolls a die of s sides until it shows 1.
func rollUntilOne(s int, rng *rand.Rand) (int, error) {
	n := 1
	for rng.IntN(s) != 0 {
		n++
	}
	return n, nil
}
