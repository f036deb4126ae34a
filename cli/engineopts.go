package cli

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/rules/engine"
	"github.com/spf13/pflag"
)

// engineFlags are the rules engine's limits on the command line, for the
// games defined by rules (props.RulesEngineGame): solve, check and report
// offer them when the program has such a game. A flag left unset keeps
// the game's own limit.
type engineFlags struct {
	states, cycle, hubs, pmfSteps positiveInt
	maxError                      positiveFloat
	// checkEvery is no flag: the command sets it to have the engine check
	// a hand-written analyst on every board (props.RulesOf.CheckEvery), as
	// report and `solve --exact` do; check and solve leave it to confirm
	// a disagreement only.
	checkEvery bool
	// exact is no flag either: `solve --exact` sets it to ask the engine
	// for exactness whatever it costs (engine.Options.ExactCost −1),
	// past the cost model that otherwise sends a dear cycle to float64.
	exact bool
}

// positiveInt is an --engine-* limit: 0 while unset, and a value given on
// the command line must be positive (a usage error naming the flag
// otherwise; 0 is not taken for "the default").
type positiveInt int

func (v *positiveInt) String() string { return strconv.Itoa(int(*v)) }
func (*positiveInt) Type() string     { return "int" }
func (v *positiveInt) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return errors.New("not a whole number")
	}
	if n <= 0 {
		return errors.New("must be positive (leave the flag out for the default)")
	}
	*v = positiveInt(n)
	return nil
}

// positiveFloat is --engine-max-error: 0 while unset; a value given must
// be positive and finite.
type positiveFloat float64

func (v *positiveFloat) String() string { return strconv.FormatFloat(float64(*v), 'g', -1, 64) }
func (*positiveFloat) Type() string     { return "float" }
func (v *positiveFloat) Set(s string) error {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return errors.New("not a number")
	}
	if !(x > 0) || math.IsInf(x, 1) {
		return errors.New("must be positive and finite (leave the flag out for the default)")
	}
	*v = positiveFloat(x)
	return nil
}

// rulesGames names the program's games defined by rules, or "none".
func (app App) rulesGames() string {
	return app.namesOf(func(g props.Game) bool {
		re, ok := g.(props.RulesEngineGame)
		if !ok {
			return false
		}
		_, ok = re.EngineLimits()
		return ok
	})
}

// register adds the --engine-* flags to f when some game is defined by
// rules (names lists them).
func (e *engineFlags) register(f *pflag.FlagSet, names string) {
	if names == "none" {
		return
	}
	for _, fl := range []struct {
		v    *positiveInt
		name string
		help string
	}{
		{&e.states, "engine-states", "most states the rules engine explores on one board (default %d)"},
		{&e.cycle, "engine-cycle", "largest cycle of states the rules engine may solve exactly; larger ones in float64 with a proved bound (default: no limit, the predicted cost of the exact solve decides)"},
		{&e.hubs, "engine-hubs", "most hubs (states every loop passes through) of a large cycle the float method solves (default %d)"},
		{&e.pmfSteps, "engine-pmf-steps", "most steps of the outcome distribution; past them its cut mass is stated (default %d)"},
	} {
		help := fl.help
		if def, ok := map[string]int{"engine-states": engine.DefaultMaxStates, "engine-hubs": engine.DefaultMaxHubs, "engine-pmf-steps": engine.DefaultMaxPMFSteps}[fl.name]; ok {
			help = fmt.Sprintf(help, def)
		}
		f.Var(fl.v, fl.name, help+"; for games defined by rules: "+names)
	}
	f.Var(&e.maxError, "engine-max-error", fmt.Sprintf("largest proved error bound of the rules engine's float64 answer, relative where the value is above 1 (default: the larger of %g and a tenth of the game's tolerance)", props.DefaultRulesMaxError)+"; for games defined by rules: "+names)
}

// apply sets the limits given on g; a game without rules is left as it is
// when no flag was given, and is a usage error otherwise.
func (e engineFlags) apply(g props.Game) (props.Game, error) {
	flags := e
	flags.checkEvery, flags.exact = false, false
	if e == (engineFlags{}) {
		return g, nil
	}
	re, ok := g.(props.RulesEngineGame)
	var l props.EngineLimits
	if ok {
		l, ok = re.EngineLimits()
	}
	if !ok && flags == (engineFlags{}) {
		return g, nil // checkEvery or exact alone: no engine to ask
	}
	if !ok {
		return nil, usagef("%s is not defined by rules: the --engine-* flags do not apply to it", g.Name())
	}
	l.CheckEvery = l.CheckEvery || e.checkEvery
	if e.exact {
		l.Options.ExactCost = -1
	}
	// The flags refuse a value ≤ 0 as they are parsed: 0 here is unset.
	for _, set := range []struct {
		v   positiveInt
		dst *int
	}{{e.states, &l.Options.MaxStates}, {e.cycle, &l.Options.MaxCycleStates}, {e.hubs, &l.Options.MaxHubs}, {e.pmfSteps, &l.Options.MaxPMFSteps}} {
		if set.v > 0 {
			*set.dst = int(set.v)
		}
	}
	if e.maxError > 0 {
		l.MaxError = float64(e.maxError)
	}
	return re.WithEngineLimits(l)
}

// applyAll is apply on every game that is defined by rules; the others are
// left as they are.
func (e engineFlags) applyAll(games []props.Game) ([]props.Game, error) {
	if e == (engineFlags{}) {
		return games, nil
	}
	out := make([]props.Game, len(games))
	for i, g := range games {
		out[i] = g
		if re, ok := g.(props.RulesEngineGame); ok {
			if _, ok := re.EngineLimits(); ok {
				var err error
				if out[i], err = e.apply(g); err != nil {
					return nil, err
				}
			}
		}
	}
	return out, nil
}
