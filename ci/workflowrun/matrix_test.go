package main

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rhysd/actionlint"
)

func matrixOf(t *testing.T, yaml string) *actionlint.Matrix {
	t.Helper()
	src := "on: push\njobs:\n  j:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n" + yaml + "    steps:\n      - run: true\n"
	wf, errs := actionlint.Parse([]byte(src))
	if len(errs) > 0 {
		t.Fatalf("parse: %v", errs[0])
	}
	return wf.Jobs["j"].Strategy.Matrix
}

func TestExpand(t *testing.T) {
	tests := []struct {
		name, yaml string
		want       []string
	}{
		{"one row", "        shard: [1, 2, 3]\n", []string{"shard: 1", "shard: 2", "shard: 3"}},
		{"a product, rows by name", "        os: [a, b]\n        go: ['1.25', '1.26']\n",
			[]string{"go: 1.25, os: a", "go: 1.25, os: b", "go: 1.26, os: a", "go: 1.26, os: b"}},
		{"a row from needs", "        shard: ${{ fromJSON(needs.plan.outputs.shards) }}\n", []string{"shard: 1", "shard: 2", "shard: 3"}},
	}
	for _, tt := range tests {
		entries, err := expand(matrixOf(t, tt.yaml), testScope())
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		var got []string
		for _, e := range entries {
			got = append(got, label(e))
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: entries %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestExpandRefuses(t *testing.T) {
	for _, yaml := range []string{
		"        shard: [1]\n        include:\n          - shard: 2\n",
		"        shard: ${{ needs.plan.result }}\n", // not an array
	} {
		if _, err := expand(matrixOf(t, yaml), testScope()); err == nil {
			t.Errorf("expand(%q): no error", strings.TrimSpace(yaml))
		}
	}
	entries, err := expand(nil, testScope())
	if err != nil || len(entries) != 1 || len(entries[0]) != 0 {
		t.Errorf("expand(no matrix) = %v, %v; want one empty entry", entries, err)
	}
}
