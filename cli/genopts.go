package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chancecheck/chancecheck/props"
	"github.com/spf13/pflag"
)

// Generator options: --gen sets generator parameters, --limits picks a
// preset of them (props.Param, props.Preset). A command that draws boards of
// one game (gen, check) takes parameter names as they are ("cols=30", or
// "traps.cols=30") and one preset; report, over several games, takes
// "traps.cols=30" and "--limits traps=official" or "--limits official" for
// every game that has it. Mistakes are usage errors naming the option and
// listing what exists.

// Help texts of the flags, shared by the commands so that they read alike.
const (
	genFlagHelp          = "set the generator parameter NAME to VALUE; several as NAME=VALUE,NAME=VALUE or by repeating --gen (the parameters are listed above)"
	limitsFlagHelp       = "draw boards under the preset PRESET of generator limits (the presets are listed above)"
	reportGenFlagHelp    = "set GAME's generator parameter NAME to VALUE; several as GAME.NAME=VALUE,GAME.NAME=VALUE or by repeating --gen; \"GAME.\" may be left out when one game is checked (the parameters are listed above)"
	reportLimitsFlagHelp = "draw GAME's boards under its preset PRESET of generator limits, or with PRESET alone those of every game that has it; repeatable (the presets are listed above)"
)

// namedFlag is a string flag whose help names its value ("--gen
// NAME=VALUE"); a repeated one collects every value given, another keeps
// the last.
type namedFlag struct {
	name     string
	values   *[]string
	repeated bool
}

func (f namedFlag) String() string { return strings.Join(*f.values, " ") }
func (f namedFlag) Type() string   { return f.name }
func (f namedFlag) Set(s string) error {
	if !f.repeated {
		*f.values = nil
	}
	*f.values = append(*f.values, s)
	return nil
}

// oneGameGenFlags are --gen and --limits of a command over one game.
type oneGameGenFlags struct {
	assign []string
	limits []string // at most one: the last given
}

// register adds --gen and --limits to f.
func (o *oneGameGenFlags) register(f *pflag.FlagSet) {
	f.Var(namedFlag{"NAME=VALUE", &o.assign, true}, "gen", genFlagHelp)
	f.Var(namedFlag{"PRESET", &o.limits, false}, "limits", limitsFlagHelp)
}

// args are the options as flags, the preset first: what the boards
// drawn depend on besides the seed.
func (o oneGameGenFlags) args() []string {
	var out []string
	for _, l := range o.limits {
		out = append(out, "--limits "+l)
	}
	for _, a := range o.assign {
		out = append(out, "--gen "+a)
	}
	return out
}

// said is ", " and the options, or "" when none is given, for a line that
// states the seed.
func (o oneGameGenFlags) said() string {
	if a := o.args(); len(a) > 0 {
		return ", " + strings.Join(a, " ")
	}
	return ""
}

// apply is g under the options: the preset first, then every assignment in
// order, so that an assignment overrides the preset. A "GAME." prefix naming
// g is allowed, as report takes it.
func (o oneGameGenFlags) apply(app App, g props.Game) (props.Game, error) {
	var err error
	for _, preset := range o.limits {
		if g, err = props.WithGenOptions(g, preset, nil); err != nil {
			return nil, usagef("--limits %s: %v", preset, err)
		}
	}
	for _, a := range o.assign {
		for _, part := range strings.Split(a, ",") {
			if game, ok := gamePrefix(app, part); ok {
				if game != g.Name() {
					return nil, usagef("--gen %s: a parameter of %s; this command draws %s boards (%s)", part, game, g.Name(), paramList(g))
				}
				part = strings.TrimPrefix(part, game+".")
			}
			if g, err = props.WithGenOptions(g, "", []string{part}); err != nil {
				return nil, usagef("--gen %s: %v", part, err)
			}
		}
	}
	return g, nil
}

// reportGenFlags are --gen and --limits of report, over several games.
type reportGenFlags struct {
	assign []string
	limits []string
}

// register adds --gen and --limits to f.
func (o *reportGenFlags) register(f *pflag.FlagSet) {
	f.Var(namedFlag{"GAME.NAME=VALUE", &o.assign, true}, "gen", reportGenFlagHelp)
	f.Var(namedFlag{"[GAME=]PRESET", &o.limits, true}, "limits", reportLimitsFlagHelp)
}

