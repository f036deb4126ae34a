package exact

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/internal/longtest"
)

// referenceTrapSurvival is the optimal survival probability by the plainest
// recursion, written apart from the analyst: probabilities as big.Rat,
// weighted by Bayes' rule from the raw prior weights, and each free region
// searched afresh whenever it is met (memoised by its smallest cell).
func referenceTrapSurvival(z *traps.Maze) *big.Rat {
	r := &trapReference{z: z, memo: map[[3]int]*big.Rat{}}
	sr, sc := 0, 0
	for i := range z.M() {
		for j := range z.N() {
			if z.At(i, j) == traps.Start {
				sr, sc = i, j
			}
		}
	}
	return r.stand(z.Life, make([]traps.Reveal, z.Kinds), sr, sc)
}

// cell is a row and column.
type cell struct{ i, j int }

type trapReference struct {
	z    *traps.Maze
	memo map[[3]int]*big.Rat // (life, knowledge in base 3, cell) -> value
}

func (r *trapReference) key(h int, known []traps.Reveal, cell int) [3]int {
	k := 0
	for t := len(known) - 1; t >= 0; t-- {
		k = 3*k + int(known[t])
	}
	return [3]int{h, k, cell}
}

// free: floor, start, exit, or a trap of a kind known harmless.
func (r *trapReference) free(known []traps.Reveal, i, j int) bool {
	t := traps.Kind(r.z.At(i, j))
	return r.z.At(i, j) != traps.Wall && (t < 0 || known[t] == traps.Harmless)
}

// stand is the value of standing on (i, j), free or a known-harmful trap.
func (r *trapReference) stand(h int, known []traps.Reveal, i, j int) *big.Rat {
	if r.free(known, i, j) {
		// The whole region: an exit in it wins; else its neighbours are the steps.
		// seen is indexed by i·N + j: a map of cells was most of the
		// reference's time on large mazes (4 times this).
		region, seen := []cell{{i, j}}, make([]bool, r.z.M()*r.z.N())
		seen[i*r.z.N()+j] = true
		for q := 0; q < len(region); q++ {
			for _, d := range traps.Steps() {
				dr, dc := d.Delta()
				c := cell{region[q].i + dr, region[q].j + dc}
				if r.z.Inside(c.i, c.j) && r.free(known, c.i, c.j) && !seen[c.i*r.z.N()+c.j] {
					seen[c.i*r.z.N()+c.j] = true
					region = append(region, c)
				}
			}
		}
		least := r.z.M() * r.z.N()
		for _, c := range region {
			if r.z.At(c.i, c.j) == traps.Exit {
				return big.NewRat(1, 1)
			}
			least = min(least, c.i*r.z.N()+c.j)
		}
		key := r.key(h, known, least)
		if v, ok := r.memo[key]; ok {
			return v
		}
		best := r.bestStep(h, known, region, false)
		r.memo[key] = best
		return best
	}
	key := r.key(h, known, i*r.z.N()+j)
	if v, ok := r.memo[key]; ok {
		return v
	}
	best := r.bestStep(h, known, []cell{{i, j}}, true)
	r.memo[key] = best
	return best
}

// bestStep is the best step from any of cells to a neighbour: onto a trap
// not known harmless, or, from a harmful cell (toFree), onto a free cell.
func (r *trapReference) bestStep(h int, known []traps.Reveal, cells []cell, toFree bool) *big.Rat {
	best := new(big.Rat)
	for _, c := range cells {
		for _, d := range traps.Steps() {
			dr, dc := d.Delta()
			i, j := c.i+dr, c.j+dc
			if !r.z.Inside(i, j) || r.z.At(i, j) == traps.Wall {
				continue
			}
			var v *big.Rat
			switch {
			case r.free(known, i, j) && !toFree:
				continue // a region's free neighbours are the region itself
			case r.free(known, i, j):
				v = r.stand(h, known, i, j)
			default:
				v = r.onto(h, known, i, j)
			}
			if v.Cmp(best) > 0 {
				best = v
			}
		}
	}
	return best
}

// onto is the value of stepping onto trap (i, j), its kind unknown or known
// harmful.
func (r *trapReference) onto(h int, known []traps.Reveal, i, j int) *big.Rat {
	t := traps.Kind(r.z.At(i, j))
	if known[t] == traps.Harmful {
		if h == 1 {
			return new(big.Rat)
		}
		return r.stand(h-1, known, i, j)
	}
	// P(t harmful | known) from the joint weights that agree with known.
	var harmful, all int64
	for combo, w := range r.z.Prior {
		agrees := true
		for u, rv := range known {
			bad := combo>>u&1 == 1
			if rv == traps.Harmless && bad || rv == traps.Harmful && !bad {
				agrees = false
			}
		}
		if agrees {
			all += int64(w)
			if combo>>t&1 == 1 {
				harmful += int64(w)
			}
		}
	}
	v := new(big.Rat)
	with := func(rv traps.Reveal) []traps.Reveal {
		k := append([]traps.Reveal(nil), known...)
		k[t] = rv
		return k
	}
	if all-harmful > 0 {
		safe := r.stand(h, with(traps.Harmless), i, j)
		v.Add(v, new(big.Rat).Mul(safe, big.NewRat(all-harmful, all)))
	}
	if harmful > 0 && h > 1 {
		bad := r.stand(h-1, with(traps.Harmful), i, j)
		v.Add(v, new(big.Rat).Mul(bad, big.NewRat(harmful, all)))
	}
	return v
}

