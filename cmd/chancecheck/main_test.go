package main

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/chancecheck/chancecheck/props"
	"github.com/chancecheck/chancecheck/props/specs"
)

// TestGamesAreTheBuiltins holds the command's own list of games equal to
// specs.All, which the tests of cli and reports run: the two lists cannot
// drift apart. Each game is compared, in order, by name and by whether its
// rules engine checks it, with which limits (a built-in without its rules,
// specs.Snakes say, has none).
func TestGamesAreTheBuiltins(t *testing.T) {
	describe := func(gs []props.Game) (names []string) {
		for _, g := range gs {
			var limits any = "no rules engine"
			if r, ok := g.(props.RulesEngineGame); ok {
				if l, ok := r.EngineLimits(); ok {
					limits = l
				}
			}
			names = append(names, fmt.Sprintf("%s %+v", g.Name(), limits))
		}
		return names
	}
	got, want := describe(games()), describe(specs.All())
	if !reflect.DeepEqual(got, want) {
		t.Errorf("cmd/chancecheck runs %q; specs.All is %q", got, want)
	}
}
