package specs

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/games/patience"
	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/props"
)

// mixBoardsEnv names the environment variable that turns
// TestPrintGeneratedMix on and says how many boards of each game it draws.
const mixBoardsEnv = "CHANCECHECK_MIX_BOARDS"

// TestPrintGeneratedMix prints, for each built-in game at its default
// parameters (and traps and jenga at the tests' smaller limits too), the
// classes of the first N generated boards (Example seeds 0..N−1), the
// distribution of their exact answers and of a size measure, and the
// analyst's time: the tables of BENCHMARKS.md, "generated boards".
// It solves every board, which takes minutes at N = 500, so it runs only
// when asked:
//
//	CHANCECHECK_MIX_BOARDS=500 go test -run TestPrintGeneratedMix -v ./props/
func TestPrintGeneratedMix(t *testing.T) {
	text := os.Getenv(mixBoardsEnv)
	if text == "" {
		t.Skipf("set %s=N to print the mix of N generated boards of each game", mixBoardsEnv)
	}
	n, err := strconv.Atoi(text)
	if err != nil || n <= 0 {
		t.Fatalf("%s=%q: want a positive number of boards", mixBoardsEnv, text)
	}
	var ps exact.PatienceSolver
	trapsSize := func(b props.Board) (string, float64) {
		_, st, err := exact.TrapSurvival(b.(*traps.Maze))
		if err != nil {
			t.Fatal(err)
		}
		return "frontier steps (the float analyst's work)", float64(st.Frontier)
	}
	jengaSize := func(b props.Board) (string, float64) {
		sol, err := exact.SolveJenga(b.(jenga.Tower))
		if err != nil {
			t.Fatal(err)
		}
		return "canonical states", float64(sol.States())
	}
	for _, c := range []struct {
		label string
		g     props.Game
		size  func(props.Board) (string, float64) // a measure of the board's size, by name
	}{
		{"the default generator", Snakes(), func(b props.Board) (string, float64) { return "jumps", float64(len(b.(snakes.Board).Jumps)) }},
		{"the default generator", Patience(), func(b props.Board) (string, float64) {
			if _, err := ps.WinProbability(b.(patience.Deal)); err != nil {
				t.Fatal(err)
			}
			return "positions the analyst evaluates", float64(ps.States())
		}},
		{"the default generator", Traps(TrapsConfig{}), trapsSize},
		{"the tests' limits: 6 × 6, K ≤ 3, H ≤ 3", Traps(smallTraps()), trapsSize},
		{"the default generator", Jenga(JengaConfig{}), jengaSize},
		{"the tests' limits: up to 4 levels", Jenga(jengaSmall), jengaSize},
	} {
		t.Logf("\n%s (%s)\n%s", c.g.Name(), c.label, generatedMix(t, c.g, n, c.size))
	}
}

