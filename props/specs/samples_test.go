package specs

import "testing"

// Every game has its published samples embedded; TestConformance checks
// that each game answers them as published (a game without samples would
// only skip that check).
func TestEveryGameHasSamples(t *testing.T) {
	for _, g := range builtins() {
		if len(g.Samples()) == 0 {
			t.Errorf("%s: no published sample embedded", g.Name())
		}
	}
}
