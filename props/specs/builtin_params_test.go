package specs

import (
	"slices"
	"testing"

	"github.com/chancecheck/chancecheck/games/jenga"
	"github.com/chancecheck/chancecheck/games/snakes"
	"github.com/chancecheck/chancecheck/games/traps"
	"github.com/chancecheck/chancecheck/generators"
	"github.com/chancecheck/chancecheck/props"
)

// The built-in games' parameters and presets aim the generator: each
// setting's boards all lie where it says, and Classify and the coverage
// goals still apply to the new game.
func TestBuiltinParamsAimTheSearch(t *testing.T) {
	for _, tt := range []struct {
		name   string
		game   props.Game
		preset string
		gen    []string
		holds  func(props.Board) bool
		some   func(props.Board) bool // at least one board of 100 has it
	}{
		{"traps official", Traps(TrapsConfig{}), "official", nil,
			func(b props.Board) bool { return b.(*traps.Maze).N() <= traps.MaxCols },
			func(b props.Board) bool {
				z := b.(*traps.Maze)
				return z.N() == traps.MaxCols && Traps(TrapsConfig{}).Classify(z) == "limits"
			}},
		{"traps statement", Traps(TrapsConfig{}), "statement", nil,
			func(b props.Board) bool { return b.(*traps.Maze).N() <= generators.TrapsStatementCols }, nil},
		{"traps only K = 5", Traps(TrapsConfig{}), "", []string{"min-kinds=5"},
			func(b props.Board) bool { return b.(*traps.Maze).Kinds == traps.MaxKinds }, nil},
		{"traps only 30 × 30", Traps(TrapsConfig{}), "official", []string{"min-rows=30,min-cols=30"},
			func(b props.Board) bool { z := b.(*traps.Maze); return z.M() == 30 && z.N() == 30 }, nil},
		{"traps small config, wider", Traps(smallTraps()), "", []string{"cols=12"},
			func(b props.Board) bool {
				z := b.(*traps.Maze)
				return z.M() <= 6 && z.N() <= 12 && z.Kinds <= 3 && z.Life <= 3
			},
			func(b props.Board) bool { return b.(*traps.Maze).N() > 6 }},
		{"jenga only n = 6", Jenga(jengaSmall), "", []string{"min-levels=6"},
			func(b props.Board) bool { return len(b.(jenga.Tower).Levels) == jenga.MaxLevels }, nil},
		{"jenga at most 3 levels", Jenga(JengaConfig{}), "", []string{"levels=3"},
			func(b props.Board) bool { return len(b.(jenga.Tower).Levels) <= 3 }, nil},
		{"snakes at least 60 jumps", Snakes(), "", []string{"min-jumps=60"},
			func(b props.Board) bool { return len(b.(snakes.Board).Jumps) >= 60 }, nil},
		{"snakes at most 10 jumps", Snakes(), "", []string{"jumps=10"},
			func(b props.Board) bool { return len(b.(snakes.Board).Jumps) <= 10 }, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g, err := props.WithGenOptions(tt.game, tt.preset, tt.gen)
			if err != nil {
				t.Fatal(err)
			}
			found := tt.some == nil
			for seed := range 100 {
				b := g.Generator().Example(seed)
				if !tt.holds(b) {
					t.Fatalf("seed %d: a board outside the setting: %+v", seed, b)
				}
				if g.Classify(b) == "" || g.Classify(b) != tt.game.Classify(b) {
					t.Fatalf("seed %d: class %q under the setting, %q without", seed, g.Classify(b), tt.game.Classify(b))
				}
				found = found || tt.some(b)
			}
			if !found {
				t.Errorf("no board of 100 shows what the setting is for")
			}
		})
	}
}

