package exact

import (
	"math"
	"math/bits"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/jenga"
)

func parseJenga(tb testing.TB, in string) jenga.Tower {
	tb.Helper()
	t, err := jenga.Parse(strings.NewReader(in), "test.in")
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// reversed returns t with its levels in the opposite order.
func reversed(t jenga.Tower) jenga.Tower {
	r := t.Clone()
	for i, j := 0, len(r.Levels)-1; i < j; i, j = i+1, j-1 {
		r.Levels[i], r.Levels[j] = r.Levels[j], r.Levels[i]
	}
	return r
}

func TestSolveJengaPublished(t *testing.T) {
	sample := readJengaTower(t, "sample.in")
	bench := readJengaTower(t, "bench-n6-mixed.in")
	tests := []struct {
		name  string
		tower jenga.Tower
		want  float64
	}{
		// The published sample and answer (Codeforces 424E).
		{"sample", sample, 17.119213696601992},
		// The spec: with the first line as the top, the sample gives 17.149153342287.
		{"sample reversed", reversed(sample), 17.149153342287},
		// The spec's bench tower and its recorded answer.
		{"bench-n6-mixed", bench, 16.929764735374},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sol, err := SolveJenga(tc.tower)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(sol.Expected-tc.want) > 1e-6 {
				t.Errorf("expected throws = %.12f, want %.12f", sol.Expected, tc.want)
			}
		})
	}
}

// TestSolveJengaSingleColour checks the closed forms of the spec: a tower of
// one colour makes m(n) = 2, 3, 5, 6, 8 moves for n = 2..6, each taking 6
// throws on average for red (one face) and 3 for green or blue (two faces).
// m(2) = 2 by hand: take the lower level's middle (starting a new level),
// then the old top's middle; both lower levels are then dead.
func TestSolveJengaSingleColour(t *testing.T) {
	moves := map[int]float64{2: 2, 3: 3, 4: 5, 5: 6, 6: 8}
	for n := 2; n <= 6; n++ {
		for _, c := range jenga.Colours() {
			tw := jenga.Tower{}
			for range n {
				tw.Levels = append(tw.Levels, jenga.Level{c, c, c})
			}
			sol, err := SolveJenga(tw)
			if err != nil {
				t.Fatal(err)
			}
			per := 3.0
			if c == jenga.Red {
				per = 6
			}
			if want := per * moves[n]; math.Abs(sol.Expected-want) > 1e-9 {
				t.Errorf("n=%d all %v: %.12f, want %g", n, c, sol.Expected, want)
			}
		}
	}
}

func TestSolveJengaRejects(t *testing.T) {
	tall := jenga.Tower{}
	for range JengaMaxLevels + 1 {
		tall.Levels = append(tall.Levels, jenga.Level{jenga.Red, jenga.Green, jenga.Blue})
	}
	if _, err := SolveJenga(tall); err == nil {
		t.Error("SolveJenga accepted a tower taller than JengaMaxLevels")
	}
	if _, err := SolveJenga(jenga.Tower{Levels: []jenga.Level{{jenga.Red, jenga.Empty, jenga.Red}, {jenga.Red, jenga.Red, jenga.Red}}}); err == nil {
		t.Error("SolveJenga accepted an incomplete level")
	}
}

// TestJengaOptimalPolicyOnRealTowers plays the optimal policy through the
// real-tower evaluator, which applies exact's own reading of the rules to
// the uncanonical tower: the moves must be legal and give the same value and
// distribution as the canonical chain.
func TestJengaOptimalPolicyOnRealTowers(t *testing.T) {
	for _, in := range []string{
		"2\nRGB\nBBG\n",
		"3\nRGB\nGRG\nBBB\n",
		"4\nRGB\nGRG\nBBB\nGGR\n",
		"4\nRRG\nBRB\nGBG\nRGB\n",
		"5\nRBG\nGBR\nBRG\nGRB\nRGB\n",
	} {
		tw := parseJenga(t, in)
		sol, err := SolveJenga(tw)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := EvaluateJenga(tw, JengaPlayerFunc(sol.Move), 1e-12, 1e6)
		if err != nil {
			t.Fatalf("%v: %v", tw, err)
		}
		if math.Abs(ev.Expected-sol.Expected) > 1e-9 {
			t.Errorf("%v: real-tower value %.12f, canonical %.12f", tw, ev.Expected, sol.Expected)
		}
		pmf, tail, err := sol.PMF(1e-12)
		if err != nil {
			t.Fatal(err)
		}
		if len(pmf) != len(ev.PMF) || tail > 1e-12 {
			t.Fatalf("%v: pmf lengths %d and %d, tail %g", tw, len(pmf), len(ev.PMF), tail)
		}
		mean := 0.0
		for k := range pmf {
			if math.Abs(pmf[k]-ev.PMF[k]) > 1e-12 {
				t.Fatalf("%v: P(%d) = %g canonically, %g on real towers", tw, k, pmf[k], ev.PMF[k])
			}
			mean += float64(k) * pmf[k]
		}
		if math.Abs(mean-sol.Expected) > 1e-6 {
			t.Errorf("%v: pmf mean %.9f, value %.9f", tw, mean, sol.Expected)
		}
	}
}

