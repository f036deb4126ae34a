package gametest

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// paramSetting is one setting of a game's generator parameters that the
// params check draws boards under, and how to say it.
type paramSetting struct {
	what   string // "cols=30 (its Max; the others at their defaults)"
	preset string // a preset's name, or ""
	values map[string]int
}

// paramSettings are every Param at its Min and at its Max, the others at
// their defaults, then every Preset.
func paramSettings(g props.Game) []paramSetting {
	var out []paramSetting
	for _, p := range g.Params() {
		for _, end := range []struct {
			name string
			v    int
		}{{"Min", p.Min}, {"Max", p.Max}} {
			if end.name == "Max" && p.Max == p.Min {
				continue
			}
			out = append(out, paramSetting{
				what:   fmt.Sprintf("%s=%d (its %s; the others at their defaults)", p.Name, end.v, end.name),
				values: map[string]int{p.Name: end.v},
			})
		}
	}
	for _, pr := range g.Presets() {
		out = append(out, paramSetting{what: fmt.Sprintf("preset %s (%s)", pr.Name, describeValues(pr.Values)), preset: pr.Name})
	}
	return out
}

// describeValues is "cols=30, rows=30" in name order.
func describeValues(values map[string]int) string {
	parts := make([]string, 0, len(values))
	for _, name := range slices.Sorted(maps.Keys(values)) {
		parts = append(parts, fmt.Sprintf("%s=%d", name, values[name]))
	}
	return strings.Join(parts, ", ")
}

// checkParams: boards drawn at every parameter's ends and under every
// preset are valid (write, then parse). The ends are where a generator's
// arithmetic meets the statement's limits (a 30-column maze when the format
// reads 29), and no default-valued run draws them. A game without
// parameters or presets skips the check, saying so.
func checkParams(t rapid.TB, g props.Game, _ options) {
	settings := paramSettings(g)
	if len(settings) == 0 {
		t.Skipf("%s has no generator parameters (Spec.Params): --gen and --limits have nothing to set", g.Name())
		return
	}
	// A fresh Game from the defaults each time: the ends of one parameter
	// are tried with the others at their defaults.
	defaults := map[string]int{}
	for _, p := range g.Params() {
		defaults[p.Name] = p.Default
	}
	for _, s := range settings {
		var (
			h   props.Game
			err error
		)
		if s.preset != "" {
			if h, err = g.WithParams(defaults); err == nil {
				h, err = props.WithGenOptions(h, s.preset, nil)
			}
		} else {
			values := maps.Clone(defaults)
			maps.Copy(values, s.values)
			h, err = g.WithParams(values)
		}
		if err != nil {
			t.Fatalf("with %s: the game refuses its own setting: %v", s.what, err)
			return
		}
		rapid.Check(t, func(t *rapid.T) {
			b := h.Generator().Draw(t, "board")
			input, _, err := reparse(h, []props.Board{b})
			if err != nil {
				t.Fatalf("with %s: a generated board is not valid: %v\nboard: %+v\ninput:\n%s", s.what, err, b, clip(input))
			}
		})
		if t.Failed() {
			return
		}
	}
	t.Logf("boards valid under %d setting(s) of the generator parameters and presets of %s", len(settings), g.Name())
}
