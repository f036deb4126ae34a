package specs

import (
	"math"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/generators"
	"pgregory.net/rapid"
)

// bruteForceTraps is an optimum found by a different method from the
// analyst's, for tiny mazes: value iteration over every state (cell, lives,
// knowledge), from V = 0 upward, with the prior conditioned by summing the
// weights directly. Iterating the Bellman operator from 0 converges to the
// least fixed point, the optimal probability of reaching an exit; each
// sweep that changes nothing by more than 1e-15 ends it.
func bruteForceTraps(z *traps.Maze) float64 {
	m, n, kinds := z.M(), z.N(), z.Kinds
	nk := 1
	for range kinds {
		nk *= 3
	}
	digit := func(k, t int) int {
		for range t {
			k /= 3
		}
		return k % 3
	}
	pow3 := func(t int) int {
		p := 1
		for range t {
			p *= 3
		}
		return p
	}
	mass := make([]int64, nk) // Σ p_i over joint states i agreeing with k
	for k := range nk {
		for i, w := range z.Prior {
			ok := true
			for t := range kinds {
				if d := digit(k, t); d != 0 && (i>>t&1 == 1) != (d == 2) {
					ok = false
				}
			}
			if ok {
				mass[k] += int64(w)
			}
		}
	}
	idx := func(cell, h, k int) int { return (cell*z.Life+h-1)*nk + k }
	v := make([]float64, m*n*z.Life*nk)
	next := make([]float64, len(v))
	// onto is the value of arriving on cell (r, c) with h lives at knowledge k.
	onto := func(r, c, h, k int) float64 {
		t := traps.Kind(z.At(r, c))
		if t < 0 {
			return v[idx(r*n+c, h, k)]
		}
		at := func(h, k int) float64 {
			if h == 0 {
				return 0
			}
			return v[idx(r*n+c, h, k)]
		}
		switch digit(k, t) {
		case 1:
			return at(h, k)
		case 2:
			return at(h-1, k)
		}
		kSafe, kBad := k+pow3(t), k+2*pow3(t)
		val := 0.0
		if mass[kSafe] > 0 {
			val += float64(mass[kSafe]) / float64(mass[k]) * at(h, kSafe)
		}
		if mass[kBad] > 0 {
			val += float64(mass[kBad]) / float64(mass[k]) * at(h-1, kBad)
		}
		return val
	}
	for sweep := 0; sweep <= len(v)+1; sweep++ {
		change := 0.0
		for r := range m {
			for c := range n {
				if z.At(r, c) == traps.Wall {
					continue
				}
				for h := 1; h <= z.Life; h++ {
					for k := range nk {
						if mass[k] == 0 {
							continue
						}
						best := 0.0
						if z.At(r, c) == traps.Exit {
							best = 1
						} else {
							for _, d := range traps.Steps() {
								dr, dc := d.Delta()
								if z.Inside(r+dr, c+dc) && z.At(r+dr, c+dc) != traps.Wall {
									best = math.Max(best, onto(r+dr, c+dc, h, k))
								}
							}
						}
						i := idx(r*n+c, h, k)
						change = math.Max(change, best-v[i])
						next[i] = best
					}
				}
			}
		}
		v, next = next, v
		if change <= 1e-15 {
			break
		}
	}
	r, c, _ := z.StartCell()
	return v[idx(r*n+c, z.Life, 0)]
}

// TrapsMatchesBruteForce is the property "the analyst's optimum is the
// optimum": on tiny mazes it equals value iteration over all states to 1e-9.
func TrapsMatchesBruteForce(g TrapsConfig) func(*rapid.T) {
	return func(t *rapid.T) {
		z := g.generator().Draw(t, "maze")
		sol, err := Traps(g).Solve(z)
		if err != nil {
			t.Fatalf("traps: solve: %v", err)
		}
		if want := bruteForceTraps(z); math.Abs(sol.Value-want) > 1e-9 {
			t.Fatalf("traps: analyst %.12f, value iteration %.12f", sol.Value, want)
		}
	}
}

func tinyTraps() TrapsConfig {
	return TrapsConfig{Limits: generators.TrapsOptions{MaxRows: 5, MaxCols: 5, MaxKinds: 3, MaxLife: 3}}
}

func TestTrapsMatchesBruteForce(t *testing.T) {
	rapid.Check(t, TrapsMatchesBruteForce(tinyTraps()))
}

func TestTrapsBruteForceSamples(t *testing.T) {
	for _, tt := range []struct {
		sample string
		want   float64
	}{{"sample1", 0.6}, {"sample2", 0.8}, {"sample3", 1}, {"sample4", 0.858}, {"sixteenth", 0.0625}} {
		for _, s := range Traps(TrapsConfig{}).Samples() {
			if s.Name != tt.sample {
				continue
			}
			boards, err := Traps(TrapsConfig{}).Parse(strings.NewReader(s.Input), s.Name)
			if err != nil {
				t.Fatal(err)
			}
			if got := bruteForceTraps(boards[0].(*traps.Maze)); math.Abs(got-tt.want) > 1e-12 {
				t.Errorf("%s: value iteration %.15f, want %v", tt.sample, got, tt.want)
			}
		}
	}
}

// An analyst that plans with one life fewer is not optimal.
func TestTrapsBruteForceCatchesAPessimisticAnalyst(t *testing.T) {
	g := withAnalyst(func(z *traps.Maze) *traps.Maze {
		out := z.Clone()
		out.Life = max(1, z.Life-1)
		return out
	})
	g.Limits = tinyTraps().Limits
	report := expectPropertyFails(t, TrapsMatchesBruteForce(g))
	if !strings.Contains(report, "value iteration") {
		t.Errorf("failure report does not say why:\n%s", report)
	}
}
