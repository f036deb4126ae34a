package props

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestCoinsIsAGame checks coins, the fixture the harness's tests rest on,
// as any game is checked: its samples parse, print back as they were
// written and are answered as published; its answer is its exact fraction
// and the mean of its distribution; and its referee agrees with its
// analyst. A harness test that passes on a broken fixture proves nothing.
func TestCoinsIsAGame(t *testing.T) {
	g := coins()
	for _, s := range g.Samples() {
		boards, err := g.Parse(strings.NewReader(s.Input), s.Name)
		if err != nil {
			t.Fatalf("sample %s: %v", s.Name, err)
		}
		var in bytes.Buffer
		if err := g.WriteInput(&in, boards); err != nil || in.String() != s.Input {
			t.Errorf("sample %s written back: %q, %v; want %q", s.Name, in.String(), err, s.Input)
		}
		sols := make([]Solution, len(boards))
		for i, b := range boards {
			if sols[i], err = g.Solve(b); err != nil {
				t.Fatalf("sample %s, board %d: %v", s.Name, i+1, err)
			}
		}
		var out bytes.Buffer
		if err := g.WriteAnswers(&out, sols); err != nil || out.String() != s.Output {
			t.Errorf("sample %s answered %q, %v; want %q", s.Name, out.String(), err, s.Output)
		}
	}
	rapid.Check(t, func(rt *rapid.T) {
		b := g.Generator().Draw(rt, "board")
		sol, err := g.Solve(b)
		if err != nil {
			rt.Fatal(err)
		}
		f, err := g.Fraction(b, sol)
		if err != nil || f == nil {
			rt.Fatalf("fraction %v, %v", f, err)
		}
		if exact, _ := f.Float64(); math.Abs(exact-sol.Value) > 1e-9 {
			rt.Fatalf("value %v, exact fraction %v", sol.Value, f)
		}
		mass, mean := 0.0, 0.0
		for k, p := range sol.PMF {
			mass += p
			mean += float64(k) * p
		}
		if math.Abs(mass-1) > 1e-9 || math.Abs(mean-sol.Value) > 1e-9 {
			rt.Fatalf("distribution %v: mass %v, mean %v; want 1 and the value %v", sol.PMF, mass, mean, sol.Value)
		}
	})
	rapid.Check(t, Agreement(g, 20000, TestAlpha))
}
