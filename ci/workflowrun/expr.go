package main

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/rhysd/actionlint"
)

// scope is what an expression can see: the contexts by name (inputs, matrix,
// needs, steps, env, github, ...) and the status of the job or step that is
// deciding whether to run.
type scope struct {
	contexts map[string]any
	status   status
}

// status answers the status functions of an if: condition: in a step's,
// about the steps before it; in a job's, about the jobs it needs (a skipped
// one makes success() false without failure() being true).
type status struct {
	success, failure, cancelled bool
}

// interpolate replaces every ${{ expression }} in s by its value as text.
func (sc *scope) interpolate(s string) (string, error) {
	var b strings.Builder
	for {
		i := strings.Index(s, "${{")
		if i < 0 {
			b.WriteString(s)
			return b.String(), nil
		}
		b.WriteString(s[:i])
		v, n, err := sc.evalPrefix(s[i+3:])
		if err != nil {
			return "", fmt.Errorf("%s: %w", snippet(s[i:]), err)
		}
		t, err := text(v)
		if err != nil {
			return "", fmt.Errorf("%s: %w", snippet(s[i:]), err)
		}
		b.WriteString(t)
		s = s[i+3+n:]
	}
}

// value is the value of a string that is one ${{ expression }} and nothing
// else, such as a matrix row's; any other string is itself.
func (sc *scope) value(s string) (any, error) {
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "${{") && strings.HasSuffix(t, "}}") && strings.Count(t, "${{") == 1 {
		v, _, err := sc.evalPrefix(t[3:])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", snippet(t), err)
		}
		return v, nil
	}
	return sc.interpolate(s)
}

// condition evaluates an if:, which may leave out ${{ }}. Without a status
// function in it, it means success() && (cond), as on GitHub.
func (sc *scope) condition(cond string) (bool, error) {
	src := strings.TrimSpace(cond)
	if src == "" {
		src = "success()"
	}
	if strings.HasPrefix(src, "${{") && strings.HasSuffix(src, "}}") && strings.Count(src, "${{") == 1 {
		src = strings.TrimSpace(src[3 : len(src)-2])
	}
	node, err := parse(src + "}}")
	if err != nil {
		return false, fmt.Errorf("if: %s: %w", cond, err)
	}
	if !callsStatus(node) {
		node = &actionlint.LogicalOpNode{
			Kind:  actionlint.LogicalOpNodeKindAnd,
			Left:  &actionlint.FuncCallNode{Callee: "success"},
			Right: node,
		}
	}
	v, err := sc.eval(node)
	if err != nil {
		return false, fmt.Errorf("if: %s: %w", cond, err)
	}
	return truthy(v), nil
}

// evalPrefix evaluates the expression that src starts with, up to and
// including its closing }}, and says how many bytes that took.
func (sc *scope) evalPrefix(src string) (any, int, error) {
	lexer := actionlint.NewExprLexer(src)
	node, perr := actionlint.NewExprParser().Parse(lexer)
	if perr != nil {
		return nil, 0, errors.New(perr.Message)
	}
	v, err := sc.eval(node)
	return v, lexer.Offset(), err
}

func parse(src string) (actionlint.ExprNode, error) {
	node, err := actionlint.NewExprParser().Parse(actionlint.NewExprLexer(src))
	if err != nil {
		return nil, errors.New(err.Message)
	}
	return node, nil
}

func callsStatus(node actionlint.ExprNode) bool {
	found := false
	actionlint.VisitExprNode(node, func(n, _ actionlint.ExprNode, entering bool) {
		if call, ok := n.(*actionlint.FuncCallNode); ok && entering {
			switch strings.ToLower(call.Callee) {
			case "success", "failure", "always", "cancelled":
				found = true
			}
		}
	})
	return found
}

