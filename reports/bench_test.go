package reports

import (
	"context"
	"testing"

	"github.com/chancecheck/chancecheck/props"
)

// BenchmarkRunDefaults is `chancecheck report` with its defaults (every game,
// samples + 40 generated boards, 20000 runs a board), whole and per game.
// Run it with -benchtime=1x: one iteration takes tens of seconds.
func BenchmarkRunDefaults(b *testing.B) {
	run := func(b *testing.B, games []props.Game) {
		opt := DefaultOptions()
		opt.Games = games
		for b.Loop() {
			r, _, err := Run(context.Background(), opt)
			if err != nil {
				b.Fatal(err)
			}
			if !r.Pass {
				b.Fatal("the report failed")
			}
		}
	}
	b.Run("all", func(b *testing.B) { run(b, builtins()) })
	for _, g := range builtins() {
		b.Run(g.Name(), func(b *testing.B) { run(b, []props.Game{g}) })
	}
}
