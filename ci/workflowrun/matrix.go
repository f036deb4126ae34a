package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rhysd/actionlint"
)

// expand returns a job's matrix entries, each a map from row name to value;
// one empty entry for a job without a matrix. Rows combine as a cartesian
// product in the order of their names (GitHub's is the order they are
// written in; actionlint's parser keeps them in a map). include and exclude
// are not emulated: a matrix with them is an error, not a guess.
func expand(m *actionlint.Matrix, sc *scope) ([]map[string]any, error) {
	if m == nil {
		return []map[string]any{{}}, nil
	}
	rows := map[string][]any{}
	if m.Expression != nil {
		v, err := sc.value(m.Expression.Value)
		if err != nil {
			return nil, fmt.Errorf("matrix: %w", err)
		}
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("matrix: %s is not an object", m.Expression.Value)
		}
		for name, row := range obj {
			if name == "include" || name == "exclude" {
				return nil, fmt.Errorf("matrix: %s is not emulated", name)
			}
			arr, ok := row.([]any)
			if !ok {
				return nil, fmt.Errorf("matrix: row %s is not an array", name)
			}
			rows[strings.ToLower(name)] = arr
		}
	}
	if m.Include != nil || m.Exclude != nil {
		return nil, fmt.Errorf("matrix: include and exclude are not emulated")
	}
	for name, row := range m.Rows {
		vals, err := rowValues(row, sc)
		if err != nil {
			return nil, fmt.Errorf("matrix: row %s: %w", name, err)
		}
		rows[name] = vals
	}
	names := make([]string, 0, len(rows))
	for name := range rows {
		names = append(names, name)
	}
	sort.Strings(names)
	entries := []map[string]any{{}}
	for _, name := range names {
		var next []map[string]any
		for _, e := range entries {
			for _, v := range rows[name] {
				c := make(map[string]any, len(e)+1)
				for k, ev := range e {
					c[k] = ev
				}
				c[name] = v
				next = append(next, c)
			}
		}
		entries = next
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("matrix: no entries (an empty row?)")
	}
	return entries, nil
}

func rowValues(row *actionlint.MatrixRow, sc *scope) ([]any, error) {
	if row.Expression != nil {
		v, err := sc.value(row.Expression.Value)
		if err != nil {
			return nil, err
		}
		arr, ok := v.([]any)
		if !ok {
			return nil, fmt.Errorf("%s is not an array", row.Expression.Value)
		}
		return arr, nil
	}
	vals := make([]any, len(row.Values))
	for i, raw := range row.Values {
		v, err := rawValue(raw, sc)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	return vals, nil
}

// rawValue converts a YAML value of a matrix. Scalars stay strings (the
// parser does not keep YAML's types), which ${{ }} writes out the same.
func rawValue(raw actionlint.RawYAMLValue, sc *scope) (any, error) {
	switch r := raw.(type) {
	case *actionlint.RawYAMLString:
		return sc.value(r.Value)
	case *actionlint.RawYAMLArray:
		out := make([]any, len(r.Elems))
		for i, e := range r.Elems {
			v, err := rawValue(e, sc)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	case *actionlint.RawYAMLObject:
		out := make(map[string]any, len(r.Props))
		for k, e := range r.Props {
			v, err := rawValue(e, sc)
			if err != nil {
				return nil, err
			}
			out[k] = v
		}
		return out, nil
	}
	return nil, fmt.Errorf("a matrix value of kind %v is not emulated", raw.Kind())
}

// label names a matrix entry for the log: "shard: 1".
func label(entry map[string]any) string {
	if len(entry) == 0 {
		return ""
	}
	names := make([]string, 0, len(entry))
	for k := range entry {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		s, err := text(entry[k])
		if err != nil {
			s, _ = toJSON(entry[k])
		}
		parts[i] = k + ": " + s
	}
	return strings.Join(parts, ", ")
}