// generatedMix draws n boards of g and describes them as Markdown: a table
// of classes with the answers in each, then the answers, the size measure
// and the analyst's time over all boards.
func generatedMix(t *testing.T, g props.Game, n int, size func(props.Board) (string, float64)) string {
	byClass := map[string][]float64{} // answers by class; -1 and 2 stand for exactly 0 and 1
	var all, sizes []float64
	var sizeName string
	var slowest, total time.Duration
	gen := g.Generator()
	for seed := range n {
		b := gen.Example(seed)
		start := time.Now()
		sol, err := g.Answer(b)
		if err != nil {
			t.Fatalf("%s seed %d: %v", g.Name(), seed, err)
		}
		d := time.Since(start)
		total += d
		slowest = max(slowest, d)
		v := sol.Value
		if g.Outcome() == props.WinLoss {
			v = exactEnd(g, b, sol)
		}
		c := g.Classify(b)
		byClass[c] = append(byClass[c], v)
		all = append(all, v)
		var s float64
		sizeName, s = size(b)
		sizes = append(sizes, s)
	}
	var w strings.Builder
	fmt.Fprintf(&w, "%d boards (Example seeds 0..%d), parameters: %s\n\n", n, n-1, describeParamValues(g))
	if g.Outcome() == props.WinLoss {
		fmt.Fprintf(&w, "| class | boards | share | p = 0 | p = 1 | 0 < p < 1 |\n|---|--:|--:|--:|--:|--:|\n")
	} else {
		fmt.Fprintf(&w, "| class | boards | share | median answer | largest |\n|---|--:|--:|--:|--:|\n")
	}
	names := slices.SortedFunc(maps.Keys(byClass), func(a, b string) int {
		return cmp.Or(cmp.Compare(len(byClass[b]), len(byClass[a])), cmp.Compare(a, b))
	})
	for _, c := range names {
		vs := byClass[c]
		fmt.Fprintf(&w, "| %s | %d | %.1f%% |", c, len(vs), 100*float64(len(vs))/float64(n))
		if g.Outcome() == props.WinLoss {
			at0, at1, between := ends(vs)
			fmt.Fprintf(&w, " %d | %d | %d |\n", at0, at1, len(between))
		} else {
			sorted := slices.Sorted(slices.Values(vs))
			fmt.Fprintf(&w, " %.4g | %.4g |\n", sorted[(len(sorted)-1)/2], sorted[len(sorted)-1])
		}
	}
	fmt.Fprintln(&w)
	if g.Outcome() == props.WinLoss {
		at0, at1, between := ends(all)
		fmt.Fprintf(&w, "answers: p = 0 %.1f%%, p = 1 %.1f%%, 0 < p < 1 %.1f%%; quantiles of those in between: %s\n",
			100*float64(at0)/float64(n), 100*float64(at1)/float64(n), 100*float64(len(between))/float64(n), quantiles(between))
	} else {
		fmt.Fprintf(&w, "answers: quantiles %s\n", quantiles(all))
	}
	fmt.Fprintf(&w, "%s: quantiles %s\n", sizeName, quantiles(sizes))
	fmt.Fprintf(&w, "analyst (Answer): %.2f ms a board on average, slowest %.1f ms\n",
		float64(total.Microseconds())/1000/float64(n), float64(slowest.Microseconds())/1000)
	return w.String()
}

// exactEnd is a win/loss answer, exactly 0 or 1 where the game's fraction
// says so.
func exactEnd(g props.Game, b props.Board, sol props.Solution) float64 {
	v := sol.Value
	if math.Abs(v) < 1e-9 || math.Abs(v-1) < 1e-9 {
		if f, err := g.Fraction(b, sol); err == nil && f != nil {
			v, _ = f.Float64()
		}
	}
	return v
}

// ends counts the probabilities at 0 and at 1 and lists the others.
func ends(ps []float64) (at0, at1 int, between []float64) {
	for _, p := range ps {
		switch p {
		case 0:
			at0++
		case 1:
			at1++
		default:
			between = append(between, p)
		}
	}
	return at0, at1, between
}

// describeParamValues lists g's parameter values, "name=value" in name
// order, or "none".
func describeParamValues(g props.Game) string {
	v := g.ParamValues()
	if len(v) == 0 {
		return "none"
	}
	var parts []string
	for _, name := range slices.Sorted(maps.Keys(v)) {
		parts = append(parts, fmt.Sprintf("%s=%d", name, v[name]))
	}
	return strings.Join(parts, ", ")
}

// quantiles lists the minimum, 10%, 25%, 50%, 75%, 90%, 99% quantiles and the
// maximum of xs (nearest rank), or "none".
func quantiles(xs []float64) string {
	if len(xs) == 0 {
		return "none"
	}
	xs = slices.Sorted(slices.Values(xs))
	var parts []string
	for _, q := range []struct {
		name string
		at   float64
	}{{"min", 0}, {"p10", .1}, {"p25", .25}, {"p50", .5}, {"p75", .75}, {"p90", .9}, {"p99", .99}, {"max", 1}} {
		i := min(len(xs)-1, int(math.Ceil(q.at*float64(len(xs))))-1)
		parts = append(parts, fmt.Sprintf("%s %.4g", q.name, xs[max(0, i)]))
	}
	return strings.Join(parts, ", ")
}