func (sc *scope) eval(node actionlint.ExprNode) (any, error) {
	switch n := node.(type) {
	case *actionlint.NullNode:
		return nil, nil
	case *actionlint.BoolNode:
		return n.Value, nil
	case *actionlint.IntNode:
		return float64(n.Value), nil
	case *actionlint.FloatNode:
		return n.Value, nil
	case *actionlint.StringNode:
		return n.Value, nil
	case *actionlint.VariableNode:
		v, ok := sc.contexts[strings.ToLower(n.Name)]
		if !ok {
			return nil, fmt.Errorf("the context %q is not emulated", n.Name)
		}
		return v, nil
	case *actionlint.ObjectDerefNode:
		recv, err := sc.eval(n.Receiver)
		if err != nil {
			return nil, err
		}
		return deref(recv, n.Property), nil
	case *actionlint.ArrayDerefNode:
		recv, err := sc.eval(n.Receiver)
		if err != nil {
			return nil, err
		}
		return elements(recv), nil
	case *actionlint.IndexAccessNode:
		return sc.index(n)
	case *actionlint.NotOpNode:
		v, err := sc.eval(n.Operand)
		return !truthy(v), err
	case *actionlint.CompareOpNode:
		return sc.compare(n)
	case *actionlint.LogicalOpNode:
		left, err := sc.eval(n.Left)
		if err != nil {
			return nil, err
		}
		if truthy(left) == (n.Kind == actionlint.LogicalOpNodeKindOr) {
			return left, nil
		}
		return sc.eval(n.Right)
	case *actionlint.FuncCallNode:
		return sc.call(n)
	default:
		return nil, fmt.Errorf("expression %T is not emulated", node)
	}
}

// deref is recv.prop; on the elements of a filter (a.*.prop), each one's.
func deref(recv any, prop string) any {
	switch r := recv.(type) {
	case map[string]any:
		return field(r, prop)
	case []any:
		var out []any
		for _, e := range r {
			if m, ok := e.(map[string]any); ok {
				if v := field(m, prop); v != nil {
					out = append(out, v)
				}
			}
		}
		return out
	default:
		return nil
	}
}

// elements is recv.*: an array's elements or an object's values.
func elements(recv any) []any {
	switch r := recv.(type) {
	case []any:
		return r
	case map[string]any:
		var out []any
		for _, v := range r {
			out = append(out, v)
		}
		return out
	default:
		return nil
	}
}

func (sc *scope) index(n *actionlint.IndexAccessNode) (any, error) {
	recv, err := sc.eval(n.Operand)
	if err != nil {
		return nil, err
	}
	idx, err := sc.eval(n.Index)
	if err != nil {
		return nil, err
	}
	switch r := recv.(type) {
	case []any:
		f := number(idx)
		if i := int(f); float64(i) == f && i >= 0 && i < len(r) {
			return r[i], nil
		}
	case map[string]any:
		if s, err := text(idx); err == nil {
			return field(r, s), nil
		}
	}
	return nil, nil
}

func (sc *scope) compare(n *actionlint.CompareOpNode) (any, error) {
	a, err := sc.eval(n.Left)
	if err != nil {
		return nil, err
	}
	b, err := sc.eval(n.Right)
	if err != nil {
		return nil, err
	}
	nan := !isString(a, b) && (math.IsNaN(number(a)) || math.IsNaN(number(b)))
	switch n.Kind {
	case actionlint.CompareOpNodeKindEq:
		return equal(a, b), nil
	case actionlint.CompareOpNodeKindNotEq:
		return !equal(a, b), nil
	case actionlint.CompareOpNodeKindLess:
		return !nan && less(a, b), nil
	case actionlint.CompareOpNodeKindLessEq:
		return !nan && !less(b, a), nil
	case actionlint.CompareOpNodeKindGreater:
		return !nan && less(b, a), nil
	case actionlint.CompareOpNodeKindGreaterEq:
		return !nan && !less(a, b), nil
	}
	return nil, fmt.Errorf("comparison %v is not emulated", n.Kind)
}

func isString(a, b any) bool {
	_, aok := a.(string)
	_, bok := b.(string)
	return aok && bok
}
