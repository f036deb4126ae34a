package specs

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/montecarlo/referees"

	"github.com/chancecheck/chancecheck/exact"
	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/internal/longtest"
	"github.com/chancecheck/chancecheck/montecarlo"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// jengaTestRuns is the number of games per agreement check. At the per-check
// budget TestAlpha = 1e-9 the DKW band is ε = √(ln(2·10⁹)/(2·5000)) ≈ 0.046,
// so a simulator that moves the distribution by one throw is caught whenever
// the most likely throw count has probability above about 0.05 (towers of up
// to four levels have 0.07 and more).
const jengaTestRuns = 5000

// jengaSmall are the towers most tests draw: up to four levels keeps a solve
// in a few milliseconds. The samples and benchmarks cover n = 6.
var jengaSmall = JengaConfig{MaxLevels: 4}

// jengaTiny are the towers the naive analyst can solve: up to three levels.
var jengaTiny = JengaConfig{MaxLevels: 3}

// jengaBeat are the checks of TestJengaNoPolicyBeatsOptimum.
var jengaBeat = JengaBeatChecks{Runs: 2000, Alpha: props.TestAlpha, ExactGreedy: true, ExactRandomUpTo: 3}

func TestJengaSymmetries(t *testing.T) {
	rapid.Check(t, JengaSymmetries(JengaConfig{MaxLevels: 5}, jengaValue(SolveJengaExactly)))
}

func TestJengaClosedForms(t *testing.T) {
	rapid.Check(t, JengaClosedForms(jengaValue(SolveJengaExactly)))
}

func TestJengaNoPolicyBeatsOptimum(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	// Long: every tower of 100 plays the greedy and random policies 2,000
	// times each: a sweep (TestJengaNoPolicyBeatsOptimumCatchesPlantedBugs
	// shows in the quick suite that it can fail).
	longtest.Skip(t, "a statistical sweep: 100 towers, 2,000 games per policy")
	rapid.Check(t, JengaNoPolicyBeatsOptimum(jengaSmall, jengaValue(SolveJengaExactly), jengaBeat))
}

func FuzzJengaAgreement(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(props.Agreement(Jenga(jengaSmall), jengaTestRuns, props.TestAlpha)))
}

func FuzzJengaInvariants(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(props.InvariantsHold(Jenga(jengaSmall))))
}

func FuzzJengaSymmetries(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(JengaSymmetries(JengaConfig{}, jengaValue(SolveJengaExactly))))
}

func FuzzJengaNoPolicyBeatsOptimum(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(JengaNoPolicyBeatsOptimum(jengaSmall, jengaValue(SolveJengaExactly), jengaBeat)))
}

// --- Planted bugs: each property must be able to fail. ---

// TestJengaBuggyBaseline: with no knob turned, the naive analyst agrees with
// the real one (so the planted failures below come from the knobs).
func TestJengaBuggyBaseline(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	naive := jengaBuggy{}.solver()
	rapid.Check(t, func(t *rapid.T) {
		tw := jengaTiny.generator().Draw(t, "tower")
		want, err := exact.SolveJenga(tw)
		if err != nil {
			t.Fatal(err)
		}
		if err := jengaSame(naive, tw, want.Expected); err != nil {
			t.Fatalf("%v: %v", tw, err)
		}
	})
}

// plantedJengaDie is a planted bug in the referee: its die has two red faces
// and one green (R, R, G, B, B, black).
func plantedJengaDie(c JengaConfig) props.Game {
	spec, choices := JengaSpec(c)
	choices.Referee = jengaWrongDieReferee
	return props.DefineWithPolicy(spec, choices)
}

func jengaWrongDieReferee(start jenga.Tower, pol referees.JengaPolicyFunc) (func() montecarlo.Player, error) {
	faces := [6]jenga.Colour{jenga.Red, jenga.Red, jenga.Green, jenga.Blue, jenga.Blue, jenga.Empty}
	return func() montecarlo.Player {
		return func(rng *rand.Rand) (int, error) {
			t := start.Clone()
			throws := 0
			for {
				if len(referees.JengaLegalMoves(t, jenga.Red))+len(referees.JengaLegalMoves(t, jenga.Green))+len(referees.JengaLegalMoves(t, jenga.Blue)) == 0 {
					return throws, nil
				}
				throws++
				c := faces[rng.IntN(6)]
				if c == jenga.Empty || len(referees.JengaLegalMoves(t, c)) == 0 {
					continue
				}
				m, _ := pol(t.Clone(), c)
				block := t.Levels[m.Level][m.Pos]
				t.Levels[m.Level][m.Pos] = jenga.Empty
				if t.Levels[t.Top()].Blocks() == 3 {
					t.Levels = append(t.Levels, jenga.Level{})
				}
				t.Levels[t.Top()][m.To] = block
			}
		}
	}, nil
}

