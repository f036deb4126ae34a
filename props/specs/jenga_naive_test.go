package specs

import (
	"math"

	"github.com/chancecheck/chancecheck/games/jenga"
)

// jengaBuggy is a second, naive Jenga analyst for planting bugs: a memoised
// minimum over real towers (no canonical forms, so it can be made
// asymmetric), with knobs that each break one rule. Its real towers
// multiply fast: use it on towers of at most three levels.
type jengaBuggy struct {
	weights      [3]float64 // die faces of R, G, B; zero means 1, 2, 2
	maximise     bool       // the player makes the game last
	noRight      bool       // a right block is never taken
	bottomFrozen bool       // the bottom level never gives a block
	loneSide     bool       // a lower level standing on one side block does not fall
	topTakeable  bool       // blocks may be taken from a complete top
}

func (bug jengaBuggy) solver() JengaAnswer {
	return func(t jenga.Tower) (float64, error) {
		if err := t.Validate(); err != nil {
			return 0, err
		}
		w := bug.weights
		if w == ([3]float64{}) {
			w = [3]float64{1, 2, 2}
		}
		memo := map[string]float64{}
		var value func(t jenga.Tower) float64
		value = func(t jenga.Tower) float64 {
			key := t.String()
			if v, ok := memo[key]; ok {
				return v
			}
			top := len(t.Levels) - 1
			complete := t.Levels[top].Blocks() == 3
			var best [3]float64
			var has [3]bool
			for i, l := range t.Levels {
				if i == top && !(complete && bug.topTakeable) || i == 0 && bug.bottomFrozen {
					continue
				}
				for p, c := range l {
					if c == jenga.Empty || p == jenga.Right && bug.noRight {
						continue
					}
					rest := l
					rest[p] = jenga.Empty
					if !bug.stands(rest) {
						continue
					}
					for to := range 3 {
						if !complete && t.Levels[top][to] != jenga.Empty {
							continue
						}
						n := t.Clone()
						n.Levels[i][p] = jenga.Empty
						if complete {
							n.Levels = append(n.Levels, jenga.Level{})
						}
						n.Levels[len(n.Levels)-1][to] = c
						v := value(n)
						ci := int(c) - 1
						if !has[ci] || (v < best[ci]) != bug.maximise && v != best[ci] {
							best[ci], has[ci] = v, true
						}
					}
				}
			}
			num, den := 6.0, 0.0
			for ci := range best {
				if has[ci] {
					num += w[ci] * best[ci]
					den += w[ci]
				}
			}
			v := 0.0
			if den > 0 {
				v = num / den
			}
			memo[key] = v
			return v
		}
		v := value(t.Clone())
		if math.IsNaN(v) {
			v = math.Inf(1)
		}
		return v, nil
	}
}

// stands is the stability rule of a lower level, with the loneSide knob.
func (bug jengaBuggy) stands(l jenga.Level) bool {
	switch l.Blocks() {
	case 0:
		return false
	case 1:
		return bug.loneSide || l[jenga.Middle] != jenga.Empty
	}
	return true
}