// sameAsReference checks every route of the analyst on z against the
// reference: the fraction, the float64 bit for bit (the fraction's nearest,
// as big.Rat.Float64 rounds), the printed answer at 0 to 20 decimals, and the
// optimal policy's exact evaluation.
func sameAsReference(z *traps.Maze) error {
	want := referenceTrapSurvival(z)
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
// on the samples, a bench maze (in the long suite), mazes on and beside
// rounding boundaries, and generated mazes at the tests' small limits and
// at the defaults.
func TestTrapsSameAsReference(t *testing.T) {
	files := []string{"sample1.in", "sample2.in", "sample3.in", "sample4.in", "sixteenth.in"}
	if longtest.Enabled() {
		// The bench maze: the reference takes about 0.8 s on it, as long as
		// all the other mazes of the quick suite together.
		files = append(files, "traps-30x29-dense-k5-h2.in")
	}
	for _, name := range files {
		if err := sameAsReference(readMaze(t, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, text := range boundaryMazes() {
		if err := sameAsReference(mazeOf(t, text)); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	}
	// How many mazes at the default limits (n) and 30 columns wide (n/4):
	// the reference takes about 0.1 s on one of the first and 0.35 s on one
	// of the second, on average (the first few: one maze of each takes most
	// of it), so all of them are a long test (internal/longtest); the
	// quick suite checks the first few of each kind. The small mazes cost
	// milliseconds: all of them, always.
	nSmall, nLastLife, n := 2000, 500, 40
	if !longtest.Enabled() {
		n = 4
	}
	if testing.Short() {
		n = min(n, 5)
	}
	small := generators.TrapsWith(generators.TrapsOptions{MaxRows: 6, MaxCols: 6, MaxKinds: 3, MaxLife: 3})
	full := generators.TrapsWith(generators.DefaultTrapsOptions())
	for i := range nSmall {
		z := small.Example(i)
		if err := sameAsReference(z); err != nil {
			t.Fatalf("small maze %d:\n%s%v", i, mazeText(z), err)
		}
	}
	// A step is left unevaluated when the mass of the layers it may land in
	// is no more than the best step found: that bound is below the layer's
	// mass only on the last life or where a reveal has zero prior weight, so
	// those get mazes of their own: one life, and half the weights zeroed.
	lastLife := generators.TrapsWith(generators.TrapsOptions{MaxRows: 8, MaxCols: 8, MaxKinds: 4, MaxLife: 1})
	for i := range nLastLife {
		z := lastLife.Example(i)
		if err := sameAsReference(z); err != nil {
			t.Fatalf("one-life maze %d:\n%s%v", i, mazeText(z), err)
		}
		z = small.Example(i)
		for j := range z.Prior {
			if j%2 == i%2 && j != 0 {
				z.Prior[j] = 0
			}
		}
		if z.Prior[0] == 0 {
			z.Prior[0] = 1 // some weight is positive
		}
		if err := sameAsReference(z); err != nil {
			t.Fatalf("small maze %d, weights zeroed:\n%s%v", i, mazeText(z), err)
		}
	}
	for i := range n {
		z := full.Example(i)
		if err := sameAsReference(z); err != nil {
			t.Fatalf("maze %d:\n%s%v", i, mazeText(z), err)
		}
	}
	// n = 30, the official tests' width: a row mask's every bit but the top two.
	wide := generators.TrapsWith(generators.TrapsOptions{MaxRows: 30, MaxCols: 30, MinCols: 30, MaxKinds: 5, MaxLife: 5})
	for i := range n / 4 {
		z := wide.Example(i)
		if err := sameAsReference(z); err != nil {
			t.Fatalf("30-column maze %d:\n%s%v", i, mazeText(z), err)
		}
	}
}

// runAt on hand-made rows: the run of ones holding the bit, whatever lies
// beside it.
func TestRunAt(t *testing.T) {
	tests := []struct {
		f, b, want uint32
	}{
		{0b0111_0110, 0b0000_0100, 0b0000_0110}, // the run is bits 1..2; bits 4..6 are another
		{0b0111_0110, 0b0010_0000, 0b0111_0000},
		{0b1111, 0b0001, 0b1111},                      // from bit 0
		{0b1111, 0b1000, 0b1111},                      // to the top of the run
		{0b1, 0b1, 0b1},                               // a single cell
		{1<<30 - 1, 1 << 29, 1<<30 - 1},               // a full row of 30 columns
		{(1<<30 - 1) &^ (1 << 15), 1 << 3, 1<<15 - 1}, // a wall in column 15
	}
	for _, tt := range tests {
		if got := runAt(tt.f, tt.b); got != tt.want {
			t.Errorf("runAt(%b, %b) = %b, want %b", tt.f, tt.b, got, tt.want)
		}
	}
}

func mazeText(z *traps.Maze) string {
	var b strings.Builder
	_ = traps.Write(&b, z)
	return b.String()
}