func TestJengaAgreementCatchesAWrongDie(t *testing.T) {
	report := expectPropertyFails(t, failOnce(props.Agreement(plantedJengaDie(jengaSmall), jengaTestRuns, props.TestAlpha)))
	if !strings.Contains(report, "referee disagrees") {
		t.Errorf("failure report does not say why:\n%s", report)
	}
}

func TestJengaAgreementCatchesAnOffByOneAnalyst(t *testing.T) {
	// The analyst counts one throw too many (its distribution starts at 1).
	g := jengaSmall
	g.solve = func(t jenga.Tower) (JengaAnalysis, error) {
		a, err := SolveJengaExactly(t)
		a.PMF = append([]float64{0}, a.PMF...)
		return a, err
	}
	report := expectPropertyFails(t, failOnce(props.Agreement(Jenga(g), jengaTestRuns, props.TestAlpha)))
	if !strings.Contains(report, "referee disagrees") {
		t.Errorf("failure report does not say why:\n%s", report)
	}
}

func TestJengaSymmetriesCatchPlantedBugs(t *testing.T) {
	tests := []struct {
		name string
		bug  jengaBuggy
		want string
	}{
		{"right blocks never taken", jengaBuggy{noRight: true}, "mirror-levels"},
		{"bottom level frozen", jengaBuggy{bottomFrozen: true}, "reorder-lower-levels"},
		{"blue has one face", jengaBuggy{weights: [3]float64{1, 2, 1}}, "swap-green-blue"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			report := expectPropertyFails(t, JengaSymmetries(jengaTiny, tc.bug.solver()))
			if !strings.Contains(report, tc.want) {
				t.Errorf("failure report does not name %s:\n%s", tc.want, report)
			}
		})
	}
}

func TestJengaClosedFormsCatchPlantedBugs(t *testing.T) {
	for name, bug := range map[string]jengaBuggy{
		"complete top takeable": {topTakeable: true},
		"lone side stands":      {loneSide: true},
	} {
		t.Run(name, func(t *testing.T) {
			solve := bug.solver()
			// The naive analyst is too slow beyond three levels: ask it only there.
			small := func(tw jenga.Tower) (float64, error) {
				if len(tw.Levels) > 3 {
					return jengaValue(SolveJengaExactly)(tw)
				}
				return solve(tw)
			}
			expectPropertyFails(t, JengaClosedForms(small))
		})
	}
}

func TestJengaNoPolicyBeatsOptimumCatchesPlantedBugs(t *testing.T) {
	t.Run("maximiser-exact", func(t *testing.T) {
		report := expectPropertyFails(t, JengaNoPolicyBeatsOptimum(jengaTiny, jengaBuggy{maximise: true}.solver(),
			JengaBeatChecks{ExactGreedy: true, ExactRandomUpTo: 3}))
		if !strings.Contains(report, "below the optimum") {
			t.Errorf("failure report does not say why:\n%s", report)
		}
	})
	t.Run("maximiser-simulated", func(t *testing.T) {
		// The same bug seen by the simulations alone: the greedy policy's
		// mean is far below the maximiser's answer (e.g. 16.1 against 36 on
		// RRG/RRG/RGR), more than the bound's width at 2,000 games.
		report := expectPropertyFails(t, failOnce(JengaNoPolicyBeatsOptimum(jengaTiny, jengaBuggy{maximise: true}.solver(),
			JengaBeatChecks{Runs: jengaBeat.Runs, Alpha: props.TestAlpha})))
		if !strings.Contains(report, "policy's mean is at most") {
			t.Errorf("failure report does not say why:\n%s", report)
		}
	})
}

func TestJengaInvariantsCatchPlantedBugs(t *testing.T) {
	tests := []struct {
		name  string
		bug   jengaBuggy
		wants []string
	}{
		{"blue has one face", jengaBuggy{weights: [3]float64{1, 2, 1}}, []string{"swap-green-blue", "single-colour-closed-form"}},
		{"maximiser", jengaBuggy{maximise: true}, []string{"greedy-does-not-beat-optimum", "single-colour-closed-form", "optimal-policy-on-real-towers"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := jengaTiny
			naive := tc.bug.solver()
			g.solve = func(tw jenga.Tower) (JengaAnalysis, error) {
				a, err := SolveJengaExactly(tw)
				if err != nil {
					return a, err
				}
				a.Expected, err = naive(tw)
				return a, err
			}
			report := expectPropertyFails(t, props.InvariantsHold(Jenga(g)))
			found := false
			for _, w := range tc.wants {
				found = found || strings.Contains(report, w)
			}
			if !found {
				t.Errorf("failure report names none of %v:\n%s", tc.wants, report)
			}
		})
	}
}
