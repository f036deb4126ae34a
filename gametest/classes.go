package gametest

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/chancecheck/chancecheck/internal/rapidflags"
	"github.com/chancecheck/chancecheck/props"
	"pgregory.net/rapid"
)

// classBoards is how many generated boards the classes check counts into
// classes for its log.
const classBoards = 100

// checkClasses: every generated board has a non-empty class, and the same
// one on every call (a class is what gen, check and reports count boards
// by, so it must be a function of the board). The classes of classBoards
// boards are logged, most frequent first: the mix a game's generator draws.
func checkClasses(t rapid.TB, g props.Game, _ options) {
	rapid.Check(t, func(t *rapid.T) {
		b := g.Generator().Draw(t, "board")
		c := g.Classify(b)
		if c == "" {
			t.Fatalf("Classify gives a board no class (the empty string)\nboard: %+v", b)
		}
		if again := g.Classify(b); again != c {
			t.Fatalf("Classify puts one board in class %q, then in %q: a class must be a function of the board\nboard: %+v", c, again, b)
		}
	})
	if t.Failed() {
		return
	}
	counts := map[string]int{}
	for i := range classBoards {
		counts[g.Classify(rapidflags.Example(g.Generator(), i))]++
	}
	t.Logf("%d generated boards in %d class(es): %s", classBoards, len(counts), describeCounts(counts))
	if len(counts) == 1 && counts[props.DefaultClass] == classBoards {
		t.Logf("every board is in class %q: Spec.Classify would show gen, check and reports which kinds of board were drawn", props.DefaultClass)
	}
}

// describeCounts lists classes by count, most first, then by name.
func describeCounts(counts map[string]int) string {
	names := slices.SortedFunc(maps.Keys(counts), func(a, b string) int {
		return cmp.Or(cmp.Compare(counts[b], counts[a]), cmp.Compare(a, b))
	})
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s %d", n, counts[n])
	}
	return strings.Join(parts, ", ")
}
