package generators

import "github.com/chancecheck/chancecheck/games/jenga"

// JengaClass names the coverage class of a tower by its levels and
// colours: "small" (at most 3 levels); else, when every colour is on at
// least a quarter of the blocks (rounded down: 4 of 18 at n = 6), a mixed
// tower, the kind with the most states: "tall-mixed" at 6 levels, "mixed"
// at 4 or 5; else "tall" at 6 levels, "medium" at 4 or 5. JengaWith's small
// style draws the first class, its tall-mixed style the mixed classes at
// its most levels; its any style spreads over all.
func JengaClass(t jenga.Tower) string {
	n := len(t.Levels)
	if n <= 3 {
		return "small"
	}
	var count [jenga.Blue + 1]int
	for _, l := range t.Levels {
		for _, c := range l {
			if c <= jenga.Blue {
				count[c]++
			}
		}
	}
	mixed := min(count[jenga.Red], count[jenga.Green], count[jenga.Blue]) >= jengaMixedLeast(n)
	switch {
	case n >= jenga.MaxLevels && mixed:
		return "tall-mixed"
	case n >= jenga.MaxLevels:
		return "tall"
	case mixed:
		return "mixed"
	}
	return "medium"
}
