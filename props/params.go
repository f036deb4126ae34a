package props

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// WithGenOptions applies a command line's generator options to g: first the
// preset named preset (none when ""), then the assignments, each
// "name=value" or several joined by commas ("cols=30,kinds=5"). Errors name
// the option and list what g has.
func WithGenOptions(g Game, preset string, assignments []string) (Game, error) {
	values := map[string]int{}
	if preset != "" {
		found := false
		var names []string
		for _, p := range g.Presets() {
			names = append(names, p.Name)
			if p.Name == preset {
				found = true
				for k, v := range p.Values {
					values[k] = v
				}
			}
		}
		if !found {
			if len(names) == 0 {
				return nil, fmt.Errorf("%s has no presets of generator limits", g.Name())
			}
			return nil, fmt.Errorf("%s has no preset %q (it has %s)", g.Name(), preset, strings.Join(names, ", "))
		}
	}
	for _, a := range assignments {
		for _, part := range strings.Split(a, ",") {
			name, text, ok := strings.Cut(strings.TrimSpace(part), "=")
			if !ok || name == "" {
				return nil, fmt.Errorf("generator option %q: want name=value", part)
			}
			v, err := strconv.Atoi(text)
			if err != nil {
				return nil, fmt.Errorf("generator option %q: the value must be an integer", part)
			}
			values[name] = v
		}
	}
	if len(values) == 0 {
		return g, nil
	}
	return g.WithParams(values)
}

// DescribeParams lists g's generator parameters and presets for help texts,
// one line each, or "" when it has none.
func DescribeParams(g Game) string {
	var b strings.Builder
	for _, p := range g.Params() {
		fmt.Fprintf(&b, "  %s.%s=%d  (%d..%d) %s\n", g.Name(), p.Name, p.Default, p.Min, p.Max, p.Doc)
	}
	for _, p := range g.Presets() {
		fmt.Fprintf(&b, "  %s --limits %s: %s\n", g.Name(), p.Name, p.Doc)
	}
	return b.String()
}

func (d defined[B, P]) WithParams(values map[string]int) (Game, error) {
	next := maps.Clone(d.values)
	for _, name := range slices.Sorted(maps.Keys(values)) {
		v := values[name]
		i := slices.IndexFunc(d.spec.Params, func(p Param) bool { return p.Name == name })
		if i < 0 {
			return nil, fmt.Errorf("%s has no generator parameter %q (%s)", d.spec.Name, name, paramNames(d.spec.Params))
		}
		if p := d.spec.Params[i]; v < p.Min || v > p.Max {
			return nil, fmt.Errorf("%s: %s must be in %d..%d, not %d (%s)", d.spec.Name, name, p.Min, p.Max, v, p.Doc)
		}
		next[name] = v
	}
	d.values = next
	if msg := checkCoverage(d.Coverage()); msg != "" {
		return nil, fmt.Errorf("%s: under these generator parameters, %s", d.spec.Name, msg)
	}
	d.gen = d.generator()
	return d, nil
}

func (d defined[B, P]) Coverage() []ClassGoal {
	if d.spec.CoverageWith != nil {
		return d.spec.CoverageWith(maps.Clone(d.values))
	}
	return slices.Clone(d.spec.Coverage)
}

// paramNames lists the parameters for an error message.
func paramNames(ps []Param) string {
	if len(ps) == 0 {
		return "it has none"
	}
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return "it has " + strings.Join(names, ", ")
}

// checkParams says what is wrong with a Spec's parameters and presets, or "".
func checkParams(ps []Param, presets []Preset, hasGeneratorWith bool) string {
	if (len(ps) > 0) != hasGeneratorWith {
		return "Params and GeneratorWith go together"
	}
	seen := map[string]Param{}
	for _, p := range ps {
		if p.Name == "" || strings.ContainsAny(p.Name, " =,") {
			return fmt.Sprintf("parameter name %q must be one word without '=' or ','", p.Name)
		}
		if _, ok := seen[p.Name]; ok {
			return fmt.Sprintf("two parameters are named %q", p.Name)
		}
		if p.Min > p.Max || p.Default < p.Min || p.Default > p.Max {
			return fmt.Sprintf("parameter %s: default %d outside %d..%d", p.Name, p.Default, p.Min, p.Max)
		}
		seen[p.Name] = p
	}
	for _, pr := range presets {
		for name, v := range pr.Values {
			p, ok := seen[name]
			if !ok {
				return fmt.Sprintf("preset %s sets %q, which is no parameter", pr.Name, name)
			}
			if v < p.Min || v > p.Max {
				return fmt.Sprintf("preset %s sets %s to %d, outside %d..%d", pr.Name, name, v, p.Min, p.Max)
			}
		}
	}
	return ""
}

// checkCoverage says what is wrong with a Spec's coverage goals, or "".
func checkCoverage(goals []ClassGoal) string {
	total := 0.0
	seen := map[string]bool{}
	for _, g := range goals {
		if !(g.MinShare > 0 && g.MinShare <= 1) || g.Class == "" || seen[g.Class] {
			return fmt.Sprintf("coverage goal %+v: a class named once, with a share in (0, 1]", g)
		}
		seen[g.Class] = true
		total += g.MinShare
	}
	if total > 1+1e-12 {
		return fmt.Sprintf("coverage goals ask for %g of the boards in all", total)
	}
	return ""
}
