package props

import (
	"fmt"
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
