package exact

import (
	"fmt"
	"maps"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/generators"
)

// ratField is trapField over probabilities as exact fractions, each reveal
// weighted by Bayes' rule: the arithmetic the analyst used before massField,
// kept as the reference massField must equal. Values are never mutated after
// they are made, so they may be shared.
type ratField struct{}

func (ratField) zero() *big.Rat       { return new(big.Rat) }
func (ratField) whole(int64) *big.Rat { return big.NewRat(1, 1) }
func (ratField) mix(a *big.Rat, wa int64, b *big.Rat, wb int64, total int64) *big.Rat {
	x := new(big.Rat).Mul(a, new(big.Rat).SetInt64(wa))
	y := new(big.Rat).Mul(b, new(big.Rat).SetInt64(wb))
	x.Add(x, y)
	return x.Quo(x, new(big.Rat).SetInt64(total))
}
func (ratField) less(a, b *big.Rat) bool { return a.Cmp(b) < 0 }
func (ratField) isZero(a *big.Rat) bool  { return a.Sign() == 0 }

// referenceTrapSolution is SolveTraps in ratField arithmetic.
func referenceTrapSolution(z *traps.Maze) (*big.Rat, traps.Table, error) {
	s, err := newTrapSolver[*big.Rat](z, ratField{})
	if err != nil {
		return nil, nil, err
	}
	v := s.answer()
	return v, s.table(), nil
}

// sameAsReference checks every route of the analyst on z against the
// reference: the fraction, the float64 bit for bit (the fraction's nearest,
// as big.Rat.Float64 rounds), the printed answer at 0 to 20 decimals, the
// policy table and the policy's evaluation.
func sameAsReference(z *traps.Maze) error {
	want, wantTable, err := referenceTrapSolution(z)
	if err != nil {
		return err
	}
	got, _, err := TrapSurvivalRat(z)
	if err != nil {
		return err
	}
	if got.Cmp(want) != 0 {
		return fmt.Errorf("TrapSurvivalRat = %v, reference %v", got, want)
	}
	f, _, err := TrapSurvival(z)
	if wantF, _ := want.Float64(); err != nil || math.Float64bits(f) != math.Float64bits(wantF) {
		return fmt.Errorf("TrapSurvival = %.17g (%v), reference %.17g", f, err, wantF)
	}
	for digits := range 21 {
		if g, w := traps.FormatProbability(got, digits), traps.FormatProbability(want, digits); g != w {
			return fmt.Errorf("prints %s at %d decimals, reference %s", g, digits, w)
		}
	}
	sol, err := SolveTraps(z)
	if err != nil {
		return err
	}
	if wantF, _ := want.Float64(); sol.Exact.Cmp(want) != 0 || math.Float64bits(sol.Value) != math.Float64bits(wantF) {
		return fmt.Errorf("SolveTraps = %v (%.17g), reference %v", sol.Exact, sol.Value, want)
	}
	if !maps.Equal(sol.Policy, wantTable) {
		return fmt.Errorf("SolveTraps' policy (%d situations) differs from the reference's (%d)", len(sol.Policy), len(wantTable))
	}
	pv, err := EvaluateTrapPolicyRat(z, sol.Policy)
	if err != nil || pv.Cmp(want) != 0 {
		return fmt.Errorf("the policy evaluates to %v (%v), reference %v", pv, err, want)
	}
	return nil
}

// boundaryMazes are one-trap mazes whose answer w0/(w0+w1) lies on or
// within one part in w0+w1 of a rounding boundary (k+1/2)/10^d, where a
// route that rounded a float could print the wrong last digit.
func boundaryMazes() []string {
	var mazes []string
	add := func(w0, w1 int64) {
		mazes = append(mazes, fmt.Sprintf("1 3 1 1\n$A@\n%d %d\n", w0, w1))
	}
	add(1, 15) // 0.0625: on the boundary at 3 decimals (half up: 0.063)
	add(1, 1)  // 0.5
	add(1, 7)  // 0.125
	for _, total := range []int64{2000, 20000, 99999, 100000, 199999, 200000} {
		for _, k := range []int64{0, 62, 499, 500, 857, 998, 999} {
			// w0/total nearest (k+1/2)/1000, and one either side.
			mid := (2*k + 1) * total / 2000
			for _, w0 := range []int64{mid - 1, mid, mid + 1} {
				if w0 >= 0 && w0 <= total && w0 <= traps.MaxWeight && total-w0 <= traps.MaxWeight {
					add(w0, total-w0)
				}
			}
		}
	}
	return mazes
}

// The analyst's mass arithmetic equals the probability-weighted reference
// on the samples, the bench mazes, mazes on and beside rounding boundaries,
// and generated mazes at the tests' small limits and at the defaults.
func TestTrapsSameAsReference(t *testing.T) {
	for _, name := range []string{"sample1.in", "sample2.in", "sample3.in", "sample4.in", "sixteenth.in",
		"traps-30x29-dense-k5-h2.in", "traps-30x29-dense-k5-h5.in"} {
		if err := sameAsReference(readMaze(t, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, text := range boundaryMazes() {
		if err := sameAsReference(mazeOf(t, text)); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	}
	small := generators.TrapsWith(generators.TrapsOptions{MaxRows: 6, MaxCols: 6, MaxKinds: 3, MaxLife: 3})
	full := generators.TrapsWith(generators.DefaultTrapsOptions())
	for i := range 2000 {
		z := small.Example(i)
		if err := sameAsReference(z); err != nil {
			t.Fatalf("small maze %d:\n%s%v", i, mazeText(z), err)
		}
	}
	n := 150
	if testing.Short() {
		n = 20
	}
	for i := range n {
		z := full.Example(i)
		if err := sameAsReference(z); err != nil {
			t.Fatalf("maze %d:\n%s%v", i, mazeText(z), err)
		}
	}
}

func mazeText(z *traps.Maze) string {
	var b strings.Builder
	_ = traps.Write(&b, z)
	return b.String()
}