func TestJengaPolicyTable(t *testing.T) {
	tw := parseJenga(t, "4\nRGB\nGRG\nBBB\nGGR\n")
	sol, err := SolveJenga(tw)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := sol.Policy()
	if err != nil {
		t.Fatal(err)
	}
	chain, _, err := sol.optimalChain()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != chain.states() {
		t.Errorf("%d policy rows, %d states under the optimal policy", len(rows), chain.states())
	}
	if rows[0].Tower.String() != tw.String() || rows[0].Expected != sol.Expected {
		t.Errorf("first row %v (E=%g), want the input %v (E=%g)", rows[0].Tower, rows[0].Expected, tw, sol.Expected)
	}
	for _, r := range rows {
		for c, col := range jenga.Colours() {
			legal := legalJengaMoves(r.Tower, col)
			if r.Ok[c] != (len(legal) > 0) || r.Ok[c] && !isLegalJengaMove(legal, r.Moves[c]) {
				t.Fatalf("row %v, %v: move %v (ok %v) among legal %v", r.Tower, col, r.Moves[c], r.Ok[c], legal)
			}
		}
	}
	var out strings.Builder
	if err := sol.WritePolicy(&out); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(out.String(), "\n"); lines != len(rows)+1 {
		t.Errorf("WritePolicy wrote %d lines for %d rows", lines, len(rows))
	}
}

func TestJengaTables(t *testing.T) {
	tb := jengaTablesOnce()
	// 18 complete lower levels (a side pair and a middle) and 3 two-block
	// ones (the side colour); tops: 3 + 3 with one block (side or middle),
	// 9 + 6 with two (side and middle, or both sides), 18 complete.
	if tb.nLive != 21 || tb.nTops != 39 {
		t.Errorf("%d live kinds and %d tops, want 21 and 39", tb.nLive, tb.nTops)
	}
	// A top of two blocks has one empty place: solveGroup reads one
	// placement for them, so both entries of placeIn must agree.
	for m := tb.classTops[2]; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		for fc := range tb.placeIn {
			if ps := tb.placeIn[fc][i]; ps[0] != ps[1] {
				t.Errorf("two-block top %d, frame and colour %d: placements %v", i, fc, ps)
			}
		}
	}
}

// jengaPlayerOf adapts a function to a JengaPlayer for the error cases below.
type jengaPlayerOf func(t jenga.Tower, c jenga.Colour) []jenga.WeightedMove

func (f jengaPlayerOf) Choices(t jenga.Tower, c jenga.Colour) []jenga.WeightedMove { return f(t, c) }

func TestEvaluateJengaRefusesBadPolicies(t *testing.T) {
	tw := parseJenga(t, "3\nRGB\nGRG\nBBB\n")
	first := func(t jenga.Tower, c jenga.Colour) []jenga.WeightedMove {
		if l := legalJengaMoves(t, c); len(l) > 0 {
			return []jenga.WeightedMove{{Move: l[0], P: 1}}
		}
		return nil
	}
	tests := []struct {
		name   string
		player JengaPlayer
		limit  int
		want   string
	}{
		{"takes from the top", jengaPlayerOf(func(t jenga.Tower, c jenga.Colour) []jenga.WeightedMove {
			if len(legalJengaMoves(t, c)) == 0 {
				return nil
			}
			return []jenga.WeightedMove{{Move: jenga.Move{Level: t.Top(), Pos: 0, To: 0}, P: 1}}
		}), 0, "illegal"},
		{"no move where one is due", jengaPlayerOf(func(jenga.Tower, jenga.Colour) []jenga.WeightedMove { return nil }), 0, "makes no move"},
		{"a move where none is possible", jengaPlayerOf(func(t jenga.Tower, c jenga.Colour) []jenga.WeightedMove {
			if ms := first(t, c); ms != nil {
				return ms
			}
			return []jenga.WeightedMove{{Move: jenga.Move{}, P: 1}}
		}), 0, "no block may be taken"},
		{"probabilities short of 1", jengaPlayerOf(func(t jenga.Tower, c jenga.Colour) []jenga.WeightedMove {
			ms := first(t, c)
			if ms != nil {
				ms[0].P = 0.5
			}
			return ms
		}), 0, "sum to"},
		{"state limit", jengaPlayerOf(first), 3, "more than 3 towers"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := EvaluateJenga(tw, tc.player, 1e-12, tc.limit)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestJengaPMFTail(t *testing.T) {
	sol, err := SolveJenga(parseJenga(t, "2\nRRR\nRRR\n"))
	if err != nil {
		t.Fatal(err)
	}
	// Two moves, each waiting for the red face: the number of throws is a
	// negative binomial, P(T = k) = (k−1)·(1/6)²·(5/6)^(k−2).
	pmf, tail, err := sol.PMF(1e-9)
	if err != nil {
		t.Fatal(err)
	}
	if tail >= 1e-9 || tail <= 0 {
		t.Errorf("tail %g, want in (0, 1e-9)", tail)
	}
	for k := 2; k < len(pmf); k++ {
		want := float64(k-1) / 36 * math.Pow(5.0/6, float64(k-2))
		if math.Abs(pmf[k]-want) > 1e-15 {
			t.Fatalf("P(T=%d) = %g, want %g", k, pmf[k], want)
		}
	}
	if _, _, err := sol.PMF(0); err == nil {
		t.Error("PMF accepted a zero tail bound")
	}
}
