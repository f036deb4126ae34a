package engine

import "testing"

// TestStateIndex: states put in order get the indices 0, 1, 2, … (through
// several doublings of the table), each is found again at its index, a
// second put finds it rather than adding it, and a state never put is not
// found. The expected indices are the order of insertion, by definition.
func TestStateIndex(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		key  func(i int) [2]int16
	}{
		{"none", 0, nil},
		{"few", 5, func(i int) [2]int16 { return [2]int16{int16(i), 0} }},
		{"grown", 10_000, func(i int) [2]int16 { return [2]int16{int16(i % 100), int16(i / 100)} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			idx := newStateIndex[[2]int16](0)
			var states [][2]int16
			for i := range tc.n {
				s := tc.key(i)
				got, found := idx.findOrPut(s, states, int32(len(states)))
				if found || got != int32(i) {
					t.Fatalf("put %v: %d, %v; want %d, false", s, got, found, i)
				}
				states = append(states, s)
			}
			for i := range tc.n {
				s := tc.key(i)
				if got, ok := idx.find(s, states); !ok || got != int32(i) {
					t.Errorf("find %v: %d, %v; want %d, true", s, got, ok, i)
				}
				if got, found := idx.findOrPut(s, states, int32(len(states))); !found || got != int32(i) {
					t.Errorf("put %v again: %d, %v; want %d, true", s, got, found, i)
				}
			}
			if _, ok := idx.find([2]int16{-1, -1}, states); ok {
				t.Error("found a state never put")
			}
		})
	}
}
