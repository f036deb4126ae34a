package gametest

import (
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// rangeDieSpec is the die game with generator parameters, presets and a
// coverage goal, as a user's game declares them: dice of least..most sides,
// most of them small.
func rangeDieSpec() props.Spec[int] {
	s := dieSpec()
	s.Generator = nil
	s.Params = []props.Param{
		{Name: "least", Doc: "the fewest sides of a drawn die", Default: 2, Min: 2, Max: dieMaxSides},
		{Name: "most", Doc: "the most sides of a drawn die", Default: 8, Min: 2, Max: dieMaxSides},
	}
	s.Presets = []props.Preset{{Name: "big", Doc: "dice of 10 to 12 sides", Values: map[string]int{"least": 10, "most": 12}}}
	s.GeneratorWith = func(v map[string]int) *rapid.Generator[int] {
		return rapid.IntRange(min(v["least"], v["most"]), v["most"])
	}
	s.Classify = func(s int) string {
		if s <= 6 {
			return "small"
		}
		return "big"
	}
	s.Coverage = []props.ClassGoal{{Class: "small", MinShare: 0.3}}
	return s
}

// A game with parameters and goals passes every check, params and coverage
// included.
func TestRunPassesAGameWithParams(t *testing.T) {
	Run(t, props.Define(rangeDieSpec()))
}

// The params check draws at both ends of every parameter, the others at
// their defaults, and under every preset.
func TestParamSettings(t *testing.T) {
	var got []string
	for _, s := range paramSettings(props.Define(rangeDieSpec())) {
		got = append(got, s.what)
	}
	want := []string{
		"least=2 (its Min; the others at their defaults)",
		"least=12 (its Max; the others at their defaults)",
		"most=2 (its Min; the others at their defaults)",
		"most=12 (its Max; the others at their defaults)",
		"preset big (least=10, most=12)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("settings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Planted: a parameter whose Max draws boards the game's own Parse refuses
// (a die of 13 sides where the format allows 12), and goals the generator
// cannot meet.
func TestParamsAndCoverageCatchPlantedBugs(t *testing.T) {
	tests := []struct {
		name  string
		check func(rapid.TB, props.Game, options)
		plant func(*props.Spec[int])
		want  []string
	}{
		{"params/max beyond the format", checkParams,
			func(s *props.Spec[int]) {
				s.Params[1].Max = dieMaxSides + 1
				s.GeneratorWith = func(v map[string]int) *rapid.Generator[int] {
					return rapid.IntRange(max(2, v["most"]-1), v["most"])
				}
			},
			[]string{"with most=13 (its Max; the others at their defaults): a generated board is not valid", "13 sides, want 2 to 12"}},
		{"params/preset draws invalid boards", checkParams,
			func(s *props.Spec[int]) {
				s.GeneratorWith = func(v map[string]int) *rapid.Generator[int] {
					if v["least"] == 10 && v["most"] == 12 {
						return rapid.Just(1) // the preset's combination reaches a branch that is wrong
					}
					return rapid.IntRange(min(v["least"], v["most"]), v["most"])
				}
			},
			[]string{"with preset big (least=10, most=12): a generated board is not valid", "1 sides, want 2 to 12"}},
		{"coverage/a class never drawn", checkCoverage,
			func(s *props.Spec[int]) {
				s.Coverage = append(s.Coverage, props.ClassGoal{Class: "huge", MinShare: 0.1})
			},
			[]string{"the generator misses its coverage goals", "class huge: 0 of 200 boards (0.0%), goal ≥ 10.0%"}},
		{"coverage/a share too low", checkCoverage,
			func(s *props.Spec[int]) { s.Coverage = []props.ClassGoal{{Class: "big", MinShare: 0.9}} },
			[]string{"the generator misses its coverage goals", "class big: ", "goal ≥ 90.0%"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			spec := rangeDieSpec()
			tc.plant(&spec)
			rec := NewRecorder(t, "planted-"+strings.NewReplacer("/", "-", " ", "-").Replace(tc.name))
			tc.check(rec, props.Define(spec), defaultOptions(t))
			if !rec.Failed() {
				t.Fatalf("the check passed although a bug was planted:\n%s", rec.Output())
			}
			for _, w := range tc.want {
				if !strings.Contains(rec.Output(), w) {
					t.Errorf("the failure does not say %q:\n%s", w, rec.Output())
				}
			}
		})
	}
}

// A goal too small for the most boards the check draws is logged as too
// few to judge, and does not fail; a class that never occurs but whose goal
// can be judged fails on as many boards as judging it takes.
func TestCoverageBoards(t *testing.T) {
	spec := rangeDieSpec()
	spec.Coverage = append(spec.Coverage, props.ClassGoal{Class: "huge", MinShare: 1e-6})
	rec := NewRecorder(t, "coverage-too-few")
	checkCoverage(rec, props.Define(spec), defaultOptions(t))
	if rec.Failed() || !strings.Contains(rec.Output(), "too few boards to judge, 20000 being the most this check draws: class huge: 0 of 20000 boards") {
		t.Errorf("failed %v:\n%s", rec.Failed(), rec.Output())
	}

	spec = rangeDieSpec()
	spec.Coverage = append(spec.Coverage, props.ClassGoal{Class: "huge", MinShare: 0.01})
	rec = NewRecorder(t, "coverage-more-boards")
	checkCoverage(rec, props.Define(spec), defaultOptions(t))
	if n := props.JudgeCoverage([]props.ClassGoal{{Class: "huge", MinShare: 0.01}}, nil, 0, props.TestAlpha)[0].BoardsNeeded; !rec.Failed() || n != 2062 || !strings.Contains(rec.Output(), "class huge: 0 of 2062 boards") {
		t.Errorf("boards to judge 0.01: %d; failed %v:\n%s", n, rec.Failed(), rec.Output())
	}
}
