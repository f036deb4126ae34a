package programs

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/chancecheck/chancecheck/props"
)

// Class is a coverage class of a game defined by programs, by a
// parameter's value: an input the generator printed with Param in Lo..Hi
// is in class Name (the first of a game's classes that matches names an
// input's class; "all" when none does, and for an input read from a file).
// MinShare, when above 0, is a coverage goal, tested as the Go route tests
// a props.ClassGoal (props.JudgeCoverage): at least that share of the
// generated inputs must be in the class. A rare shape (a maze of one
// column, an empty bag) is the use: a generator that draws it too seldom
// is caught before its rarity hides a bug.
type Class struct {
	Name     string
	Param    string
	Lo, Hi   int64
	MinShare float64
}

// ParseClass reads a class as the --class flag gives it,
// "NAME:PARAM=RANGE[:SHARE]", RANGE a value or lo..hi and SHARE a share of
// the generated inputs, 0.05 or 5%: "one-column:cols=1:5%".
func ParseClass(s string) (Class, error) {
	parts := strings.Split(strings.TrimSpace(s), ":")
	if len(parts) < 2 || len(parts) > 3 {
		return Class{}, fmt.Errorf("class %q: want NAME:PARAM=RANGE[:SHARE], as one-column:cols=1:5%%", s)
	}
	name, rng := parts[0], parts[1]
	param, values, ok := strings.Cut(rng, "=")
	if !ok {
		return Class{}, fmt.Errorf("class %q: %q: want PARAM=VALUE or PARAM=LO..HI", s, rng)
	}
	c := Class{Name: name, Param: param}
	lo, hi, isRange := strings.Cut(values, "..")
	var err1, err2 error
	c.Lo, err1 = strconv.ParseInt(lo, 10, 64)
	c.Hi, err2 = c.Lo, nil
	if isRange {
		c.Hi, err2 = strconv.ParseInt(hi, 10, 64)
	}
	if err1 != nil || err2 != nil || c.Lo > c.Hi {
		return Class{}, fmt.Errorf("class %q: %q: want an integer or lo..hi with lo ≤ hi", s, values)
	}
	if len(parts) == 3 {
		share, percent := strings.CutSuffix(parts[2], "%")
		v, err := strconv.ParseFloat(share, 64)
		if percent {
			v /= 100
		}
		if err != nil || !(v > 0 && v <= 1) {
			return Class{}, fmt.Errorf("class %q: share %q: want a share in (0, 1], as 0.05 or 5%%", s, parts[2])
		}
		c.MinShare = v
	}
	return c, nil
}

// String is the class as ParseClass reads it.
func (c Class) String() string {
	s := fmt.Sprintf("%s:%s=%d", c.Name, c.Param, c.Lo)
	if c.Hi != c.Lo {
		s += fmt.Sprintf("..%d", c.Hi)
	}
	if c.MinShare > 0 {
		s += ":" + strconv.FormatFloat(c.MinShare, 'g', -1, 64)
	}
	return s
}

// checkClasses reports classes a game cannot have: a name that is not one
// word, a parameter it does not have, a range outside the parameter's, a
// class named twice, goals adding up past 1.
func checkClasses(classes []Class, params []Param) error {
	seen := map[string]bool{}
	total := 0.0
	for _, c := range classes {
		if !validName(c.Name) || c.Name == "all" {
			return fmt.Errorf("class %q: one word of letters, digits, '-' and '_', other than \"all\"", c.Name)
		}
		if seen[c.Name] {
			return fmt.Errorf("class %s: named twice", c.Name)
		}
		seen[c.Name] = true
		i := paramIndex(params, c.Param)
		if i < 0 {
			return fmt.Errorf("class %s: no parameter %q in --params", c.Name, c.Param)
		}
		if p := params[i]; c.Lo > p.Hi || c.Hi < p.Lo {
			return fmt.Errorf("class %s: %s=%d..%d lies outside the parameter's range %d..%d", c.Name, c.Param, c.Lo, c.Hi, p.Lo, p.Hi)
		}
		if !(c.MinShare >= 0 && c.MinShare <= 1) {
			return fmt.Errorf("class %s: share %v: want one in (0, 1]", c.Name, c.MinShare)
		}
		total += c.MinShare
	}
	if total > 1+1e-12 {
		return fmt.Errorf("the classes' shares add up to %.3g, more than 1", total)
	}
	return nil
}

func paramIndex(params []Param, name string) int {
	for i, p := range params {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// classify names in's class: the first class whose parameter's value, in
// the generator's arguments that printed in, lies in its range; "all".
func classify(classes []Class, in Input) string {
	if in.Args == "" {
		return "all"
	}
	values := map[string]int64{}
	for _, a := range strings.Fields(in.Args)[1:] {
		if k, v, ok := strings.Cut(a, "="); ok {
			if n, err := strconv.ParseInt(v, 10, 64); err == nil {
				values[k] = n
			}
		}
	}
	for _, c := range classes {
		if v, ok := values[c.Param]; ok && v >= c.Lo && v <= c.Hi {
			return c.Name
		}
	}
	return "all"
}

// aimFactor is how much more often than its goal a class is drawn on
// purpose, so that its goal is met with room to spare: the other draws,
// uniform over each parameter's range, add to it.
const aimFactor = 2

// maxAimed is the largest share of the draws aimed at classes.
const maxAimed = 0.9

// aimedClass says which class, if any, a draw of SEED seed aims at: each
// class with a goal reachable under the values in force gets a band of
// aimFactor times its goal (scaled down to maxAimed together), and nil (a
// draw over every parameter's whole range) takes the rest. The band is
// read off a hash of SEED, not drawn from rapid: rapid's integers lean
// hard toward the low end (over half its SEEDs are below 1000), which
// would aim nearly every draw at the first class.
func aimedClass(classes []Class, params []Param, values map[string]int, seed int64) *Class {
	goals := coverageWith(classes, params, values)
	if len(goals) == 0 {
		return nil
	}
	total := 0.0
	for _, g := range goals {
		total += aimFactor * g.MinShare
	}
	scale := math.Min(1, maxAimed/total)
	pick := float64(mix(uint64(seed)^domainAim)>>11) / (1 << 53)
	for _, g := range goals {
		if pick -= aimFactor * g.MinShare * scale; pick < 0 {
			for i := range classes {
				if classes[i].Name == g.Class {
					return &classes[i]
				}
			}
		}
	}
	return nil
}

// coverageWith is the classes' goals under the parameter values in force:
// a value is drawn from the parameter's low end up to its value in force,
// so a class whose range lies above that cannot be drawn, and its goal is
// not tested.
func coverageWith(classes []Class, params []Param, values map[string]int) []props.ClassGoal {
	var goals []props.ClassGoal
	for _, c := range classes {
		if c.MinShare <= 0 {
			continue
		}
		i := paramIndex(params, c.Param)
		hi := params[i].Hi
		if v, ok := values[c.Param]; ok {
			hi = int64(v)
		}
		if c.Lo > hi {
			continue
		}
		goals = append(goals, props.ClassGoal{Class: c.Name, MinShare: math.Min(c.MinShare, 1)})
	}
	return goals
}
