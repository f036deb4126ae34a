package main

import (
	"strings"
	"testing"
)

func testScope() *scope {
	return &scope{
		status: status{success: true},
		contexts: map[string]any{
			"inputs": map[string]any{"boards": float64(40), "name": "chancecheck", "test": true, "solver": "", "go-version": ""},
			"matrix": map[string]any{"shard": float64(2)},
			"needs": map[string]any{"plan": map[string]any{
				"result":  "success",
				"outputs": map[string]any{"shards": "[1,2,3]"},
			}},
		},
	}
}

func TestInterpolate(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"${{ inputs.boards }} boards", "40 boards"},
		{"report-shard-${{ matrix.shard }}/${{ inputs.boards }}", "report-shard-2/40"},
		{"${{ inputs.NAME }}", "chancecheck"}, // property names ignore case
		{"${{ inputs.missing }}", ""},         // a missing property is null
		{"${{ inputs.test }}", "true"},
		{"${{ inputs.go-version == '' && 'go.mod' || '' }}", "go.mod"},
		{"${{ inputs.name == '' && 'go.mod' || '' }}", ""},
		{"${{ fromJSON(needs.plan.outputs.shards)[1] }}", "2"},
		{"${{ format('{0}-{1}', 'a', 1) }}", "a-1"},
		{"${{ format('{{0}}') }}", "{0}"},
		{"${{ join(fromJSON('[1,2]'), ' ') }}", "1 2"},
		{"${{ toJSON(fromJSON('[1]')) }}", "[\n  1\n]"},
		{"${{ contains('Hello', 'ell') }} ${{ startsWith('Hello', 'HE') }}", "true true"},
		{"${{ 1.5 }} ${{ 0x10 }}", "1.5 16"},
		{"a }} b ${{ 'x}}y' }}", "a }} b x}}y"},
	}
	for _, tt := range tests {
		got, err := testScope().interpolate(tt.in)
		if err != nil {
			t.Errorf("interpolate(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("interpolate(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestCondition(t *testing.T) {
	tests := []struct {
		cond string
		st   status
		want bool
	}{
		{"", status{success: true}, true},
		{"", status{failure: true}, false},
		{"${{ inputs.test }}", status{success: true}, true},
		{"inputs.test", status{failure: true}, false}, // success() && ... when no status function
		{"failure()", status{failure: true}, true},
		{"always()", status{failure: true}, true},
		{"${{ !cancelled() }}", status{failure: true}, true},
		{"${{ !cancelled() && needs.plan.result == 'success' }}", status{}, true},
		{"${{ inputs.solver != '' }}", status{success: true}, false},
		{"inputs.boards > 39 && inputs.boards <= 40", status{success: true}, true},
		{"'ABC' == 'abc'", status{success: true}, true},
		{"'1' == 1", status{success: true}, true},
		{"'x' == 0", status{success: true}, false}, // NaN equals nothing
		{"null == 0", status{success: true}, true},
		{"contains(fromJSON('[1,2]'), 2)", status{success: true}, true},
	}
	for _, tt := range tests {
		sc := testScope()
		sc.status = tt.st
		got, err := sc.condition(tt.cond)
		if err != nil {
			t.Errorf("condition(%q): %v", tt.cond, err)
			continue
		}
		if got != tt.want {
			t.Errorf("condition(%q) under %+v = %v, want %v", tt.cond, tt.st, got, tt.want)
		}
	}
}

func TestExpressionErrors(t *testing.T) {
	for _, in := range []string{
		"${{ secretz.x }}",           // no such context
		"${{ hashFiles('go.sum') }}", // not emulated
		"${{ inputs }}",              // an object in a string
		"${{ inputs.boards ",         // unclosed
		"${{ format('{1}', 'a') }}",  // no such argument
	} {
		if got, err := testScope().interpolate(in); err == nil {
			t.Errorf("interpolate(%q) = %q, want an error", in, got)
		} else if !strings.Contains(err.Error(), "${{") {
			t.Errorf("interpolate(%q): error %q does not quote the expression", in, err)
		}
	}
}

func TestValueKeepsType(t *testing.T) {
	v, err := testScope().value("${{ fromJSON(needs.plan.outputs.shards) }}")
	if err != nil {
		t.Fatal(err)
	}
	arr, ok := v.([]any)
	if !ok || len(arr) != 3 || arr[2] != float64(3) {
		t.Fatalf("value = %#v, want [1 2 3]", v)
	}
}
