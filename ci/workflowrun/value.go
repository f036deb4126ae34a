package main

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// A value of an expression is what encoding/json decodes into: nil (null),
// bool, float64, string, map[string]any (an object) or []any (an array).
// The conversions follow GitHub's expression language:
// https://docs.github.com/en/actions/reference/workflows-and-actions/expressions

// truthy reports whether v counts as true in a condition: false, 0, NaN, ""
// and null are false, everything else true.
func truthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case float64:
		return v != 0 && !math.IsNaN(v)
	case string:
		return v != ""
	default:
		return true
	}
}

// number converts v to a number the way a comparison of unlike types does:
// null is 0, true 1, a string its numeric value (0 when empty, NaN when it is
// not a number), an object or array NaN.
func number(v any) float64 {
	switch v := v.(type) {
	case nil:
		return 0
	case bool:
		if v {
			return 1
		}
		return 0
	case float64:
		return v
	case string:
		s := strings.TrimSpace(v)
		if s == "" {
			return 0
		}
		if strings.HasPrefix(s, "0x") {
			if n, err := strconv.ParseInt(s[2:], 16, 64); err == nil {
				return float64(n)
			}
		}
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return f
		}
		return math.NaN()
	default:
		return math.NaN()
	}
}

// text is v as ${{ }} puts it into a string.
func text(v any) (string, error) {
	switch v := v.(type) {
	case nil:
		return "", nil
	case bool:
		return strconv.FormatBool(v), nil
	case float64:
		return formatNumber(v), nil
	case string:
		return v, nil
	default:
		return "", fmt.Errorf("an object or array cannot stand in a string (use toJSON)")
	}
}

// formatNumber writes integers without a decimal point, as GitHub does.
func formatNumber(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// equal is ==: strings compare ignoring case, unlike types compare as
// numbers, and objects and arrays only equal themselves.
func equal(a, b any) bool {
	switch a := a.(type) {
	case nil:
		if b == nil {
			return true
		}
	case bool:
		if b, ok := b.(bool); ok {
			return a == b
		}
	case string:
		if b, ok := b.(string); ok {
			return strings.EqualFold(a, b)
		}
	case map[string]any, []any:
		// The same object: GitHub compares objects and arrays by identity.
		va, vb := reflect.ValueOf(a), reflect.ValueOf(b)
		return va.Kind() == vb.Kind() && va.Pointer() == vb.Pointer()
	}
	if isContainer(a) || isContainer(b) {
		return false
	}
	return number(a) == number(b)
}

func isContainer(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}

// less is <: strings in case-insensitive order, anything else as numbers.
func less(a, b any) bool {
	as, aok := a.(string)
	bs, bok := b.(string)
	if aok && bok {
		return strings.ToLower(as) < strings.ToLower(bs)
	}
	return number(a) < number(b)
}

// field is obj.name: property names are case-insensitive; a missing one is
// null.
func field(obj map[string]any, name string) any {
	if v, ok := obj[name]; ok {
		return v
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if strings.EqualFold(k, name) {
			return obj[k]
		}
	}
	return nil
}

// fromJSON decodes s into a value.
func fromJSON(s string) (any, error) {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return nil, fmt.Errorf("fromJSON(%q): %w", s, err)
	}
	return v, nil
}

// toJSON encodes v as GitHub's toJSON does, indented by two spaces.
func toJSON(v any) (string, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return "", fmt.Errorf("toJSON: %w", err)
	}
	return string(b), nil
}
