package props

import (
	"reflect"
	"testing"
)

// Simpler drops the candidates of a simplifier that are not valid boards or
// are the board itself, so that the shrinker never hands a solver an
// invalid input; the valid ones keep their order.
func TestSimplerDropsInvalidAndSameBoards(t *testing.T) {
	s := coinsSpec()
	b := coinBoard{Coins: []int{2, 99}}
	invalid := coinBoard{Coins: []int{0}} // a coin that never lands heads
	s.Simplifiers = []func(coinBoard) []coinBoard{
		func(x coinBoard) []coinBoard { return []coinBoard{invalid, x} },
		coinsWithoutACoin,
	}
	got := Define(s).Simpler(b)
	want := []Board{coinBoard{Coins: []int{99}}, coinBoard{Coins: []int{2}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Simpler = %v, want %v", got, want)
	}
}
