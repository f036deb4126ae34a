package gametest

import (
	"math"
	"testing"
)

func TestSameBoard(t *testing.T) {
	type jump struct{ from, to int }
	type board struct {
		Jumps []jump
		Names map[string]int
		next  *board
		Any   any
		F     float64
	}
	loop := &board{}
	loop.next = loop
	loop2 := &board{}
	loop2.next = loop2
	tests := []struct {
		name string
		a, b any
		same bool
	}{
		{"nil and empty slice", board{}, board{Jumps: []jump{}}, true},
		{"nil and empty map", board{}, board{Names: map[string]int{}}, true},
		{"equal slices", board{Jumps: []jump{{4, 42}}}, board{Jumps: []jump{{4, 42}}}, true},
		{"an unexported field differs", board{Jumps: []jump{{4, 42}}}, board{Jumps: []jump{{4, 43}}}, false},
		{"a slice is longer", board{Jumps: []jump{{4, 42}}}, board{}, false},
		{"maps differ", board{Names: map[string]int{"a": 1}}, board{Names: map[string]int{"b": 1}}, false},
		{"pointers to equal boards", &board{F: 1}, &board{F: 1}, true},
		{"pointers to other boards", &board{F: 1}, &board{F: 2}, false},
		{"nil and non-nil pointer", board{}, board{next: &board{}}, false},
		{"cycles", loop, loop2, true},
		{"other dynamic types", board{Any: 1}, board{Any: int64(1)}, false},
		{"nil and empty inside an interface", board{Any: []int(nil)}, board{Any: []int{}}, true},
		{"NaN", board{F: math.NaN()}, board{F: math.NaN()}, false},
		{"other types", 1, int64(1), false},
		{"two nils", nil, nil, true},
	}
	for _, tc := range tests {
		if got := sameBoard(tc.a, tc.b); got != tc.same {
			t.Errorf("%s: sameBoard(%+v, %+v) = %v", tc.name, tc.a, tc.b, got)
		}
	}
}
