package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rhysd/actionlint"
)

// call evaluates one of GitHub's built-in functions.
func (sc *scope) call(n *actionlint.FuncCallNode) (any, error) {
	name := strings.ToLower(n.Callee)
	switch name {
	case "success":
		return sc.status.success, nil
	case "failure":
		return sc.status.failure, nil
	case "always":
		return true, nil
	case "cancelled":
		return sc.status.cancelled, nil
	}
	args := make([]any, len(n.Args))
	for i, a := range n.Args {
		v, err := sc.eval(a)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	want := map[string]int{"contains": 2, "startswith": 2, "endswith": 2, "fromjson": 1, "tojson": 1}
	if k, ok := want[name]; ok && len(args) != k {
		return nil, fmt.Errorf("%s takes %d arguments, not %d", n.Callee, k, len(args))
	}
	switch name {
	case "contains":
		if arr, ok := args[0].([]any); ok {
			for _, e := range arr {
				if equal(e, args[1]) {
					return true, nil
				}
			}
			return false, nil
		}
		return strings.Contains(lowerText(args[0]), lowerText(args[1])), nil
	case "startswith":
		return strings.HasPrefix(lowerText(args[0]), lowerText(args[1])), nil
	case "endswith":
		return strings.HasSuffix(lowerText(args[0]), lowerText(args[1])), nil
	case "format":
		return format(args)
	case "join":
		return join(args)
	case "tojson":
		return toJSON(args[0])
	case "fromjson":
		s, err := text(args[0])
		if err != nil {
			return nil, fmt.Errorf("fromJSON: %w", err)
		}
		return fromJSON(s)
	}
	return nil, fmt.Errorf("the function %s is not emulated", n.Callee)
}

func lowerText(v any) string {
	s, _ := text(v)
	return strings.ToLower(s)
}

// format is format('{0} and {1}', a, b), with {{ and }} for braces.
func format(args []any) (any, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("format needs a format string")
	}
	f, ok := args[0].(string)
	if !ok {
		return nil, fmt.Errorf("format: the format is not a string")
	}
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		switch {
		case strings.HasPrefix(f[i:], "{{"), strings.HasPrefix(f[i:], "}}"):
			b.WriteByte(f[i])
			i++
		case f[i] == '{':
			end := strings.IndexByte(f[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("format(%q): unclosed {", f)
			}
			k, err := strconv.Atoi(f[i+1 : i+end])
			if err != nil || k < 0 || k+1 >= len(args) {
				return nil, fmt.Errorf("format(%q): no argument %s", f, f[i:i+end+1])
			}
			t, err := text(args[k+1])
			if err != nil {
				return nil, fmt.Errorf("format: %w", err)
			}
			b.WriteString(t)
			i += end
		default:
			b.WriteByte(f[i])
		}
	}
	return b.String(), nil
}

// join is join(array, separator), the separator ',' by default.
func join(args []any) (any, error) {
	if len(args) < 1 || len(args) > 2 {
		return nil, fmt.Errorf("join takes 1 or 2 arguments")
	}
	sep := ","
	if len(args) == 2 {
		s, err := text(args[1])
		if err != nil {
			return nil, fmt.Errorf("join: %w", err)
		}
		sep = s
	}
	arr, ok := args[0].([]any)
	if !ok {
		return text(args[0])
	}
	parts := make([]string, len(arr))
	for i, e := range arr {
		t, err := text(e)
		if err != nil {
			return nil, fmt.Errorf("join: %w", err)
		}
		parts[i] = t
	}
	return strings.Join(parts, sep), nil
}

// snippet is the start of s, for an error message.
func snippet(s string) string {
	if i := strings.Index(s, "}}"); i >= 0 {
		s = s[:i+2]
	}
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}