// A config's limits are its parameters' defaults, and its coverage goals
// are those its limits allow.
func TestBuiltinConfigsSetTheDefaults(t *testing.T) {
	g := Traps(smallTraps())
	if v := g.ParamValues(); v["rows"] != 6 || v["cols"] != 6 || v["kinds"] != 3 || v["life"] != 3 || v["min-rows"] != 1 {
		t.Errorf("traps at 6×6, K ≤ 3, H ≤ 3: parameters %v", v)
	}
	if v := Traps(TrapsConfig{}).ParamValues(); v["rows"] != 30 || v["cols"] != 29 || v["kinds"] != 5 || v["life"] != 5 {
		t.Errorf("traps at its defaults: parameters %v", v)
	}
	if v := Jenga(jengaSmall).ParamValues(); v["levels"] != 4 || v["min-levels"] != 2 {
		t.Errorf("jenga up to 4 levels: parameters %v", v)
	}
	classes := func(g props.Game) []string {
		var out []string
		for _, goal := range g.Coverage() {
			out = append(out, goal.Class)
		}
		slices.Sort(out)
		return out
	}
	for _, tt := range []struct {
		g    props.Game
		want []string
	}{
		{Traps(TrapsConfig{}), []string{"informative", "limits", "small"}},
		{Traps(smallTraps()), []string{"informative", "small"}},
		{Jenga(JengaConfig{}), []string{"small", "tall-mixed"}},
		{Jenga(jengaSmall), []string{"mixed", "small"}},
		{Snakes(), []string{"dense", "small", "walls"}},
		{Patience(), []string{"lost", "open", "rich"}},
	} {
		if got := classes(tt.g); !slices.Equal(got, tt.want) {
			t.Errorf("%s with %v: goals on %v, want %v", tt.g.Name(), tt.g.ParamValues(), got, tt.want)
		}
	}
}

// The coverage goals a setting of the parameters leaves (trapsCoverage and
// the like, under the setting's options) are met by the boards drawn under
// it: with those goals, a game aimed at part of the search (only K = 5,
// only n = 6) still meets its goals.
func TestBuiltinCoverageUnderParams(t *testing.T) {
	t.Parallel() // safe in parallel: see parallel_test.go
	trapsGoals := func(v map[string]int) []props.ClassGoal { return trapsCoverage(trapsOptions(v)) }
	jengaGoals := func(v map[string]int) []props.ClassGoal { return jengaCoverage(jengaOptions(v)) }
	snakesGoals := func(v map[string]int) []props.ClassGoal { return snakesCoverage(snakesOptions(v)) }
	for _, tt := range []struct {
		game props.Game
		gen  []string
		goal func(map[string]int) []props.ClassGoal
	}{
		{Traps(TrapsConfig{}), nil, trapsGoals},
		{Traps(TrapsConfig{}), []string{"cols=30"}, trapsGoals},
		{Traps(TrapsConfig{}), []string{"min-kinds=5"}, trapsGoals},
		{Traps(TrapsConfig{}), []string{"min-life=5"}, trapsGoals},
		{Traps(TrapsConfig{}), []string{"rows=10,cols=10"}, trapsGoals},
		{Traps(TrapsConfig{}), []string{"kinds=0"}, trapsGoals},
		{Traps(TrapsConfig{}), []string{"min-rows=30,min-cols=29,min-kinds=5,min-life=5"}, trapsGoals},
		{Traps(smallTraps()), nil, trapsGoals},
		{Jenga(JengaConfig{}), nil, jengaGoals},
		{Jenga(JengaConfig{}), []string{"min-levels=6"}, jengaGoals},
		{Jenga(JengaConfig{}), []string{"min-levels=4,levels=5"}, jengaGoals},
		{Jenga(JengaConfig{}), []string{"levels=3"}, jengaGoals},
		{Jenga(jengaSmall), nil, jengaGoals},
		{Snakes(), nil, snakesGoals},
		{Snakes(), []string{"jumps=10"}, snakesGoals},
		{Snakes(), []string{"jumps=39"}, snakesGoals},
		{Snakes(), []string{"min-jumps=20"}, snakesGoals},
		{Snakes(), []string{"min-jumps=60"}, snakesGoals},
	} {
		g, err := props.WithGenOptions(tt.game, "", tt.gen)
		if err != nil {
			t.Fatal(err)
		}
		goals := tt.goal(g.ParamValues())
		if len(goals) == 0 {
			t.Errorf("%s %v: no goals", g.Name(), tt.gen)
			continue
		}
		const n = 300
		counts := map[string]int{}
		for seed := range n {
			counts[g.Classify(g.Generator().Example(seed))]++
		}
		for _, goal := range goals {
			if share := float64(counts[goal.Class]) / n; share < goal.MinShare+0.05 {
				t.Errorf("%s %v: class %s holds %.1f%% of %d boards, short of its goal %.0f%% plus a margin of 5%%: %v",
					g.Name(), tt.gen, goal.Class, 100*share, n, 100*goal.MinShare, counts)
			}
		}
	}
}
