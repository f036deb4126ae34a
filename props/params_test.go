package props

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chancecheck/chancecheck/montecarlo"
	"pgregory.net/rapid"
)

// sidesSpec is a die with a number of sides the generator draws up to the
// parameter "sides": the smallest game with a parameter.
func sidesSpec() Spec[int] {
	return Spec[int]{
		Name:  "die",
		Parse: func(io.Reader, string) ([]int, error) { return nil, fmt.Errorf("no format") },
		Write: func(w io.Writer, b []int) error { _, err := fmt.Fprintln(w, b[0]); return err },
		Params: []Param{
			{Name: "sides", Doc: "the most sides of a die", Default: 6, Min: 2, Max: 20},
			{Name: "least", Doc: "the fewest sides", Default: 2, Min: 2, Max: 20},
		},
		Presets: []Preset{{Name: "big", Doc: "dice of 20 sides", Values: map[string]int{"sides": 20, "least": 20}}},
		GeneratorWith: func(v map[string]int) *rapid.Generator[int] {
			return rapid.IntRange(min(v["least"], v["sides"]), v["sides"])
		},
		Solve: func(s int) (Solution, error) { return Solution{Value: 1 / float64(s)}, nil },
		Play:  func(s int, rng *rand.Rand) (int, error) { return btoi(rng.IntN(s) == 0), nil },
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestGeneratorParams(t *testing.T) {
	g := Define(sidesSpec())
	drawn := func(g Game) (lo, hi int) {
		lo, hi = 1<<30, -1
		for i := range 200 {
			s := g.Generator().Example(i).(int)
			lo, hi = min(lo, s), max(hi, s)
		}
		return lo, hi
	}
	if lo, hi := drawn(g); lo < 2 || hi > 6 {
		t.Errorf("defaults: drew %d..%d, want within 2..6", lo, hi)
	}
	tests := []struct {
		preset  string
		assign  []string
		lo, hi  int
		wantErr string
	}{
		{"", []string{"sides=12"}, 2, 12, ""},
		{"", []string{"sides=12,least=12"}, 12, 12, ""},
		{"big", nil, 20, 20, ""},
		{"big", []string{"least=3"}, 3, 20, ""}, // assignments override the preset
		{"", []string{"sides=21"}, 0, 0, "die: sides must be in 2..20, not 21"},
		{"", []string{"faces=3"}, 0, 0, `die has no generator parameter "faces" (it has sides, least)`},
		{"", []string{"sides"}, 0, 0, `generator option "sides": want name=value`},
		{"", []string{"sides=x"}, 0, 0, "the value must be an integer"},
		{"huge", nil, 0, 0, `die has no preset "huge" (it has big)`},
	}
	for _, tt := range tests {
		h, err := WithGenOptions(g, tt.preset, tt.assign)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%q %v: error %v, want %q", tt.preset, tt.assign, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q %v: %v", tt.preset, tt.assign, err)
			continue
		}
		if lo, hi := drawn(h); lo != tt.lo || hi != tt.hi {
			t.Errorf("%q %v: drew %d..%d, want %d..%d", tt.preset, tt.assign, lo, hi, tt.lo, tt.hi)
		}
	}
	if lo, hi := drawn(g); lo < 2 || hi > 6 {
		t.Errorf("WithParams changed the game it was called on: drew %d..%d", lo, hi)
	}
	if _, err := WithGenOptions(coins(), "official", nil); err == nil || !strings.Contains(err.Error(), "coins has no presets") {
		t.Errorf("a game without presets: %v", err)
	}
}

// A Spec whose parts contradict each other, or whose parameters or coverage
// goals cannot hold, is a programming mistake, reported when it is defined.
func TestDefineRefusesBadSpecs(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Spec[int])
		want   string
	}{
		{"two referees", func(s *Spec[int]) {
			s.Referee = func(int) (func() montecarlo.Player, error) { return nil, nil }
		}, "needs one of Play and Referee"},
		{"no referee", func(s *Spec[int]) { s.Play = nil }, "needs one of Play and Referee"},
		{"negative tolerance", func(s *Spec[int]) { s.Tolerance = Tolerance{Abs: -1} }, "must not be negative"},
		{"default out of range", func(s *Spec[int]) { s.Params[0].Default = 1 }, "default 1 outside 2..20"},
		{"params without GeneratorWith", func(s *Spec[int]) { s.GeneratorWith = nil; s.Generator = rapid.Just(2) }, "Params and GeneratorWith go together"},
		{"duplicate", func(s *Spec[int]) { s.Params[1].Name = "sides" }, `two parameters are named "sides"`},
		{"preset of no parameter", func(s *Spec[int]) { s.Presets[0].Values["faces"] = 3 }, `sets "faces", which is no parameter`},
		{"goal share", func(s *Spec[int]) { s.Coverage = []ClassGoal{{Class: "all", MinShare: 1.5}} }, "a share in (0, 1]"},
		{"goals over one", func(s *Spec[int]) {
			s.Coverage = []ClassGoal{{Class: "a", MinShare: 0.6}, {Class: "b", MinShare: 0.6}}
		}, "ask for 1.2 of the boards"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := sidesSpec()
			tt.change(&s)
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), tt.want) {
					t.Errorf("Define: %v, want a panic saying %q", r, tt.want)
				}
			}()
			Define(s)
		})
	}
}

// Coverage goals follow the generator's parameters where the game says how
// (Spec.CoverageWith): boards of three coins at most have no many-coin ones
// to cover.
func TestCoverageFollowsParams(t *testing.T) {
	has := func(g Game, class string) bool {
		for _, c := range g.Coverage() {
			if c.Class == class {
				return true
			}
		}
		return false
	}
	g := coins()
	few, err := g.WithParams(map[string]int{"coins": 3})
	if err != nil {
		t.Fatal(err)
	}
	if !has(g, "many") || has(few, "many") {
		t.Errorf("many coins: a goal at the defaults %v, under coins=3 %v; want a goal only at the defaults", g.Coverage(), few.Coverage())
	}
}