// apply is games under the options, each game under its preset first, then
// its assignments in order.
func (o reportGenFlags) apply(app App, games []props.Game) ([]props.Game, error) {
	index := map[string]int{}
	for i, g := range games {
		index[g.Name()] = i
	}
	// inRun finds the game called name among games, or says why it is not.
	inRun := func(flag, value, name string) (int, error) {
		if i, ok := index[name]; ok {
			return i, nil
		}
		if _, err := app.lookup(name); err != nil {
			return 0, usagef("%s %s: %v", flag, value, err)
		}
		return 0, usagef("%s %s: %s is not checked in this run (it checks %s)", flag, value, name, gameList(games))
	}

	// option is one game's share of a flag's value, and the value as typed.
	type option struct{ value, typed string }
	presets := make([]option, len(games))
	setPreset := func(typed string, i int, preset string) error {
		if presets[i].value != "" && presets[i].value != preset {
			return usagef("--limits %s: %s already draws under preset %s", typed, games[i].Name(), presets[i].value)
		}
		presets[i] = option{preset, typed}
		return nil
	}
	for _, l := range o.limits {
		if name, preset, ok := strings.Cut(l, "="); ok {
			i, err := inRun("--limits", l, name)
			if err != nil {
				return nil, err
			}
			if err := setPreset(l, i, preset); err != nil {
				return nil, err
			}
			continue
		}
		found := false
		for i, g := range games {
			if slices.ContainsFunc(g.Presets(), func(pr props.Preset) bool { return pr.Name == l }) {
				found = true
				if err := setPreset(l, i, l); err != nil {
					return nil, err
				}
			}
		}
		if !found {
			return nil, usagef("--limits %s: no game in this run has a preset %s (%s)", l, l, presetList(games))
		}
	}

	assign := make([][]option, len(games))
	for _, a := range o.assign {
		for _, part := range strings.Split(a, ",") {
			if game, ok := gamePrefix(app, part); ok {
				i, err := inRun("--gen", part, game)
				if err != nil {
					return nil, err
				}
				assign[i] = append(assign[i], option{strings.TrimPrefix(part, game+"."), part})
				continue
			}
			if len(games) == 1 {
				assign[0] = append(assign[0], option{part, part})
				continue
			}
			return nil, usagef("--gen %s: prefix the parameter with its game, as in %s (this run checks %s; %s)",
				part, prefixExample(games, part), gameList(games), paramListAll(games))
		}
	}

	out := slices.Clone(games)
	for i := range out {
		if pr := presets[i]; pr.value != "" {
			g, err := props.WithGenOptions(out[i], pr.value, nil)
			if err != nil {
				return nil, usagef("--limits %s: %v", pr.typed, err)
			}
			out[i] = g
		}
		for _, a := range assign[i] {
			g, err := props.WithGenOptions(out[i], "", []string{a.value})
			if err != nil {
				return nil, usagef("--gen %s: %v", a.typed, err)
			}
			out[i] = g
		}
	}
	return out, nil
}

// prefixExample is part prefixed with the first game that has its
// parameter, or with GAME.
func prefixExample(games []props.Game, part string) string {
	name, _, _ := strings.Cut(part, "=")
	for _, g := range games {
		if slices.ContainsFunc(g.Params(), func(p props.Param) bool { return p.Name == name }) {
			return g.Name() + "." + part
		}
	}
	return "GAME." + part
}

// paramList lists g's parameter names, or says it has none.
func paramList(g props.Game) string {
	var names []string
	for _, p := range g.Params() {
		names = append(names, p.Name)
	}
	if len(names) == 0 {
		return g.Name() + " has no generator parameters"
	}
	return g.Name() + " has " + strings.Join(names, ", ")
}

// paramListAll lists every game's parameters as game.name.
func paramListAll(games []props.Game) string {
	var names []string
	for _, g := range games {
		for _, p := range g.Params() {
			names = append(names, g.Name()+"."+p.Name)
		}
	}
	if len(names) == 0 {
		return "none of them has generator parameters"
	}
	return "parameters: " + strings.Join(names, ", ")
}

// presetList lists every game's presets as game=preset.
func presetList(games []props.Game) string {
	var names []string
	for _, g := range games {
		for _, p := range g.Presets() {
			names = append(names, g.Name()+"="+p.Name)
		}
	}
	if len(names) == 0 {
		return "none of its games has presets"
	}
	return "presets: " + strings.Join(names, ", ")
}

func gameList(games []props.Game) string {
	names := make([]string, len(games))
	for i, g := range games {
		names[i] = g.Name()
	}
	return strings.Join(names, ", ")
}

// gamePrefix is the game named before the first "." of an assignment
// ("traps" of "traps.cols=30"), when it is one of app's games.
func gamePrefix(app App, part string) (string, bool) {
	name, _, _ := strings.Cut(part, "=")
	game, _, ok := strings.Cut(name, ".")
	if !ok {
		return "", false
	}
	if _, err := app.lookup(game); err != nil {
		return "", false
	}
	return game, true
}

// paramsHelp is the help section listing every game's generator parameters
// and presets (props.DescribeParams), for gen, check and report.
// genExample is an example of --gen and --limits from app's own games, for
// help texts: " (for example ...)", or "" when no game has parameters. An
// App of one game talks of that game alone.
func (app App) genExample() string {
	for _, g := range app.Games {
		ps := g.Params()
		if len(ps) == 0 {
			continue
		}
		ex := fmt.Sprintf(" (for example, for %s: --gen %s=%d, %s", g.Name(), ps[0].Name, ps[0].Max, ps[0].Doc)
		if pr := g.Presets(); len(pr) > 0 {
			ex += fmt.Sprintf("; or --limits %s, %s", pr[0].Name, pr[0].Doc)
		}
		return ex + ")"
	}
	return ""
}

func (app App) paramsHelp() string {
	var b strings.Builder
	for _, g := range app.Games {
		b.WriteString(props.DescribeParams(g))
	}
	if b.Len() == 0 {
		return "Generator parameters (--gen) and presets (--limits): none of the games has any.\n"
	}
	return "Generator parameters (--gen NAME=VALUE; default, range, what it sets) and presets (--limits):\n" + b.String()
}
