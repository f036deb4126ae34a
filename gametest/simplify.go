package gametest

import (
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// MaxSimplifySteps bounds a chain of simplifications in the simplifiers
// check. Every simplifier must make boards smaller by a measure that cannot
// fall forever (Spec.Simplifiers); the built-in games' chains end within a
// few dozen steps, so a chain this long is taken for one that never ends.
const MaxSimplifySteps = 10000

// checkSimplifiers: every board g.Simpler offers for a generated board is
// valid (it writes and parses) and is not the board itself — which Define's
// Simpler ensures by dropping the candidates that are not — and simplifying
// again and again ends: from a generated board, rapid picks a candidate to
// follow at each step (shrinking toward the first, which the cross-check's
// search tries first), every candidate on the way is checked too, and the
// chain must end within MaxSimplifySteps steps without revisiting a board.
func checkSimplifiers(t rapid.TB, g props.Game, o options) {
	offered := 0
	rapid.Check(t, func(t *rapid.T) {
		b := g.Generator().Draw(t, "board")
		seen := map[string]int{} // input text → the step at which it was simplified
		for step := 0; ; step++ {
			input, _, err := reparse(g, []props.Board{b})
			if err != nil {
				t.Fatalf("step %d: the board being simplified is not valid: %v\nboard: %+v", step, err, b)
			}
			if at, ok := seen[input]; ok {
				t.Fatalf("simplifying comes back at step %d to the board it simplified at step %d: the simplifiers go round in a circle\nboard: %+v\ninput:\n%s",
					step, at, b, clip(input))
			}
			seen[input] = step
			cands := g.Simpler(b)
			offered += len(cands)
			for i, c := range cands {
				if ci, _, err := reparse(g, []props.Board{c}); err != nil {
					t.Fatalf("step %d: simpler board %d of %d is not valid: %v\nboard:   %+v\nsimpler: %+v\ninput:\n%s",
						step, i+1, len(cands), err, b, c, clip(ci))
				}
				if sameBoard(c, b) {
					t.Fatalf("step %d: simpler board %d of %d is the board itself\nboard: %+v", step, i+1, len(cands), b)
				}
			}
			if len(cands) == 0 {
				return
			}
			if step == o.maxSteps {
				t.Fatalf("simplifying does not end: %d simpler boards still offered after %d steps\nboard: %+v", len(cands), step, b)
			}
			b = cands[rapid.IntRange(0, len(cands)-1).Draw(t, "candidate")]
		}
	})
	if !t.Failed() && offered == 0 {
		t.Skipf("%s offers no simpler board for any generated board (Spec.Simplifiers): a failure check finds is only shrunk by rapid", g.Name())
	}
}
