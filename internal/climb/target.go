package climb

import (
	"fmt"
	"strings"
)

// Target is what a climber moves toward: a set of the targets below.
type Target int

// The targets. Each is measured on every board (or case) judged; the
// climber draws boards near the best so far.
const (
	// Error is the error score (props.ErrorScore): a rising one becomes a
	// wrong answer.
	Error Target = 1 << iota
	// Time is the solver's CPU time: a rising one becomes a time limit.
	Time
	// Memory is the solver's peak memory: a rising one becomes a
	// memory limit.
	Memory
	// Size is a board's size: its bytes alone in the input format. Boards
	// at the limits are where a fixed capacity overflows and a short hash
	// key collides.
	Size
)

// All is every target.
const All = Error | Time | Memory | Size

// targetNames are the targets' names on the command line, in order.
var targetNames = []struct {
	t    Target
	name string
	goal string
}{
	{Error, "error", "a higher error score"},
	{Time, "time", "more CPU time"},
	{Memory, "memory", "a higher memory peak"},
	{Size, "size", "a larger board"},
}

// Each lists the targets of t, in order.
func (t Target) Each() []Target {
	var out []Target
	for _, n := range targetNames {
		if t&n.t != 0 {
			out = append(out, n.t)
		}
	}
	return out
}

// String names the targets: "error,time", or "none".
func (t Target) String() string {
	var names []string
	for _, n := range targetNames {
		if t&n.t != 0 {
			names = append(names, n.name)
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ",")
}

// Goal says what a board climbed toward one target was drawn for: "a
// higher error score".
func (t Target) Goal() string {
	for _, n := range targetNames {
		if t == n.t {
			return n.goal
		}
	}
	return t.String()
}

// ParseTargets reads targets as the command line gives them: names joined
// by commas ("error,time"), "all" or "none".
func ParseTargets(s string) (Target, error) {
	switch s = strings.TrimSpace(s); s {
	case "all":
		return All, nil
	case "none", "":
		return 0, nil
	}
	var t Target
	for _, part := range strings.Split(s, ",") {
		found := false
		for _, n := range targetNames {
			if strings.TrimSpace(part) == n.name {
				t |= n.t
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("no climbing target %q (want error, time, memory, size, all or none)", part)
		}
	}
	return t, nil
}
